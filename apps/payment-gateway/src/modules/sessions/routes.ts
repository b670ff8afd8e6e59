import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { authenticatedContext, shopperContext } from '../../shared/context.ts';
import { answerIdempotently } from '../../shared/http.ts';
import type { IdempotencyService } from '../idempotency/service.ts';
import type { MerchantService } from '../merchants/service.ts';
import {
  balanceCheckRequestSchema,
  type GiftCardBalanceService,
} from '../payments/methods/gift-card/balance.ts';
import { amountSchema, paymentDetailsRequestSchema } from '../payments/models.ts';
import { createSessionSchema, sessionDataBodySchema } from './models.ts';
import type { SessionService } from './service.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export function sessionMerchantRoutes(
  app: ServiceApp,
  deps: { sessions: SessionService; merchants: MerchantService; idempotency: IdempotencyService },
) {
  app.post(
    '/sessions',
    { schema: { tags: ['merchant'], summary: 'Create a checkout session', body: createSessionSchema } },
    async (request, reply) => {
      const context = authenticatedContext(request);
      deps.merchants.assertMerchantAccount(context.merchant, request.body.merchantAccount);
      return answerIdempotently(deps.idempotency, request, reply, 201, () =>
        deps.sessions.create(context, request.body),
      );
    },
  );

  app.get(
    '/sessions/:id',
    {
      schema: {
        tags: ['merchant'],
        summary: 'Result of a checkout session',
        params: idParams,
        querystring: z.object({ sessionResult: z.string().min(1).max(4096) }),
      },
    },
    async (request) =>
      deps.sessions.result(authenticatedContext(request), request.params.id, request.query.sessionResult),
  );
}

export function sessionClientRoutes(app: ServiceApp, deps: { sessions: SessionService }) {
  app.post(
    '/v1/sessions/:id/setup',
    {
      schema: {
        tags: ['client'],
        summary: 'Session setup for the widget',
        params: idParams,
        body: sessionDataBodySchema,
      },
    },
    async (request) =>
      deps.sessions.setup(
        shopperContext(request),
        request.params.id,
        request.body.sessionData,
        request.body.order,
      ),
  );

  app.post(
    '/v1/sessions/:id/orders',
    {
      schema: {
        tags: ['client'],
        summary: 'Open a partial-payment order for the session',
        params: idParams,
        body: sessionDataBodySchema,
      },
    },
    async (request) =>
      deps.sessions.createOrder(shopperContext(request), request.params.id, request.body.sessionData),
  );

  app.post(
    '/v1/sessions/:id/orders/cancel',
    {
      schema: {
        tags: ['client'],
        summary: 'Cancel the session’s partial-payment order',
        params: idParams,
        body: sessionDataBodySchema,
      },
    },
    async (request) =>
      deps.sessions.cancelOrder(
        shopperContext(request),
        request.params.id,
        request.body.sessionData,
        request.body.order,
      ),
  );

  app.post(
    '/v1/sessions/:id/payments',
    {
      schema: {
        tags: ['client'],
        summary: 'Session payment from the widget',
        params: idParams,
        body: sessionDataBodySchema,
      },
    },
    async (request) => deps.sessions.pay(shopperContext(request), request.params.id, request.body),
  );

  app.post(
    '/v1/sessions/:id/paymentDetails',
    {
      schema: {
        tags: ['client'],
        summary: 'Session payment details from the widget',
        params: idParams,
        body: paymentDetailsRequestSchema.extend(sessionDataBodySchema.shape),
      },
    },
    async (request) => deps.sessions.paymentDetails(shopperContext(request), request.params.id, request.body),
  );
}

/** Client `v1/sessions/{id}/paymentMethodBalance`: a gift card's balance against the session's amount. */
export function sessionBalanceRoutes(
  app: ServiceApp,
  deps: { sessions: SessionService; balances: GiftCardBalanceService },
) {
  app.post(
    '/v1/sessions/:id/paymentMethodBalance',
    {
      schema: {
        tags: ['client'],
        summary: 'Gift-card balance check from the widget',
        params: idParams,
        body: sessionDataBodySchema.extend({
          paymentMethod: balanceCheckRequestSchema.shape.paymentMethod,
          amount: amountSchema.optional(),
        }),
      },
    },
    async (request) =>
      deps.sessions.paymentMethodBalance(
        shopperContext(request),
        request.params.id,
        request.body,
        deps.balances,
      ),
  );
}
