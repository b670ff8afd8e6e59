import type { ServiceApp } from '@actuate/service-kit';
import { authenticatedContext } from '../../../../shared/context.ts';
import { answerIdempotently } from '../../../../shared/http.ts';
import type { IdempotencyService } from '../../../idempotency/service.ts';
import type { MerchantService } from '../../../merchants/service.ts';
import { balanceCheckRequestSchema, type GiftCardBalanceService } from './balance.ts';

/** Merchant API: `POST /paymentMethods/balance` (registered under every API version). */
export function giftCardRoutes(
  app: ServiceApp,
  deps: { balances: GiftCardBalanceService; merchants: MerchantService; idempotency: IdempotencyService },
) {
  app.post(
    '/paymentMethods/balance',
    {
      schema: {
        tags: ['merchant'],
        summary: 'Balance of a gift card or meal voucher',
        body: balanceCheckRequestSchema,
      },
    },
    async (request, reply) => {
      const context = authenticatedContext(request);
      deps.merchants.assertMerchantAccount(context.merchant, request.body.merchantAccount);
      return answerIdempotently(deps.idempotency, request, reply, 200, () =>
        deps.balances.check(context, request.body),
      );
    },
  );
}
