import { baseContext, type ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { gatewayError } from '../../shared/errors.ts';
import type { MerchantService } from '../merchants/service.ts';
import { amountSchema } from '../payments/contracts.ts';
import type { SessionService } from '../sessions/service.ts';
import { SANDBOX_SCRIPT, sandboxPage } from './page.ts';

/** The sandbox page at `/` and `/sandbox`, and the demo merchant's session endpoint it uses. */
export function sandboxRoutes(
  app: ServiceApp,
  deps: { sessions: SessionService; merchants: MerchantService; config: Config },
) {
  if (!deps.config.SANDBOX_PAGES) return;
  const html = sandboxPage({ clientKey: deps.config.PAYMENT_CLIENT_KEY, publicUrl: deps.config.PUBLIC_URL });
  for (const path of ['/', '/sandbox']) {
    app.get(
      path,
      { schema: { tags: ['sandbox'], summary: 'Sandbox page: test cards and a trial payment' } },
      async (_request, reply) => reply.type('text/html; charset=utf-8').send(html),
    );
  }
  app.get('/sandbox/sandbox.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').send(SANDBOX_SCRIPT),
  );
  // Plays the merchant server for the sandbox page: a session of the demo merchant.
  app.post(
    '/sandbox/sessions',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Create a demo-merchant session for the sandbox page',
        body: z.object({ amount: amountSchema }),
      },
    },
    async (request, reply) => {
      const merchant = await deps.merchants.findMerchant(deps.config.PAYMENT_MERCHANT_ACCOUNT);
      if (!merchant) throw gatewayError.forbidden('The demo merchant is not provisioned.');
      const session = await deps.sessions.create(
        { ...baseContext(request), merchant },
        {
          amount: request.body.amount,
          merchantAccount: merchant.account,
          reference: `sandbox-${Date.now()}`,
          returnUrl: `${deps.config.PUBLIC_URL}/sandbox`,
        },
      );
      return reply.status(201).send({ id: session.id, sessionData: session.sessionData });
    },
  );
}
