import type { Executor } from '@actuate/service-kit';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { quickOrderSubmissions } from './schema.ts';

export type Claim = { kind: 'claimed' } | { kind: 'done'; result: unknown } | { kind: 'running' };

const keyOf = (userId: string, idempotencyKey: string) =>
  and(eq(quickOrderSubmissions.userId, userId), eq(quickOrderSubmissions.idempotencyKey, idempotencyKey));

/** Claims the key for this call, or tells what an earlier call with it left: its answer, or still running. */
export async function claimSubmission(
  executor: Executor,
  userId: string,
  idempotencyKey: string,
): Promise<Claim> {
  const inserted = await executor
    .insert(quickOrderSubmissions)
    .values({ userId, idempotencyKey })
    .onConflictDoNothing()
    .returning({ userId: quickOrderSubmissions.userId });
  if (inserted.length > 0) return { kind: 'claimed' };
  const [row] = await executor
    .select({ result: quickOrderSubmissions.result })
    .from(quickOrderSubmissions)
    .where(keyOf(userId, idempotencyKey));
  return row?.result === null || row?.result === undefined
    ? { kind: 'running' }
    : { kind: 'done', result: row.result };
}

export async function completeSubmission(
  executor: Executor,
  userId: string,
  idempotencyKey: string,
  result: unknown,
): Promise<void> {
  await executor
    .update(quickOrderSubmissions)
    .set({ result, completedAt: sql`now()` })
    .where(keyOf(userId, idempotencyKey));
}

/** Gives an unfinished claim back (the call failed before it wrote anything), so the key may be used again. */
export async function releaseSubmission(
  executor: Executor,
  userId: string,
  idempotencyKey: string,
): Promise<void> {
  await executor
    .delete(quickOrderSubmissions)
    .where(and(keyOf(userId, idempotencyKey), isNull(quickOrderSubmissions.result)));
}
