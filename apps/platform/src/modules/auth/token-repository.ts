import type { Executor } from '@actuate/service-kit';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { refreshTokens, tokenRevocations } from './schema.ts';

// The SQL of refresh tokens (rotation, families) and of the per-subject token revocations.

export type RefreshTokenRow = typeof refreshTokens.$inferSelect;
export type TokenRevocationRow = typeof tokenRevocations.$inferSelect;

// --- refresh tokens ------------------------------------------------------------------------------

export async function insertRefreshToken(
  db: Executor,
  row: typeof refreshTokens.$inferInsert,
): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

export async function findRefreshToken(
  db: Executor,
  tokenHash: string,
): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

/** Marks a token rotated; false when another request rotated it first (a reuse). */
export async function markRotated(db: Executor, tokenHash: string, when: Date): Promise<boolean> {
  const updated = await db
    .update(refreshTokens)
    .set({ rotatedAt: when })
    .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.rotatedAt)))
    .returning({ tokenHash: refreshTokens.tokenHash });
  return updated.length > 0;
}

export async function revokeFamily(db: Executor, familyId: string, when: Date): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: when })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

// --- token revocations ---------------------------------------------------------------------------

/** Records a revocation; a later one wins, an earlier one (a slow request) keeps the later time. */
export async function saveRevocation(tx: Executor, row: TokenRevocationRow): Promise<void> {
  await tx
    .insert(tokenRevocations)
    .values(row)
    .onConflictDoUpdate({
      target: tokenRevocations.userId,
      set: {
        revokedBefore: sql`greatest(${tokenRevocations.revokedBefore}, excluded.revoked_before)`,
        generation: row.generation,
      },
    });
}

/** The latest revocation time of any of the subjects (`user_id` holds users and wider subjects). */
export async function latestRevocation(db: Executor, subjects: readonly string[]): Promise<Date | undefined> {
  if (subjects.length === 0) return undefined;
  const rows = await db
    .select({ revokedBefore: tokenRevocations.revokedBefore })
    .from(tokenRevocations)
    .where(inArray(tokenRevocations.userId, [...subjects]));
  return rows.reduce<Date | undefined>(
    (latest, row) => (latest && latest >= row.revokedBefore ? latest : row.revokedBefore),
    undefined,
  );
}

/** Revocations written after generation `after` whose time is later than `since`. */
export function revocationsAfter(db: Executor, after: number, since: Date): Promise<TokenRevocationRow[]> {
  return db
    .select()
    .from(tokenRevocations)
    .where(and(gt(tokenRevocations.generation, after), gt(tokenRevocations.revokedBefore, since)));
}
