import type { Executor } from '@actuate/service-kit';
import { and, eq, sql } from 'drizzle-orm';
import { activeCarts } from './schema.ts';

export type ActiveCartRow = typeof activeCarts.$inferSelect;

export async function findActiveCart(db: Executor, userId: string): Promise<ActiveCartRow | undefined> {
  const [row] = await db.select().from(activeCarts).where(eq(activeCarts.userId, userId));
  return row;
}

/**
 * Claims the user's cart row for a new cart if it is still at the version read before (`null`: there
 * was no row), clearing any earlier choice; false when another request moved it in between. A
 * concurrent claim waits here for the other transaction (row lock or unique key) and then sees its
 * version.
 */
export async function claimActiveCart(tx: Executor, userId: string, seen: number | null): Promise<boolean> {
  const claimed =
    seen === null
      ? await tx.insert(activeCarts).values({ userId }).onConflictDoNothing().returning()
      : await tx
          .update(activeCarts)
          .set({ orderId: null, version: sql`${activeCarts.version} + 1` })
          .where(and(eq(activeCarts.userId, userId), eq(activeCarts.version, seen)))
          .returning();
  return claimed.length > 0;
}

/** Records the user's choice of active cart. */
export async function chooseActiveCart(db: Executor, userId: string, orderId: string): Promise<void> {
  await db
    .insert(activeCarts)
    .values({ userId, orderId })
    .onConflictDoUpdate({
      target: activeCarts.userId,
      set: { orderId, version: sql`${activeCarts.version} + 1` },
    });
}
