import type { Executor } from '@actuate/service-kit';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { notifications, webhookDeliveryAttempts } from './schema.ts';

export async function insertDeliveryAttempt(db: Executor, row: typeof webhookDeliveryAttempts.$inferInsert) {
  await db.insert(webhookDeliveryAttempts).values(row);
}

export async function attemptsOf(db: Executor, notificationIds: number[]) {
  if (notificationIds.length === 0) return [];
  return db
    .select()
    .from(webhookDeliveryAttempts)
    .where(inArray(webhookDeliveryAttempts.notificationId, notificationIds))
    .orderBy(asc(webhookDeliveryAttempts.id));
}

/** One notification of the merchant (undefined for another merchant's: scoping by account). */
export async function findOwnNotification(db: Executor, merchantAccount: string, id: number) {
  const [row] = await db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.merchantAccount, merchantAccount)));
  return row;
}

/** A resend that got through settles a notification the worker gave up on. */
export async function markFailedDelivered(db: Executor, id: number, at: Date) {
  await db
    .update(notifications)
    .set({ state: 'delivered', deliveredAt: at })
    .where(and(eq(notifications.id, id), eq(notifications.state, 'failed')));
}
