import type { Executor } from '@actuate/service-kit';
import { and, desc, eq } from 'drizzle-orm';
import { checkoutEvents } from './schema.ts';

export type CheckoutEventRow = typeof checkoutEvents.$inferSelect;

export async function insertCheckoutEvent(
  executor: Executor,
  event: { orderId: string; eventType: string; environment: string; worksheet: unknown },
): Promise<CheckoutEventRow> {
  const [row] = await executor.insert(checkoutEvents).values(event).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function latestCheckoutEvent(
  executor: Executor,
  orderId: string,
  eventType?: string,
): Promise<CheckoutEventRow | undefined> {
  const [row] = await executor
    .select()
    .from(checkoutEvents)
    .where(
      eventType
        ? and(eq(checkoutEvents.orderId, orderId), eq(checkoutEvents.eventType, eventType))
        : eq(checkoutEvents.orderId, orderId),
    )
    .orderBy(desc(checkoutEvents.receivedAt))
    .limit(1);
  return row;
}

export async function findCheckoutEvent(
  executor: Executor,
  id: string,
): Promise<CheckoutEventRow | undefined> {
  const [row] = await executor.select().from(checkoutEvents).where(eq(checkoutEvents.id, id));
  return row;
}
