import type { Executor } from '@actuate/service-kit';
import { and, asc, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import { type CallbackState, callbackAttempts, callbackEvents } from './schema.ts';

export type CallbackRow = typeof callbackEvents.$inferSelect;
export type AttemptRow = typeof callbackAttempts.$inferSelect;

export async function insertCallback(db: Executor, row: typeof callbackEvents.$inferInsert): Promise<number> {
  const [inserted] = await db.insert(callbackEvents).values(row).returning({ id: callbackEvents.id });
  if (!inserted) throw new Error('callback not inserted');
  return inserted.id;
}

export async function findCallback(db: Executor, id: number): Promise<CallbackRow | undefined> {
  const [row] = await db.select().from(callbackEvents).where(eq(callbackEvents.id, id));
  return row;
}

export async function findCallbackByEventId(db: Executor, eventId: string): Promise<CallbackRow | undefined> {
  const [row] = await db.select().from(callbackEvents).where(eq(callbackEvents.eventId, eventId));
  return row;
}

export async function recordAttempt(
  db: Executor,
  callback: CallbackRow,
  attempt: {
    at: Date;
    statusCode: number | null;
    error: string | null;
    durationMs: number;
    state: CallbackState;
  },
): Promise<void> {
  await db.insert(callbackAttempts).values({
    callbackId: callback.id,
    attempt: callback.attempts + 1,
    statusCode: attempt.statusCode,
    error: attempt.error,
    durationMs: attempt.durationMs,
    attemptedAt: attempt.at,
  });
  await db
    .update(callbackEvents)
    .set({
      attempts: callback.attempts + 1,
      lastAttemptAt: attempt.at,
      lastStatusCode: attempt.statusCode,
      lastError: attempt.error,
      state: attempt.state,
      ...(attempt.state === 'Delivered' ? { deliveredAt: attempt.at } : {}),
    })
    .where(eq(callbackEvents.id, callback.id));
}

export async function setJobId(db: Executor, id: number, jobId: string | null): Promise<void> {
  await db.update(callbackEvents).set({ jobId }).where(eq(callbackEvents.id, id));
}

export async function resetToPending(db: Executor, id: number): Promise<void> {
  await db.update(callbackEvents).set({ state: 'Pending' }).where(eq(callbackEvents.id, id));
}

export async function listCallbacks(
  db: Executor,
  filter: {
    subject?: string | undefined;
    state?: CallbackState | undefined;
    before?: number | undefined;
    limit: number;
  },
): Promise<CallbackRow[]> {
  const conditions: SQL[] = [];
  if (filter.subject) conditions.push(eq(callbackEvents.subject, filter.subject));
  if (filter.state) conditions.push(eq(callbackEvents.state, filter.state));
  if (filter.before) conditions.push(lt(callbackEvents.id, filter.before));
  return db
    .select()
    .from(callbackEvents)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(callbackEvents.id))
    .limit(filter.limit);
}

export async function attemptsOf(db: Executor, callbackIds: number[]): Promise<AttemptRow[]> {
  if (callbackIds.length === 0) return [];
  return db
    .select()
    .from(callbackAttempts)
    .where(inArray(callbackAttempts.callbackId, callbackIds))
    .orderBy(asc(callbackAttempts.id));
}
