import type { Executor } from '@actuate/service-kit';
import { eq } from 'drizzle-orm';
import { orderCancellations } from './schema.ts';

export type OrderCancellationRow = typeof orderCancellations.$inferSelect;

/** True when the order's cancellation is new; false when it was recorded already. */
export async function insertOrderCancellation(
  executor: Executor,
  row: typeof orderCancellations.$inferInsert,
): Promise<boolean> {
  const inserted = await executor
    .insert(orderCancellations)
    .values(row)
    .onConflictDoNothing()
    .returning({ orderId: orderCancellations.orderId });
  return inserted.length > 0;
}

export async function findOrderCancellation(
  executor: Executor,
  orderId: string,
): Promise<OrderCancellationRow | undefined> {
  const [row] = await executor
    .select()
    .from(orderCancellations)
    .where(eq(orderCancellations.orderId, orderId));
  return row;
}
