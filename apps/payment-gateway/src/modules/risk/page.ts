import { fileURLToPath } from 'node:url';
import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { type BrowserBundle, bundleBrowserScript } from '../../shared/browser-bundle.ts';
import { gatewayError } from '../../shared/errors.ts';
import { htmlPage, scriptJson } from '../../shared/html.ts';
import type { MerchantService } from '../merchants/service.ts';
import { lazyOnce } from '../sdk-assets/widget-release.ts';

export const DFP_SCRIPT_ENTRY = fileURLToPath(new URL('./browser/dfp.ts', import.meta.url));

/** The page versions the widgets ask for (`DF_VERSION` of both our widget and adyen-web). */
const PAGE_FILE = /^dfp\.1\.0\.0\.html$/;

/** Origins change rarely; a short shared cache keeps the page cheap without pinning stale origins. */
const PAGE_MAX_AGE_SECONDS = 300;

const pageParams = z.object({ clientKey: z.string().min(1).max(256), file: z.string().min(1).max(64) });

/**
 * The device-fingerprint page `assets/html/{clientKey}/dfp.1.0.0.html` (also under `/checkoutshopper`,
 * where adyen-web's `_environmentUrls.api` points): only for a known, active client key (404 in the
 * gateway's format otherwise). No inline script: the script comes from a content-hashed URL, the CSP
 * allows nothing else, and only the key's allowed origins (and the gateway's own pages) may frame it.
 */
export function riskPageRoutes(app: ServiceApp, deps: { merchants: MerchantService; ownOrigin: string }) {
  const bundle: () => Promise<BrowserBundle> = lazyOnce(() => bundleBrowserScript(DFP_SCRIPT_ENTRY));
  const scriptPath = (hash: string) => `/assets/risk/dfp-${hash}.js`;

  for (const prefix of ['', '/checkoutshopper']) {
    app.get(
      `${prefix}/assets/html/:clientKey/:file`,
      {
        schema: { tags: ['client'], summary: 'Device-fingerprint frame page', params: pageParams },
      },
      async (request, reply) => {
        if (!PAGE_FILE.test(request.params.file)) throw gatewayError.notFound('No such page.');
        const grant = await deps.merchants.findClientKey(request.params.clientKey);
        if (!grant) throw gatewayError.notFound('No device-fingerprint page for this client key.');
        const origins = [...new Set([deps.ownOrigin, ...grant.allowedOrigins])];
        const { hash } = await bundle();
        const html = htmlPage(
          'Device fingerprint',
          `<script id="dfp-config" type="application/json">${scriptJson({ allowedOrigins: origins })}</script>
<script src="${scriptPath(hash)}" defer></script>`,
        );
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', `public, max-age=${PAGE_MAX_AGE_SECONDS}`)
          .header(
            'Content-Security-Policy',
            `default-src 'none'; script-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors ${origins.join(' ')}`,
          )
          .header('X-Content-Type-Options', 'nosniff')
          .header('Referrer-Policy', 'no-referrer')
          .send(html);
      },
    );
  }

  app.get(
    '/assets/risk/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(64) }) } },
    async (request, reply) => {
      const script = await bundle();
      if (request.params.file !== `dfp-${script.hash}.js`) throw gatewayError.notFound('No such script.');
      return reply
        .type('text/javascript; charset=utf-8')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .send(script.code);
    },
  );
}
