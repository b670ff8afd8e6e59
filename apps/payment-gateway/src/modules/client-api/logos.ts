import type { ServiceApp } from '@actuate/service-kit';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/** A method type or issuer id as it appears in a logo's file name. */
const logoFile = z.string().regex(/^[A-Za-z0-9_-]{1,64}\.svg$/);

const LOGO_WIDTH = 40;
const LOGO_HEIGHT = 26;

/**
 * A plain badge naming the method (or issuer): the sandbox has no brand artwork, and a badge keeps the
 * widgets' method lists and result views from showing broken images.
 */
export function logoSvg(name: string): string {
  const label = name.length > 10 ? name.slice(0, 10) : name;
  const fontSize = Math.min(9, Math.floor((LOGO_WIDTH - 4) / (label.length * 0.6)));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${LOGO_WIDTH}" height="${LOGO_HEIGHT}" viewBox="0 0 ${LOGO_WIDTH} ${LOGO_HEIGHT}">`,
    `<rect x="0.5" y="0.5" width="${LOGO_WIDTH - 1}" height="${LOGO_HEIGHT - 1}" rx="3" fill="#fff" stroke="#b9c4c9"/>`,
    `<text x="${LOGO_WIDTH / 2}" y="${LOGO_HEIGHT / 2}" font-family="sans-serif" font-size="${fontSize}" fill="#00112c" text-anchor="middle" dominant-baseline="central">${label}</text>`,
    '</svg>',
  ].join('');
}

function sendLogo(file: string, reply: FastifyReply) {
  return reply
    .type('image/svg+xml')
    .header('Cache-Control', 'public, max-age=86400')
    .send(logoSvg(file.replace(/\.svg$/, '')));
}

/**
 * Payment method and issuer logos where the widgets look for them, `images/logos/{type}.svg` and
 * `images/logos/{type}/{issuer}.svg` under the image CDN address (the gateway's). Public, like the
 * reference's CDN: an `<img>` sends no client key. The file names' pattern leaves nothing to escape.
 */
export function logoRoutes(app: ServiceApp) {
  for (const prefix of ['', '/checkoutshopper']) {
    app.get(
      `${prefix}/images/logos/:file`,
      {
        schema: {
          tags: ['client'],
          summary: 'A payment method’s logo',
          params: z.object({ file: logoFile }),
        },
      },
      (request, reply) => sendLogo(request.params.file, reply),
    );
    app.get(
      `${prefix}/images/logos/:type/:file`,
      {
        schema: {
          tags: ['client'],
          summary: 'An issuer’s logo',
          params: z.object({ type: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/), file: logoFile }),
        },
      },
      (request, reply) => sendLogo(request.params.file, reply),
    );
  }
}
