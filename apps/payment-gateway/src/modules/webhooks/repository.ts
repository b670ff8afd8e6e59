import type { Executor } from '@actuate/service-kit';
import { and, asc, desc, eq, getTableColumns, lt, lte, type SQL, sql } from 'drizzle-orm';
import { merchants } from '../merchants/schema.ts';
import { notifications, webhookDeliveryAttempts } from './schema.ts';

export type NotificationRow = typeof notifications.$inferSelect;
export type NewNotification = typeof notifications.$inferInsert;

export async function insertNotification(db: Executor, row: NewNotification) {
  const [inserted] = await db.insert(notifications).values(row).returning({ id: notifications.id });
  if (!inserted) throw new Error('notification not inserted');
  return inserted.id;
}

/**
 * The notifications still to deliver of the payment that notification `id` belongs to, up to and
 * including `id`, oldest first, each with its merchant's current HMAC key (one statement: the delivery
 * job knows only the notification's id).
 */
export async function pendingUpTo(db: Executor, id: number) {
  const paymentOfNotification = db
    .select({ paymentPspReference: notifications.paymentPspReference })
    .from(notifications)
    .where(eq(notifications.id, id));
  return db
    .select({ ...getTableColumns(notifications), hmacKeyHex: merchants.hmacKeyHex })
    .from(notifications)
    .leftJoin(merchants, eq(merchants.account, notifications.merchantAccount))
    .where(
      and(
        eq(notifications.paymentPspReference, paymentOfNotification),
        lte(notifications.id, id),
        eq(notifications.state, 'pending'),
      ),
    )
    .orderBy(asc(notifications.id));
}

export interface AttemptOutcome {
  at: Date;
  statusCode: number | null;
  error: string | null;
  delivered: boolean;
  final: boolean;
}

export async function recordAttempt(db: Executor, id: number, attempt: AttemptOutcome) {
  await updateAfterAttempt(db, id, attempt);
}

/**
 * A scheduled POST's row in the attempts log and the notification's new state, in one statement
 * (a data-modifying CTE: both are written or neither).
 */
export async function recordLoggedAttempt(
  db: Executor,
  logged: typeof webhookDeliveryAttempts.$inferInsert,
  attempt: AttemptOutcome,
) {
  const logRow = db
    .$with('logged_attempt')
    .as(db.insert(webhookDeliveryAttempts).values(logged).returning({ id: webhookDeliveryAttempts.id }));
  await updateAfterAttempt(db, logged.notificationId, attempt, logRow);
}

function updateAfterAttempt(
  db: Executor,
  id: number,
  attempt: AttemptOutcome,
  logRow?: Parameters<Executor['with']>[0],
) {
  return (logRow ? db.with(logRow) : db)
    .update(notifications)
    .set({
      attempts: sql`${notifications.attempts} + 1`,
      lastAttemptAt: attempt.at,
      lastStatusCode: attempt.statusCode,
      lastError: attempt.error,
      state: attempt.delivered ? 'delivered' : attempt.final ? 'failed' : 'pending',
      ...(attempt.delivered ? { deliveredAt: attempt.at } : {}),
    })
    .where(eq(notifications.id, id));
}

export interface NotificationFilter {
  merchantAccount: string;
  eventCode?: string | undefined;
  state?: 'pending' | 'delivered' | 'failed' | undefined;
  pspReference?: string | undefined;
  before?: number | undefined;
  limit: number;
}

/** The merchant's notifications, newest first, filtered by event code, delivery state or payment. */
export async function listNotifications(db: Executor, filter: NotificationFilter) {
  const conditions: SQL[] = [eq(notifications.merchantAccount, filter.merchantAccount)];
  if (filter.eventCode) conditions.push(eq(notifications.eventCode, filter.eventCode));
  if (filter.state) conditions.push(eq(notifications.state, filter.state));
  if (filter.pspReference) conditions.push(eq(notifications.paymentPspReference, filter.pspReference));
  if (filter.before) conditions.push(lt(notifications.id, filter.before));
  return db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.id))
    .limit(filter.limit);
}
