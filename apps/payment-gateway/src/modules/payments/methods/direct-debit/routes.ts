import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { authenticatedContext } from '../../../../shared/context.ts';
import { answerIdempotently } from '../../../../shared/http.ts';
import type { IdempotencyService } from '../../../idempotency/service.ts';
import type { MerchantService } from '../../../merchants/service.ts';
import type { DirectDebitChargebacks } from './chargeback.ts';

const bodySchema = z.looseObject({
  merchantAccount: z.string().min(1),
  reasonCode: z.string().min(1).max(16).optional(),
  reason: z.string().min(1).max(256).optional(),
});
const paramsSchema = z.object({ pspReference: z.string().min(1).max(64) });

/**
 * Sandbox: simulate the shopper's bank charging back a SEPA or ACH direct debit (merchant API key).
 * Registered only where the sandbox tools are on (not in production mode).
 */
export function directDebitRoutes(
  app: ServiceApp,
  deps: { chargebacks: DirectDebitChargebacks; merchants: MerchantService; idempotency: IdempotencyService },
) {
  app.post(
    '/sandbox/payments/:pspReference/chargebacks',
    {
      schema: {
        tags: ['merchant'],
        summary: 'Simulate a direct-debit chargeback (sandbox)',
        params: paramsSchema,
        body: bodySchema,
      },
    },
    async (request, reply) => {
      const context = authenticatedContext(request);
      deps.merchants.assertMerchantAccount(context.merchant, request.body.merchantAccount);
      return answerIdempotently(deps.idempotency, request, reply, 201, () =>
        deps.chargebacks.simulate(context, request.params.pspReference, request.body),
      );
    },
  );
}
