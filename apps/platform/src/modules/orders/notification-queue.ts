import { type QueueDefinition, whenBound } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { CHECKOUT_NOTIFICATION_QUEUE, type CheckoutNotificationJob } from './checkout.ts';
import type { WorksheetService } from './worksheet.ts';

/**
 * Retries of OrderSubmit / OrderSubmitForApproval / OrderApproved calls the middleware did not take:
 * backing off up to 5 minutes apart, for about an hour and a half. The job holds the caller's token
 * (OrderCloudAccessToken of the payload), so finished ones are kept a day only.
 */
export function checkoutNotificationQueue(
  worksheets: () => WorksheetService | undefined,
  log: () => FastifyBaseLogger,
): QueueDefinition<CheckoutNotificationJob> {
  return {
    name: CHECKOUT_NOTIFICATION_QUEUE,
    options: {
      retryLimit: 24,
      retryDelay: 2,
      retryBackoff: true,
      retryDelayMax: 300,
      deleteAfterSeconds: 86_400,
    },
    batchSize: 5,
    async handle(job) {
      await (await whenBound(worksheets, 'orders')).redeliverNotification(job.data, log());
    },
  };
}
