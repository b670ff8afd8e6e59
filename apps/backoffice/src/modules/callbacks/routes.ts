import { baseContext, notFound, type ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import type { CallbackService } from './service.ts';

const tags = ['callbacks'];

const DeliveryLogEntry = z.object({
  id: z.number(),
  eventId: z.string(),
  type: z.string(),
  subject: z.string(),
  sequence: z.number(),
  url: z.string(),
  state: z.enum(['Pending', 'Delivered', 'Failed']),
  attempts: z.number(),
  lastStatusCode: z.number().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  body: z.unknown(),
  attemptLog: z.array(
    z.object({
      attempt: z.number(),
      at: z.string(),
      statusCode: z.number().nullable(),
      error: z.string().nullable(),
      durationMs: z.number(),
    }),
  ),
});

export function callbackRoutes(app: ServiceApp, { callbacks }: { callbacks: CallbackService }) {
  app.get(
    '/callbacks',
    {
      schema: {
        tags,
        summary: 'Delivery log: every callback with its attempts and failures, newest first',
        querystring: z.object({
          subject: z.string().min(1).optional().describe('A sales order number, or registration:<id>'),
          state: z.enum(['Pending', 'Delivered', 'Failed']).optional(),
          before: z.coerce.number().int().min(1).optional().describe('Page: entries with a smaller id'),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: z.array(DeliveryLogEntry) },
      },
    },
    (request) => callbacks.list(baseContext(request), request.query),
  );

  app.post(
    '/callbacks/:eventId/redeliver',
    {
      schema: {
        tags,
        summary: 'Send a failed callback again (its retries ran out); later events of its subject follow it',
        params: z.object({ eventId: z.uuid() }),
        response: { 200: DeliveryLogEntry },
      },
    },
    async (request) => {
      const entry = await callbacks.redeliver(baseContext(request), request.params.eventId);
      if (!entry) throw notFound('callback-not-found', `No callback ${request.params.eventId}.`);
      return entry;
    },
  );

  app.get(
    '/callbacks/:eventId',
    {
      schema: {
        tags,
        summary: 'One callback with its attempts',
        params: z.object({ eventId: z.uuid() }),
        response: { 200: DeliveryLogEntry },
      },
    },
    async (request) => {
      const entry = await callbacks.get(baseContext(request), request.params.eventId);
      if (!entry) throw notFound('callback-not-found', `No callback ${request.params.eventId}.`);
      return entry;
    },
  );
}
