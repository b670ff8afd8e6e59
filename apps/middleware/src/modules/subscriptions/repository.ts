import type { Executor } from '@actuate/service-kit';
import { and, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { subscriptionFailures, subscriptionOrders } from './schema.ts';

export type SubscriptionOrderRow = typeof subscriptionOrders.$inferSelect;
export type SubscriptionFailureRow = typeof subscriptionFailures.$inferSelect;

/** Records the order once (a repeated call finds the first row). */
export async function ensureSubscriptionOrder(
  executor: Executor,
  row: { orderId: string; subscriptionId: string | null; unavailableProductIds: string[] },
): Promise<void> {
  await executor
    .insert(subscriptionOrders)
    .values({ ...row, state: 'Received' })
    .onConflictDoNothing();
}

/**
 * Claims the order for one submission attempt: only one call at a time (a claim older than
 * `staleAfterMs` is taken over, e.g. after a crash). Undefined when it is submitted or claimed.
 */
export async function claimSubscriptionOrder(
  executor: Executor,
  orderId: string,
  staleAfterMs: number,
): Promise<SubscriptionOrderRow | undefined> {
  const now = new Date();
  const [row] = await executor
    .update(subscriptionOrders)
    .set({
      state: 'Submitting',
      claimedAt: now,
      attempts: sql`${subscriptionOrders.attempts} + 1`,
      updatedAt: now,
    })
    .where(
      and(
        eq(subscriptionOrders.orderId, orderId),
        or(
          inArray(subscriptionOrders.state, ['Received', 'Failed']),
          and(
            eq(subscriptionOrders.state, 'Submitting'),
            lt(subscriptionOrders.claimedAt, new Date(now.getTime() - staleAfterMs)),
          ),
        ),
      ),
    )
    .returning();
  return row;
}

export async function findSubscriptionOrder(
  executor: Executor,
  orderId: string,
): Promise<SubscriptionOrderRow | undefined> {
  const [row] = await executor
    .select()
    .from(subscriptionOrders)
    .where(eq(subscriptionOrders.orderId, orderId));
  return row;
}

export async function updateSubscriptionOrder(
  executor: Executor,
  orderId: string,
  values: Partial<typeof subscriptionOrders.$inferInsert>,
): Promise<void> {
  await executor
    .update(subscriptionOrders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptionOrders.orderId, orderId));
}

export async function listSubscriptionOrders(
  executor: Executor,
  state?: string,
): Promise<SubscriptionOrderRow[]> {
  return executor
    .select()
    .from(subscriptionOrders)
    .where(state ? eq(subscriptionOrders.state, state) : undefined)
    .orderBy(desc(subscriptionOrders.updatedAt))
    .limit(100);
}

export async function insertSubscriptionFailure(
  executor: Executor,
  row: typeof subscriptionFailures.$inferInsert,
): Promise<void> {
  await executor.insert(subscriptionFailures).values(row);
}

export async function listSubscriptionFailures(
  executor: Executor,
  subscriptionId?: string,
): Promise<SubscriptionFailureRow[]> {
  return executor
    .select()
    .from(subscriptionFailures)
    .where(subscriptionId ? eq(subscriptionFailures.subscriptionId, subscriptionId) : undefined)
    .orderBy(desc(subscriptionFailures.receivedAt))
    .limit(100);
}
