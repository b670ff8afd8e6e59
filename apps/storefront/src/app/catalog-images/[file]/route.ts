import { familyPictureSvg } from '@/content/family-pictures';

/*
 * The demo catalogue's product pictures: `/catalog-images/{FamilyID}.svg` (the platform's product
 * and category `xp.ImageUrl` point here). Schematic SVGs drawn by content/family-pictures.ts.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const match = /^([A-Za-z0-9-]{1,20})\.svg$/.exec(file);
  if (!match?.[1]) return new Response('Not found', { status: 404 });
  try {
    return new Response(familyPictureSvg(match[1]), {
      headers: {
        'content-type': 'image/svg+xml; charset=utf-8',
        'cache-control': 'public, max-age=86400',
        'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
      },
    });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}
