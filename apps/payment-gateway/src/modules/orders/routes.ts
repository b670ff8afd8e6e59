import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { authenticatedContext, shopperContext } from '../../shared/context.ts';
import { answerIdempotently } from '../../shared/http.ts';
import type { IdempotencyService } from '../idempotency/service.ts';
import type { MerchantService } from '../merchants/service.ts';
import { amountSchema, orderReferenceSchema } from '../payments/models.ts';
import type { OrderService } from './service.ts';

const createOrderSchema = z.looseObject({
  amount: amountSchema,
  merchantAccount: z.string().min(1),
  reference: z.string().min(1).max(256),
  expiresAt: z.iso.datetime({ offset: true }).optional(),
});

const cancelOrderSchema = z.looseObject({
  merchantAccount: z.string().min(1),
  order: orderReferenceSchema,
});

/** Merchant API: open and cancel partial-payment orders. */
export function orderMerchantRoutes(
  app: ServiceApp,
  deps: { orders: OrderService; merchants: MerchantService; idempotency: IdempotencyService },
) {
  app.post(
    '/orders',
    { schema: { tags: ['merchant'], summary: 'Open a partial-payment order', body: createOrderSchema } },
    async (request, reply) => {
      const context = authenticatedContext(request);
      deps.merchants.assertMerchantAccount(context.merchant, request.body.merchantAccount);
      return answerIdempotently(deps.idempotency, request, reply, 200, () =>
        deps.orders.create(context, request.body),
      );
    },
  );

  app.post(
    '/orders/cancel',
    {
      schema: {
        tags: ['merchant'],
        summary: 'Cancel a partial-payment order (its payments are rolled back)',
        body: cancelOrderSchema,
      },
    },
    async (request, reply) => {
      const context = authenticatedContext(request);
      deps.merchants.assertMerchantAccount(context.merchant, request.body.merchantAccount);
      return answerIdempotently(deps.idempotency, request, reply, 200, () =>
        deps.orders.cancel(context, request.body.order),
      );
    },
  );
}

/** Client API: the widget reads an order's payments and remaining amount. */
export function orderClientRoutes(app: ServiceApp, deps: { orders: OrderService }) {
  app.post(
    '/v1/order/status',
    {
      schema: {
        tags: ['client'],
        summary: 'Status of a partial-payment order',
        body: z.looseObject({ orderData: z.string().min(1).max(16_384) }),
      },
    },
    async (request) => deps.orders.status(shopperContext(request), request.body.orderData),
  );
}
