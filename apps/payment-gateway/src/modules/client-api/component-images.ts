import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';

/**
 * Icons the official widget loads from `images/components/{name}.{svg|gif}` (status animations, hints,
 * chevrons). The sandbox draws its own simple glyphs; a name it does not know gets a neutral dot, so no
 * image request fails. A `.gif` is answered with the SVG too: browsers render an `<img>` by its
 * content type, not its extension.
 */
const GLYPHS: Record<string, { color: string; body: string }> = {
  success: {
    color: '#0abf53',
    body: '<circle cx="12" cy="12" r="10"/><path d="M7 12.5l3.2 3L17 9" fill="none"/>',
  },
  error: { color: '#d10244', body: '<circle cx="12" cy="12" r="10"/><path d="M8.5 8.5l7 7M15.5 8.5l-7 7"/>' },
  heart: {
    color: '#d10244',
    body: '<path d="M12 20s-7-4.4-7-9.5A3.9 3.9 0 0 1 12 8a3.9 3.9 0 0 1 7 2.5C19 15.6 12 20 12 20z"/>',
  },
  info: { color: '#687282', body: '<circle cx="12" cy="12" r="10"/><path d="M12 11v6M12 7.5v.5"/>' },
  arrow_down: { color: '#00112c', body: '<path d="M6 9l6 6 6-6" fill="none"/>' },
  cross_black: { color: '#00112c', body: '<path d="M6 6l12 12M18 6L6 18"/>' },
  bento_lock: {
    color: '#687282',
    body: '<rect x="5" y="11" width="14" height="9" rx="2"/><path d="M8 11V8a4 4 0 0 1 8 0v3" fill="none"/>',
  },
  qr: {
    color: '#00112c',
    body: '<rect x="4" y="4" width="6" height="6"/><rect x="14" y="4" width="6" height="6"/><rect x="4" y="14" width="6" height="6"/><path d="M14 14h2v2h-2zM18 18h2v2h-2z"/>',
  },
  bank: { color: '#00112c', body: '<path d="M3 10l9-6 9 6M5 10v8M9 10v8M15 10v8M19 10v8M3 20h18"/>' },
  expiry_date_hint: {
    color: '#687282',
    body: '<rect x="3" y="5" width="18" height="14" rx="2" fill="none"/><path d="M12 14h6"/>',
  },
};

const NEUTRAL = { color: '#b9c4c9', body: '<circle cx="12" cy="12" r="4"/>' };

export function componentImageSvg(name: string): string {
  const glyph = Object.hasOwn(GLYPHS, name) ? (GLYPHS[name] ?? NEUTRAL) : NEUTRAL;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24"',
    ` stroke="${glyph.color}" fill="none" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">`,
    glyph.body,
    '</svg>',
  ].join('');
}

const componentFile = z.string().regex(/^[A-Za-z0-9_-]{1,64}\.(svg|gif|png)$/);

export function componentImageRoutes(app: ServiceApp) {
  for (const prefix of ['', '/checkoutshopper']) {
    app.get(
      `${prefix}/images/components/:file`,
      {
        schema: {
          tags: ['client'],
          summary: 'An icon of the widget (status, hints, chevrons)',
          params: z.object({ file: componentFile }),
        },
      },
      (request, reply) =>
        reply
          .type('image/svg+xml')
          .header('Cache-Control', 'public, max-age=86400')
          .send(componentImageSvg(request.params.file.replace(/\.(svg|gif|png)$/, ''))),
    );
  }
}
