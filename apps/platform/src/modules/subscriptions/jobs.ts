import { randomUUID } from 'node:crypto';
import type { QueueDefinition } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { SubscriptionRuns } from './runs.ts';

/** The pg-boss queue of subscription runs; a schedule sends it one job every few minutes. */
export const SUBSCRIPTION_RUN_QUEUE = 'subscription-run';

/** `*\/N * * * *`: every N minutes (1–59). */
export const everyMinutes = (minutes: number) => (minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`);

/**
 * The queue whose job runs the due subscriptions. No retries of the job itself: the next scheduled
 * run picks up whatever failed (runs are idempotent per subscription and order date).
 */
export function subscriptionRunQueue(
  /** Undefined until the app is built: a job picked up that early is simply done. */
  runs: () => SubscriptionRuns | undefined,
  log: () => FastifyBaseLogger,
): QueueDefinition {
  return {
    name: SUBSCRIPTION_RUN_QUEUE,
    options: { retryLimit: 0, deleteAfterSeconds: 24 * 3600 },
    batchSize: 1,
    async handle() {
      const runner = runs();
      if (!runner) return [];
      const done = await runner.runDue({
        now: new Date(),
        log: log(),
        requestId: `job-${randomUUID()}`,
      });
      if (done.length > 0) log().info({ runs: done }, 'subscription runs');
      return done;
    },
  };
}
