import type { ServiceApp } from '@actuate/service-kit';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { gatewayError } from '../../shared/errors.ts';
import { CSS_FILE, SCRIPT_FILE, type WidgetRelease } from './widget-release.ts';

/** Where a release's files live: `checkoutshopper/sdk/<version>/…`, the reference CDN's pattern. */
export const SDK_PREFIX = '/checkoutshopper/sdk';
export const sdkAssetUrl = (version: string, file: string) => `${SDK_PREFIX}/${version}/${file}`;

/**
 * Any site may load these (a merchant's page, with `integrity` + `crossorigin`), and a version's
 * bytes never change, so they are cached for good. Bundled from sources (no dist/ yet, development)
 * they can change between restarts under the same version, so they are revalidated instead.
 */
export function sendPublicAsset(
  reply: FastifyReply,
  type: string,
  body: Buffer | string,
  cache: { immutable: boolean },
) {
  return reply
    .type(type)
    .header('Cache-Control', cache.immutable ? 'public, max-age=31536000, immutable' : 'public, no-cache')
    .header('Access-Control-Allow-Origin', '*')
    .header('Cross-Origin-Resource-Policy', 'cross-origin')
    .send(body);
}

const sendAsset = (reply: FastifyReply, release: WidgetRelease, type: string, body: Buffer | string) =>
  sendPublicAsset(reply, type, body, { immutable: release.origin === 'dist' });

/**
 * The widget's SDK files by version: `actuate-checkout.min.js` (standalone IIFE), `.min.css` and
 * `integrity.json` (their sha384 hashes). Only the version of packages/checkout is served; another → 404.
 * The locale files under the same prefix are `translations-route.ts`.
 */
export function sdkAssetRoutes(app: ServiceApp, deps: { widget: () => Promise<WidgetRelease> }) {
  app.get(
    `${SDK_PREFIX}/:version/:file`,
    {
      schema: {
        tags: ['client'],
        summary: 'The standalone widget, its stylesheet or their integrity hashes, by version',
        params: z.object({ version: z.string().max(64), file: z.string().max(64) }),
      },
    },
    async (request, reply) => {
      const release = await deps.widget();
      const { version, file } = request.params;
      if (version !== release.version)
        throw gatewayError.notFound(`No widget version ${version}; this gateway serves ${release.version}.`);
      if (file === SCRIPT_FILE)
        return sendAsset(reply, release, 'text/javascript; charset=utf-8', release.script);
      if (file === CSS_FILE) return sendAsset(reply, release, 'text/css; charset=utf-8', release.css);
      if (file === 'integrity.json')
        return sendAsset(
          reply,
          release,
          'application/json; charset=utf-8',
          JSON.stringify({
            version: release.version,
            [SCRIPT_FILE]: release.integrity.script,
            [CSS_FILE]: release.integrity.css,
          }),
        );
      throw gatewayError.notFound(`No file ${file} in widget version ${version}.`);
    },
  );
}
