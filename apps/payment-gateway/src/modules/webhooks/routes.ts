import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { authenticatedContext } from '../../shared/context.ts';
import type { WebhookService } from './service.ts';

const querySchema = z.object({
  pspReference: z.string().max(64).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The delivery log: every notification with its delivery state and last attempt, newest first. */
export function webhookRoutes(app: ServiceApp, deps: { webhooks: WebhookService }) {
  app.get(
    '/webhooks/deliveries',
    { schema: { tags: ['merchant'], summary: 'Webhook delivery log', querystring: querySchema } },
    async (request) => {
      const context = authenticatedContext(request);
      return { deliveries: await deps.webhooks.list(context.merchant, request.query) };
    },
  );
}
