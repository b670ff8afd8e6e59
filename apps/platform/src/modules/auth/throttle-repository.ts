import type { Executor } from '@actuate/service-kit';
import { eq, inArray, or, sql } from 'drizzle-orm';
import { loginThrottles } from './schema.ts';

// The SQL of the login throttle: failure counts per account and per account and source.

export async function saveThrottle(db: Executor, row: typeof loginThrottles.$inferInsert): Promise<void> {
  const { username: _, ...values } = row;
  await db
    .insert(loginThrottles)
    .values(row)
    .onConflictDoUpdate({ target: loginThrottles.username, set: values });
}

export async function clearThrottle(db: Executor, username: string): Promise<void> {
  await db.delete(loginThrottles).where(eq(loginThrottles.username, username));
}

export async function findThrottles(db: Executor, keys: string[]) {
  return db.select().from(loginThrottles).where(inArray(loginThrottles.username, keys));
}

/** The account's own row and every row whose key starts with `prefix` (its per-source rows). */
export async function clearThrottlesOf(db: Executor, key: string, prefix: string): Promise<void> {
  const pattern = `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  await db
    .delete(loginThrottles)
    .where(or(eq(loginThrottles.username, key), sql`${loginThrottles.username} like ${pattern}`));
}
