import {
  OrderWorksheet,
  SubscriptionIntegrationPayload,
  SubscriptionIntegrationResponse,
} from '@actuate/contracts';
import { baseContext, notFound, type ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { requireAdminKey } from '../../shared/admin-key.ts';
import { Problem, problems, Timestamp } from '../../shared/responses.ts';
import type { SubscriptionFailureRow, SubscriptionOrderRow } from './repository.ts';
import type { SubscriptionService } from './service.ts';

const tags = ['subscriptions'];
/** The token is absent when the integration names no API client (we use our own admin client anyway). */
const SuccessPayload = SubscriptionIntegrationPayload.extend({ OrderCloudAccessToken: z.string().nullish() });
/** A failure may come without an order (the platform could not create it). */
const FailurePayload = SuccessPayload.extend({ OrderWorksheet: OrderWorksheet.nullish() });

/** The hook's answer under every status it uses; a 400 may also be a problem (a body that fails validation). */
const HookAnswer = SubscriptionIntegrationResponse;
const successResponses = {
  200: HookAnswer,
  400: z.union([HookAnswer, Problem]),
  401: Problem,
  409: HookAnswer,
  422: HookAnswer,
  502: HookAnswer,
};

const SubscriptionOrder = z.object({
  OrderID: z.string(),
  SubscriptionID: z.string().nullable(),
  State: z.enum(['Received', 'Submitting', 'Submitted', 'Failed']),
  ShipMethodID: z.string().nullable(),
  UnavailableProductIDs: z.array(z.string()),
  Message: z.string().nullable(),
  Attempts: z.int(),
  DateCreated: Timestamp,
  DateUpdated: Timestamp,
});

const SubscriptionFailure = z.object({
  ID: z.string(),
  SubscriptionID: z.string().nullable(),
  OrderID: z.string().nullable(),
  ErrorCode: z.string().nullable(),
  UnavailableProductIDs: z.array(z.string()),
  Environment: z.string().nullable(),
  DateReceived: Timestamp,
});

/** The platform's subscription integration (register inside an `X-oc-hash` scope). */
export function subscriptionHookRoutes(app: ServiceApp, service: SubscriptionService): void {
  app.post(
    '/subscriptions/success',
    {
      schema: {
        tags,
        summary:
          'A subscription order was created: submit it (once) — answers {HttpStatusCode, UnhandledErrorBody}',
        body: SuccessPayload,
        response: successResponses,
      },
    },
    async (request, reply) => {
      const answer = await service.success(baseContext(request), request.body);
      return reply.status(answer.HttpStatusCode as keyof typeof successResponses).send(answer);
    },
  );
  app.post(
    '/subscriptions/failure',
    {
      schema: {
        tags,
        summary: 'A subscription run failed on the platform: recorded for the operators',
        body: FailurePayload,
        response: { 200: HookAnswer, ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const answer = await service.failure(baseContext(request), request.body);
      return reply.status(answer.HttpStatusCode as 200).send(answer);
    },
  );
}

const orderView = (row: SubscriptionOrderRow) => ({
  OrderID: row.orderId,
  SubscriptionID: row.subscriptionId,
  State: row.state as z.infer<typeof SubscriptionOrder>['State'],
  ShipMethodID: row.shipMethodId,
  UnavailableProductIDs: row.unavailableProductIds as string[],
  Message: row.message,
  Attempts: row.attempts,
  DateCreated: row.createdAt.toISOString(),
  DateUpdated: row.updatedAt.toISOString(),
});

const failureView = (row: SubscriptionFailureRow) => ({
  ID: row.id,
  SubscriptionID: row.subscriptionId,
  OrderID: row.orderId,
  ErrorCode: row.errorCode,
  UnavailableProductIDs: row.unavailableProductIds as string[],
  Environment: row.environment,
  DateReceived: row.receivedAt.toISOString(),
});

/** Operator views (x-api-key). */
export function subscriptionAdminRoutes(
  app: ServiceApp,
  service: SubscriptionService,
  adminKey: string,
): void {
  const preHandler = requireAdminKey(adminKey);
  app.get(
    '/subscriptions/orders',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Operator: subscription orders and their submission (newest first, 100)',
        querystring: z.object({
          state: z.enum(['Received', 'Submitting', 'Submitted', 'Failed']).optional(),
        }),
        response: { 200: z.object({ Items: z.array(SubscriptionOrder) }), ...problems(400, 401) },
      },
    },
    async (request) => ({
      Items: (await service.orders(baseContext(request), request.query.state)).map(orderView),
    }),
  );
  app.get(
    '/subscriptions/orders/:orderId',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Operator: one subscription order',
        params: z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) }),
        response: { 200: SubscriptionOrder, ...problems(400, 401, 404) },
      },
    },
    async (request) => {
      const row = await service.order(baseContext(request), request.params.orderId);
      if (!row)
        throw notFound('not-a-subscription-order', `No subscription order ${request.params.orderId}.`);
      return orderView(row);
    },
  );
  app.get(
    '/subscriptions/failures',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Operator: failed subscription runs reported by the platform (newest first, 100)',
        querystring: z.object({ subscriptionId: z.string().min(1).max(100).optional() }),
        response: { 200: z.object({ Items: z.array(SubscriptionFailure) }), ...problems(400, 401) },
      },
    },
    async (request) => ({
      Items: (await service.failures(baseContext(request), request.query.subscriptionId)).map(failureView),
    }),
  );
}
