import type { ServiceApp } from '@actuate/service-kit';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { escapeHtml, htmlPage, scriptJson } from '../../shared/html.ts';
import { normaliseOrigin } from '../../shared/http.ts';
import { BRAND_RULES } from '../cards/brands.ts';
import type { GatewayKeys } from '../crypto/service.ts';
import type { MerchantService } from '../merchants/service.ts';
import type { FrameBundles } from './bundle.ts';

const frameQuery = z.looseObject({
  type: z.string().max(64).optional(),
  /** base64 of the parent page's origin, as adyen-web sends it. */
  d: z.string().max(1024).optional(),
  /** The parent page's origin in clear (our widget may send this instead of `d`). */
  origin: z.string().max(1024).optional(),
});

function parentOriginFrom(query: z.infer<typeof frameQuery>): string | undefined {
  if (query.origin) return normaliseOrigin(query.origin);
  if (!query.d) return undefined;
  try {
    return normaliseOrigin(Buffer.from(query.d, 'base64').toString('utf8'));
  } catch {
    return undefined;
  }
}

const refuse = (reply: FastifyReply, status: number, message: string) =>
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(htmlPage('Secured field', `<p role="alert">${escapeHtml(message)}</p>`));

/** The version path segment our widget requests (`SECURED_FIELDS_VERSION` in packages/checkout). */
export const WIDGET_FRAME_VERSION = '1.0.0';

/**
 * Which protocol the frame speaks: our widget's (it asks for version 1.0.0, or gives its origin in
 * clear) or the official @adyen/adyen-web library's (any other version, e.g. its `SF_VERSION` 6.3.0
 * or 5.3.1, with the origin as `d`).
 */
export const speaksWidgetProtocol = (version: string, query: { origin?: string | undefined }) =>
  version === WIDGET_FRAME_VERSION || query.origin !== undefined;

/**
 * The secured-field frame page: `securedfields/{clientKey}/{version}/securedFields.html?type=…&d=…`.
 * The parent origin must be allowed for the client key; the page may be framed by that origin only
 * and talks to it only. The scripts are bundled from `packages/checkout/src/secured-fields`.
 */
export function securedFieldRoutes(
  app: ServiceApp,
  deps: { merchants: MerchantService; keys: GatewayKeys; frameScripts: FrameBundles; ownOrigin: string },
) {
  const scriptPath = `/securedfields/assets/frame-${deps.frameScripts.widget.hash}.js`;
  const adyenWebScriptPath = `/securedfields/assets/adyen-web-frame-${deps.frameScripts.adyenWeb.hash}.js`;
  const brands = BRAND_RULES.map(
    ({ brand, prefixes, lengths, cvcLength, cvcPolicy, expiryDatePolicy, luhn }) => ({
      brand,
      prefixes,
      lengths,
      cvcLength,
      cvcPolicy,
      expiryDatePolicy,
      luhn,
    }),
  );

  for (const prefix of ['', '/checkoutshopper']) {
    app.get(
      `${prefix}/securedfields/:clientKey/:version/securedFields.html`,
      {
        schema: {
          tags: ['client'],
          summary: 'Secured-field frame page',
          params: z.object({ clientKey: z.string().min(1).max(256), version: z.string().min(1).max(32) }),
          querystring: frameQuery,
        },
      },
      async (request, reply) => {
        const grant = await deps.merchants.findClientKey(request.params.clientKey);
        if (!grant) return refuse(reply, 401, 'Invalid clientKey.');
        const parentOrigin = parentOriginFrom(request.query);
        if (!parentOrigin)
          return refuse(reply, 400, 'The parent origin is missing (query parameter d or origin).');
        if (parentOrigin !== deps.ownOrigin && !grant.allowedOrigins.includes(parentOrigin)) {
          return refuse(reply, 403, `Origin ${parentOrigin} is not allowed for this client key.`);
        }
        const config = { publicKey: deps.keys.publicJwk, parentOrigin, brands };
        const html = htmlPage(
          'Secured field',
          `<input id="sf-input" type="text" inputmode="numeric" spellcheck="false" autocorrect="off" autocapitalize="off">
<input id="sf-holder-name" type="text" autocomplete="cc-name" tabindex="-1" aria-hidden="true" class="sf-hidden">
<script id="sf-config" type="application/json">${scriptJson(config)}</script>
<script src="${speaksWidgetProtocol(request.params.version, request.query) ? scriptPath : adyenWebScriptPath}" defer></script>`,
          `<style>
html,body{margin:0;padding:0;height:100%;background:transparent;overflow:hidden}
#sf-input{box-sizing:border-box;width:100%;height:100%;border:0;outline:none;background:transparent;font:inherit;font-size:16px;padding:0 2px}
#sf-input::placeholder{color:#6b6b6b;opacity:1}
.sf-hidden{position:absolute;left:-9999px;width:1px;height:1px;opacity:0}
</style>`,
        );
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .header(
            'Content-Security-Policy',
            `default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; connect-src 'none'; frame-ancestors ${parentOrigin}`,
          )
          .header('Referrer-Policy', 'no-referrer')
          .send(html);
      },
    );
  }

  for (const [path, bundle] of [
    [scriptPath, deps.frameScripts.widget],
    [adyenWebScriptPath, deps.frameScripts.adyenWeb],
  ] as const) {
    app.get(path, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .send(bundle.code),
    );
  }
}
