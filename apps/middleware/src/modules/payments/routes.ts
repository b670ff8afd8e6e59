import { type ServiceApp, unauthorized } from '@actuate/service-kit';
import { z } from 'zod';
import { type CallerKeys, requireAdminKey, requireStorefrontKey } from '../../shared/admin-key.ts';
import { problems, Timestamp } from '../../shared/responses.ts';
import type { PaymentService } from './service.ts';

const NotificationItemBody = z.looseObject({
  pspReference: z.string().min(1).max(64),
  originalReference: z.string().max(64).optional(),
  merchantAccountCode: z.string().min(1),
  merchantReference: z.string().min(1).max(256),
  amount: z.object({ value: z.int(), currency: z.string().regex(/^[A-Z]{3}$/) }),
  eventCode: z.string().min(1).max(64),
  success: z.enum(['true', 'false']),
  eventDate: z.string().optional(),
  reason: z.string().optional(),
  paymentMethod: z.string().optional(),
  additionalData: z.record(z.string(), z.unknown()).optional(),
});

const NotificationBody = z.looseObject({
  live: z.enum(['true', 'false']),
  notificationItems: z
    .array(z.object({ NotificationRequestItem: NotificationItemBody }))
    .min(1)
    .max(100),
});

const SessionBody = z.strictObject({
  orderId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
  returnUrl: z.url().max(1024),
  shopperLocale: z.string().min(2).max(16).optional(),
  countryCode: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
});

const PendingBody = z.strictObject({
  sessionId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  sessionResult: z.string().min(1).max(4096),
});

const Amount = z.object({ value: z.int().describe('Minor units'), currency: z.string() });

/** What the widget needs to mount the payment session (`SessionForWidget`). */
const PaymentSession = z.object({
  id: z.string(),
  sessionData: z.string(),
  clientKey: z.string(),
  environmentUrl: z.string(),
  orderId: z.string(),
  amount: Amount,
  returnUrl: z.string(),
  expiresAt: z.string().optional(),
});

const OrderPayments = z.object({
  orderId: z.string(),
  authorised: z.record(z.string(), z.int()).describe('Amount authorised per currency, minor units'),
  notifications: z.array(
    z.object({
      pspReference: z.string(),
      originalReference: z.string().nullable(),
      eventCode: z.string(),
      success: z.boolean(),
      amount: Amount,
      reason: z.string().nullable(),
      paymentMethod: z.string().nullable(),
      eventDate: z.string().nullable(),
      receivedAt: Timestamp,
    }),
  ),
});

export function paymentRoutes(app: ServiceApp, service: PaymentService, keys: CallerKeys): void {
  app.get(
    '/payments/orders/:orderId',
    {
      preHandler: requireAdminKey(keys.operator),
      schema: {
        tags: ['payments'],
        summary: 'Operator view: the gateway notifications recorded for an order and the amount authorised',
        params: z.object({ orderId: z.string().min(1).max(256) }),
        response: { 200: OrderPayments, ...problems(400, 401) },
      },
    },
    async (request) => {
      const notifications = await service.notifications(request.params.orderId);
      const currencies = [...new Set(notifications.map((row) => row.currency))];
      const authorised: Record<string, number> = {};
      for (const currency of currencies) {
        authorised[currency] = await service.authorisedAmount(request.params.orderId, currency);
      }
      return {
        orderId: request.params.orderId,
        authorised,
        notifications: notifications.map((row) => ({
          pspReference: row.pspReference,
          originalReference: row.originalReference,
          eventCode: row.eventCode,
          success: row.success,
          amount: { value: row.amountMinor, currency: row.currency },
          reason: row.reason,
          paymentMethod: row.paymentMethod,
          eventDate: row.eventDate,
          receivedAt: row.receivedAt.toISOString(),
        })),
      };
    },
  );

  app.post(
    '/payments/sessions',
    {
      onRequest: requireStorefrontKey(keys),
      schema: {
        tags: ['payments'],
        summary: 'A gateway payment session for an order’s total, with what the widget needs',
        description:
          'Called by the storefront’s server (`x-api-key`) with the buyer’s platform access token (`Authorization: Bearer …`): the order is read through it, so only its owner can pay it. Answers `{id, sessionData, clientKey, environmentUrl, amount, orderId, returnUrl, expiresAt}`.',
        body: SessionBody,
        response: { 201: PaymentSession, ...problems(400, 401, 404, 422, 502) },
      },
    },
    async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1])
        throw unauthorized('missing-token', 'Send the buyer’s platform token as a Bearer token.');
      const session = await service.createSession(match[1], request.body);
      return reply.status(201).send(session);
    },
  );

  app.post(
    '/payments/orders/:orderId/pending',
    {
      onRequest: requireStorefrontKey(keys),
      schema: {
        tags: ['payments'],
        summary: 'Reports a payment the gateway holds as pending, so the order can be placed on it',
        description:
          'Called by the storefront’s server (`x-api-key`) with the buyer’s platform token after the widget answered `Received`, `Pending` or `PresentToShopper`. The middleware asks the gateway for the session’s result (the `sessionResult` the widget was given proves it); when a payment waits, it is recorded, the platform payment is Accepted with `xp.PaymentStatus` Pending (and the transfer instructions the gateway reports), and the pre-submit check lets the order through. Answers `{state: Pending}`, or `{state: Authorised}` when the session is already paid.',
        params: z.object({ orderId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) }),
        body: PendingBody,
        response: {
          200: z.object({ state: z.enum(['Pending', 'Authorised']) }),
          ...problems(400, 401, 404, 422, 502),
        },
      },
    },
    async (request) => {
      const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
      if (!match?.[1])
        throw unauthorized('missing-token', 'Send the buyer’s platform token as a Bearer token.');
      return service.recordPending(match[1], { ...request.body, orderId: request.params.orderId });
    },
  );

  app.post(
    '/webhooks/payments',
    {
      schema: {
        tags: ['payments'],
        summary: 'Standard webhooks of the payment gateway; answers [accepted]',
        description:
          'Every item’s `additionalData.hmacSignature` must be the HMAC-SHA256 (hex-decoded key) of the eight signed fields, else 401 and nothing is recorded. Idempotent by pspReference + eventCode.',
        body: NotificationBody,
        response: { 200: z.literal('[accepted]'), ...problems(400, 401) },
      },
    },
    async (request, reply) => {
      const recorded = await service.receiveNotifications(
        request.body.notificationItems.map((entry) => entry.NotificationRequestItem),
      );
      request.log.info({ recorded, items: request.body.notificationItems.length }, 'payment notifications');
      return reply.status(200).type('text/plain').send('[accepted]');
    },
  );
}
