import type { Executor } from '@actuate/service-kit';
import { and, asc, desc, eq, inArray, lt } from 'drizzle-orm';
import { analyticsAttempts, analyticsEvents } from './schema.ts';

export type AnalyticsAttemptRow = typeof analyticsAttempts.$inferSelect;
export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;
export type AnalyticsEventKind = AnalyticsEventRow['kind'];

export async function insertAttempt(db: Executor, row: typeof analyticsAttempts.$inferInsert) {
  await db.insert(analyticsAttempts).values(row);
}

export async function findAttempt(db: Executor, merchantAccount: string, checkoutAttemptId: string) {
  const [row] = await db
    .select()
    .from(analyticsAttempts)
    .where(
      and(
        eq(analyticsAttempts.checkoutAttemptId, checkoutAttemptId),
        eq(analyticsAttempts.merchantAccount, merchantAccount),
      ),
    );
  return row;
}

export async function insertEvents(db: Executor, rows: (typeof analyticsEvents.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(analyticsEvents).values(rows);
}

/** A merchant's attempts, newest first (optionally one attempt id). */
export function listAttempts(
  db: Executor,
  merchantAccount: string,
  query: { checkoutAttemptId?: string | undefined; limit: number },
) {
  return db
    .select()
    .from(analyticsAttempts)
    .where(
      and(
        eq(analyticsAttempts.merchantAccount, merchantAccount),
        query.checkoutAttemptId
          ? eq(analyticsAttempts.checkoutAttemptId, query.checkoutAttemptId)
          : undefined,
      ),
    )
    .orderBy(desc(analyticsAttempts.createdAt))
    .limit(query.limit);
}

export function listEventsOf(db: Executor, merchantAccount: string, attemptIds: string[]) {
  if (attemptIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(analyticsEvents)
    .where(
      and(
        eq(analyticsEvents.merchantAccount, merchantAccount),
        inArray(analyticsEvents.checkoutAttemptId, attemptIds),
      ),
    )
    .orderBy(asc(analyticsEvents.id));
}

/** Deletes what is older than `before` (events of a deleted attempt go with it). */
export async function deleteOlderThan(db: Executor, before: Date) {
  await db.delete(analyticsEvents).where(lt(analyticsEvents.createdAt, before));
  await db.delete(analyticsAttempts).where(lt(analyticsAttempts.createdAt, before));
}
