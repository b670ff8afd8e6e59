import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { gatewayError } from '../../shared/errors.ts';
import { escapeHtml, htmlPage } from '../../shared/html.ts';
import { NONPROFIT_SLUGS, nonprofitName } from './campaigns.ts';

const COLOURS: Record<string, { fill: string; accent: string }> = {
  'green-canopy': { fill: '#1f6f43', accent: '#a7d7b8' },
  'clean-seas': { fill: '#0b4f80', accent: '#9fd0f0' },
};

/** A plain artwork for a non-profit (the sandbox has none of its own): a logo disc or a banner. */
export function donationImageSvg(slug: string, kind: 'logo' | 'banner'): string {
  const { fill, accent } = COLOURS[slug] ?? { fill: '#333', accent: '#ccc' };
  const name = escapeHtml(nonprofitName(slug) ?? slug);
  if (kind === 'logo')
    return `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64"><circle cx="32" cy="32" r="31" fill="${fill}"/><path d="M32 14c8 8 12 16 12 22a12 12 0 0 1-24 0c0-6 4-14 12-22z" fill="${accent}"/></svg>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="160" viewBox="0 0 640 160"><rect width="640" height="160" fill="${fill}"/><path d="M0 120c80-30 160-30 240 0s160 30 240 0 120-30 160-10v50H0z" fill="${accent}"/><text x="24" y="56" font-family="sans-serif" font-size="28" fill="#fff">${name}</text></svg>`;
}

const IMAGE_FILES = NONPROFIT_SLUGS.flatMap((slug) => [`${slug}-logo.svg`, `${slug}-banner.svg`]);
const imageParams = z.object({ file: z.enum(IMAGE_FILES as [string, ...string[]]) });

/**
 * What a campaign links to, public like a CDN: the non-profits' logos and banners, a page per
 * non-profit and the Giving terms. Only known names are served; nothing is built from the request.
 */
export function donationPageRoutes(app: ServiceApp) {
  app.get(
    '/donations/images/:file',
    { schema: { tags: ['client'], summary: 'A non-profit’s logo or banner', params: imageParams } },
    (request, reply) => {
      const [, slug = '', kind] = /^(.+)-(logo|banner)\.svg$/.exec(request.params.file) ?? [];
      return reply
        .type('image/svg+xml')
        .header('Cache-Control', 'public, max-age=86400')
        .send(donationImageSvg(slug, kind === 'logo' ? 'logo' : 'banner'));
    },
  );
  app.get(
    '/donations/nonprofits/:slug',
    {
      schema: {
        tags: ['client'],
        summary: 'A non-profit’s page',
        params: z.object({ slug: z.string().max(64) }),
      },
    },
    (request, reply) => {
      const name = nonprofitName(request.params.slug);
      if (!name) throw gatewayError.notFound('No such non-profit.');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          htmlPage(
            name,
            `<main><h1>${escapeHtml(name)}</h1><p>A sandbox non-profit: donations made in the sandbox move no money.</p></main>`,
          ),
        );
    },
  );
  app.get('/donations/terms', { schema: { tags: ['client'], summary: 'Giving terms' } }, (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send(
        htmlPage(
          'Donation terms',
          '<main><h1>Donation terms</h1><p>Donations are passed on in full to the non-profit named in the campaign. In the sandbox no money moves.</p></main>',
        ),
      ),
  );
}
