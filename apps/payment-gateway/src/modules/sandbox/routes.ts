import { baseContext, type ServiceApp } from '@actuate/service-kit';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { type Config, DEMO_DASHBOARD_EMAIL, DEMO_DASHBOARD_PASSWORD, sandboxPagesOn } from '../../config.ts';
import { gatewayError } from '../../shared/errors.ts';
import type { MerchantService } from '../merchants/service.ts';
import { amountSchema } from '../payments/models.ts';
import type { PaymentService } from '../payments/service.ts';
import type { SessionService } from '../sessions/service.ts';
import { SANDBOX_COUNTRIES, SANDBOX_CSS, SANDBOX_SCRIPT, sandboxPage } from './page.ts';
import { lazyWidgetBundle, type WidgetBundle } from './widget-bundle.ts';

/**
 * The sandbox page at `/` and `/sandbox` (the widget's standalone build, bundled from
 * packages/checkout on first use), its assets, and the demo merchant's server side it uses: create a
 * session, read its result. The page is the merchant here: the API key stays on the server.
 */
export function sandboxRoutes(
  app: ServiceApp,
  deps: {
    sessions: SessionService;
    payments: PaymentService;
    merchants: MerchantService;
    config: Config;
    /** The widget bundle; by default built with esbuild on the first request and kept. */
    widget?: () => Promise<WidgetBundle>;
  },
) {
  if (!sandboxPagesOn(deps.config)) return;
  const widget = deps.widget ?? lazyWidgetBundle();
  const publicOrigin = new URL(deps.config.PUBLIC_URL).origin;
  // Strict: scripts and styles only from files of this origin, calls/frames/forms only to the gateway.
  const policy = [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self' ${publicOrigin}`,
    `frame-src ${publicOrigin}`,
    `form-action 'self' ${publicOrigin}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  const demoMerchant = async () => {
    const merchant = await deps.merchants.findMerchant(deps.config.PAYMENT_MERCHANT_ACCOUNT);
    if (!merchant) throw gatewayError.forbidden('The demo merchant is not provisioned.');
    return merchant;
  };

  for (const path of ['/', '/sandbox']) {
    app.get(
      path,
      { schema: { tags: ['sandbox'], summary: 'Sandbox page: test cards and a payment with the widget' } },
      async (_request, reply) => {
        const { hash } = await widget();
        const html = sandboxPage({
          clientKey: deps.config.PAYMENT_CLIENT_KEY,
          publicUrl: deps.config.PUBLIC_URL,
          widgetScript: `/sandbox/assets/actuate-checkout-${hash}.js`,
          widgetCss: `/sandbox/assets/checkout-${hash}.css`,
          dashboardDemoLogin:
            deps.config.DASHBOARD_PASSWORD === undefined &&
            deps.config.DASHBOARD_EMAIL === DEMO_DASHBOARD_EMAIL
              ? { email: DEMO_DASHBOARD_EMAIL, password: DEMO_DASHBOARD_PASSWORD }
              : undefined,
        });
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .header('Content-Security-Policy', policy)
          .header('Referrer-Policy', 'no-referrer')
          .send(html);
      },
    );
  }
  const asset = (reply: FastifyReply, type: string, body: string, immutable: boolean) =>
    reply
      .type(type)
      .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .send(body);
  app.get('/sandbox/sandbox.js', { schema: { hide: true } }, async (_request, reply) =>
    asset(reply, 'text/javascript; charset=utf-8', SANDBOX_SCRIPT, false),
  );
  app.get('/sandbox/sandbox.css', { schema: { hide: true } }, async (_request, reply) =>
    asset(reply, 'text/css; charset=utf-8', SANDBOX_CSS, false),
  );
  app.get(
    '/sandbox/assets/:file',
    { schema: { hide: true, params: z.object({ file: z.string().max(100) }) } },
    async (request, reply) => {
      const bundle = await widget();
      const { file } = request.params;
      if (file === `actuate-checkout-${bundle.hash}.js`)
        return asset(reply, 'text/javascript; charset=utf-8', bundle.script, true);
      if (file === `checkout-${bundle.hash}.css`)
        return asset(reply, 'text/css; charset=utf-8', bundle.css, true);
      throw gatewayError.notFound('No such sandbox asset.');
    },
  );

  // Plays the merchant server for the sandbox page: a session of the demo merchant.
  app.post(
    '/sandbox/sessions',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Create a demo-merchant session for the sandbox page',
        body: z.object({ amount: amountSchema, countryCode: z.enum(SANDBOX_COUNTRIES).optional() }),
      },
    },
    async (request, reply) => {
      const merchant = await demoMerchant();
      const session = await deps.sessions.create(
        { ...baseContext(request), merchant },
        {
          amount: request.body.amount,
          ...(request.body.countryCode ? { countryCode: request.body.countryCode } : {}),
          merchantAccount: merchant.account,
          reference: `sandbox-${Date.now()}`,
          returnUrl: `${deps.config.PUBLIC_URL}/sandbox`,
        },
      );
      return reply.status(201).send({ id: session.id, sessionData: session.sessionData });
    },
  );
  // …and reads its result as a merchant would (GET /sessions/{id}), with the last payment's pspReference.
  app.get(
    '/sandbox/sessions/:id/result',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Result of a sandbox-page session',
        params: z.object({ id: z.string().min(1).max(100) }),
        querystring: z.object({ sessionResult: z.string().min(1).max(4096) }),
      },
    },
    async (request) => {
      const merchant = await demoMerchant();
      const context = { ...baseContext(request), merchant };
      const result = await deps.sessions.result(context, request.params.id, request.query.sessionResult);
      const last = (await deps.payments.sessionPayments(result.id)).at(-1);
      return {
        id: result.id,
        status: result.status,
        ...(last ? { pspReference: last.pspReference, resultCode: last.resultCode } : {}),
      };
    },
  );
}
