import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { authenticatedContext } from '../../shared/context.ts';
import { answerIdempotently } from '../../shared/http.ts';
import type { IdempotencyService } from '../idempotency/service.ts';
import type { MerchantService } from '../merchants/service.ts';
import { amountSchema } from '../payments/models.ts';
import type { ModificationKind } from './schema.ts';
import type { ModificationService } from './service.ts';

const modificationBodySchema = z.looseObject({
  merchantAccount: z.string().min(1),
  amount: amountSchema.optional(),
  reference: z.string().max(256).optional(),
  merchantRefundReason: z.enum(['FRAUD', 'CUSTOMER REQUEST', 'RETURN', 'DUPLICATE', 'OTHER']).optional(),
});

const paramsSchema = z.object({ pspReference: z.string().min(1).max(64) });

const PATHS: Record<string, ModificationKind> = {
  captures: 'capture',
  refunds: 'refund',
  cancels: 'cancel',
  reversals: 'reversal',
};

export function modificationRoutes(
  app: ServiceApp,
  deps: { modifications: ModificationService; merchants: MerchantService; idempotency: IdempotencyService },
) {
  for (const [path, kind] of Object.entries(PATHS)) {
    app.post(
      `/payments/:pspReference/${path}`,
      {
        schema: {
          tags: ['merchant'],
          summary: `${kind[0]?.toUpperCase()}${kind.slice(1)} a payment`,
          params: paramsSchema,
          body: modificationBodySchema,
        },
      },
      async (request, reply) => {
        const context = authenticatedContext(request);
        deps.merchants.assertMerchantAccount(context.merchant, request.body.merchantAccount);
        return answerIdempotently(deps.idempotency, request, reply, 201, () =>
          deps.modifications.modify(context, kind, request.params.pspReference, request.body),
        );
      },
    );
  }
}
