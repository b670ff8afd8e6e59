import type { Executor } from '@actuate/service-kit';
import { and, eq, lt, sql } from 'drizzle-orm';
import { idempotencyRecords } from './schema.ts';

/** Claims the key; false when another request already holds it (the primary key decides races). */
export async function claimKey(db: Executor, merchantAccount: string, key: string, requestDigest: string) {
  const inserted = await db
    .insert(idempotencyRecords)
    .values({ merchantAccount, key, requestDigest, state: 'processing' })
    .onConflictDoNothing()
    .returning({ key: idempotencyRecords.key });
  return inserted.length > 0;
}

/**
 * Takes over a claim left `processing` for longer than `staleSeconds` by the same request: its process
 * died before answering (no request runs that long), so nobody else will ever complete it. Answers the
 * claim taken over, with the resource the dead attempt had created, or undefined.
 */
export async function takeOverStaleClaim(
  db: Executor,
  merchantAccount: string,
  key: string,
  requestDigest: string,
  staleSeconds: number,
) {
  const taken = await db
    .update(idempotencyRecords)
    .set({ createdAt: sql`now()` })
    .where(
      and(
        eq(idempotencyRecords.merchantAccount, merchantAccount),
        eq(idempotencyRecords.key, key),
        eq(idempotencyRecords.state, 'processing'),
        eq(idempotencyRecords.requestDigest, requestDigest),
        lt(idempotencyRecords.createdAt, sql`now() - make_interval(secs => ${staleSeconds})`),
      ),
    )
    .returning({ effectRef: idempotencyRecords.effectRef });
  return taken[0];
}

export async function setEffectRef(db: Executor, merchantAccount: string, key: string, effectRef: string) {
  await db
    .update(idempotencyRecords)
    .set({ effectRef })
    .where(and(eq(idempotencyRecords.merchantAccount, merchantAccount), eq(idempotencyRecords.key, key)));
}

export async function findRecord(db: Executor, merchantAccount: string, key: string) {
  const [row] = await db
    .select()
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.merchantAccount, merchantAccount), eq(idempotencyRecords.key, key)));
  return row;
}

export async function completeRecord(
  db: Executor,
  merchantAccount: string,
  key: string,
  response: { status: number; body: unknown },
) {
  await db
    .update(idempotencyRecords)
    .set({ state: 'completed', responseStatus: response.status, responseBody: response.body })
    .where(and(eq(idempotencyRecords.merchantAccount, merchantAccount), eq(idempotencyRecords.key, key)));
}

export async function releaseKey(db: Executor, merchantAccount: string, key: string) {
  await db
    .delete(idempotencyRecords)
    .where(and(eq(idempotencyRecords.merchantAccount, merchantAccount), eq(idempotencyRecords.key, key)));
}
