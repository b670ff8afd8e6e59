import { baseContext, type ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { problems } from '../../shared/responses.ts';
import type { OrderEventsService } from './service.ts';

export const ORDER_CANCELLED_PATH = '/webhooks/order-cancelled';

/** OrderCloud's post-hook payload, as far as this hook reads it (the rest passes through). */
const OrderCancelledPayload = z.looseObject({
  Route: z.enum(['v1/orders/{direction}/{orderID}/cancel', 'v1/orders/{direction}/{orderID}/decline']),
  RouteParams: z.looseObject({ direction: z.string().min(1), orderID: z.string().min(1).max(256) }),
  Verb: z.literal('POST'),
  LogID: z.string().max(256).nullish(),
  Response: z
    .looseObject({
      Body: z.looseObject({ ID: z.string().optional(), Status: z.string().optional() }).nullish(),
    })
    .optional(),
});

/** What the hook did with the event (`OrderCancelledResult`). */
const OrderCancelledAnswer = z.discriminatedUnion('outcome', [
  z.object({ outcome: z.literal('accepted'), orderId: z.string(), status: z.string() }),
  z.object({ outcome: z.literal('duplicate'), orderId: z.string() }),
  z.object({ outcome: z.literal('ignored'), orderId: z.string(), reason: z.string() }),
]);

/** The order-cancelled post-hook (register inside the `X-oc-hash` scope). */
export function orderEventRoutes(app: ServiceApp, service: OrderEventsService): void {
  app.post(
    ORDER_CANCELLED_PATH,
    {
      schema: {
        tags: ['order-events'],
        summary: 'Post-hook of order cancel and decline: void or refund the card payment, cancel in the ERP',
        description:
          'OrderCloud webhook payload signed with `X-oc-hash`. Acknowledged at once: the payment cancellation and the ERP cancellation run as jobs. Idempotent per order (a redelivery answers `duplicate`); a decline that sends the order back to the cart (`Unsubmitted`) is `ignored`.',
        body: OrderCancelledPayload,
        response: { 200: OrderCancelledAnswer, ...problems(400, 401) },
      },
    },
    (request) => service.orderCancelled(baseContext(request), request.body),
  );
}
