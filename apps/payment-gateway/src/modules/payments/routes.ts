import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { authenticatedContext } from '../../shared/context.ts';
import { answerIdempotently } from '../../shared/http.ts';
import type { IdempotencyService } from '../idempotency/service.ts';
import type { MerchantService } from '../merchants/service.ts';
import {
  amountSchema,
  orderReferenceSchema,
  paymentDetailsRequestSchema,
  paymentRequestSchema,
} from './models.ts';
import type { PaymentService } from './service.ts';

const paymentMethodsRequestSchema = z.looseObject({
  merchantAccount: z.string().min(1),
  amount: amountSchema.optional(),
  countryCode: z.string().length(2).optional(),
  shopperLocale: z.string().optional(),
  shopperReference: z.string().min(1).max(256).optional(),
  channel: z.enum(['iOS', 'Android', 'Web']).optional(),
  allowedPaymentMethods: z.array(z.string()).optional(),
  blockedPaymentMethods: z.array(z.string()).optional(),
  /** A partial-payment order: the methods listed are those for what remains of it. */
  order: orderReferenceSchema.optional(),
});

export function paymentRoutes(
  app: ServiceApp,
  deps: { payments: PaymentService; merchants: MerchantService; idempotency: IdempotencyService },
) {
  app.post(
    '/paymentMethods',
    {
      schema: {
        tags: ['merchant'],
        summary: 'Payment methods available for a payment',
        body: paymentMethodsRequestSchema,
      },
    },
    async (request, reply) => {
      const context = authenticatedContext(request);
      deps.merchants.assertMerchantAccount(context.merchant, request.body.merchantAccount);
      return answerIdempotently(deps.idempotency, request, reply, 200, () =>
        deps.payments.paymentMethods(context, request.body),
      );
    },
  );

  app.post(
    '/payments',
    { schema: { tags: ['merchant'], summary: 'Start a payment', body: paymentRequestSchema } },
    async (request, reply) => {
      const context = authenticatedContext(request);
      deps.merchants.assertMerchantAccount(context.merchant, request.body.merchantAccount);
      return answerIdempotently(
        deps.idempotency,
        request,
        reply,
        200,
        () => deps.payments.authorise(context, request.body),
        (pspReference) => deps.payments.answerFor(context, pspReference),
      );
    },
  );

  app.post(
    '/payments/details',
    {
      schema: {
        tags: ['merchant'],
        summary: 'Submit details of an action (3DS2 results)',
        body: paymentDetailsRequestSchema,
      },
    },
    async (request, reply) => {
      const context = authenticatedContext(request);
      return answerIdempotently(deps.idempotency, request, reply, 200, () =>
        deps.payments.details(context, request.body),
      );
    },
  );
}
