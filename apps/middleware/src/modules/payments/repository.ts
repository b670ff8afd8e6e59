import type { Executor } from '@actuate/service-kit';
import { and, eq } from 'drizzle-orm';
import { paymentCancellations, paymentNotifications, paymentPendings, paymentSessions } from './schema.ts';

export type PaymentNotificationRow = typeof paymentNotifications.$inferSelect;
export type NewPaymentNotification = typeof paymentNotifications.$inferInsert;
export type PaymentPendingRow = typeof paymentPendings.$inferSelect;

export async function insertSession(executor: Executor, session: typeof paymentSessions.$inferInsert) {
  await executor.insert(paymentSessions).values(session).onConflictDoNothing();
}

/** True when the notification is new; false when (pspReference, eventCode) was already recorded. */
export async function insertNotification(executor: Executor, row: NewPaymentNotification): Promise<boolean> {
  const inserted = await executor
    .insert(paymentNotifications)
    .values(row)
    .onConflictDoNothing()
    .returning({ pspReference: paymentNotifications.pspReference });
  return inserted.length > 0;
}

export function notificationsOfOrder(executor: Executor, orderId: string): Promise<PaymentNotificationRow[]> {
  return executor
    .select()
    .from(paymentNotifications)
    .where(eq(paymentNotifications.merchantReference, orderId));
}

export async function findNotification(
  executor: Executor,
  pspReference: string,
  eventCode: string,
): Promise<PaymentNotificationRow | undefined> {
  const [row] = await executor
    .select()
    .from(paymentNotifications)
    .where(
      and(eq(paymentNotifications.pspReference, pspReference), eq(paymentNotifications.eventCode, eventCode)),
    );
  return row;
}

/** True the first time an order's payment cancellation is requested. */
export async function insertCancellation(executor: Executor, orderId: string): Promise<boolean> {
  const inserted = await executor
    .insert(paymentCancellations)
    .values({ orderId })
    .onConflictDoNothing()
    .returning({ orderId: paymentCancellations.orderId });
  return inserted.length > 0;
}

export async function isCancellationRequested(executor: Executor, orderId: string): Promise<boolean> {
  const [row] = await executor
    .select({ orderId: paymentCancellations.orderId })
    .from(paymentCancellations)
    .where(eq(paymentCancellations.orderId, orderId));
  return row !== undefined;
}

export async function findSession(executor: Executor, id: string) {
  const [row] = await executor.select().from(paymentSessions).where(eq(paymentSessions.id, id));
  return row;
}

/** Records (or, for the same session, keeps) the order's pending payment. */
export async function insertPending(executor: Executor, row: typeof paymentPendings.$inferInsert) {
  await executor.insert(paymentPendings).values(row).onConflictDoNothing();
}

export function pendingsOfOrder(executor: Executor, orderId: string): Promise<PaymentPendingRow[]> {
  return executor.select().from(paymentPendings).where(eq(paymentPendings.orderId, orderId));
}
