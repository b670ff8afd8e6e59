import type { Executor } from '@actuate/service-kit';
import { orderCancellations } from './schema.ts';

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
