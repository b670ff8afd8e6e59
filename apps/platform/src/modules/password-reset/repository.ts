import type { Executor } from '@actuate/service-kit';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { users } from '../users/schema.ts';
import { passwordResets } from './schema.ts';

export type PasswordResetRow = typeof passwordResets.$inferSelect;

export const insertPasswordReset = async (db: Executor, row: typeof passwordResets.$inferInsert) => {
  await db.insert(passwordResets).values(row);
};

/** Users with this e-mail address, whatever its case (at most a few). */
export const findUsersByEmail = (db: Executor, email: string) =>
  db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(2);

/** Marks the code used and answers its row, only if it was unused (so one of two racing uses wins). */
export async function useCode(
  db: Executor,
  codeHash: string,
  now: Date,
): Promise<PasswordResetRow | undefined> {
  const [row] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.codeHash, codeHash), isNull(passwordResets.usedAt)))
    .returning();
  return row;
}

export async function findPasswordReset(db: Executor, codeHash: string) {
  const [row] = await db.select().from(passwordResets).where(eq(passwordResets.codeHash, codeHash));
  return row;
}

export async function setPassword(db: Executor, userId: string, passwordHash: string, now: Date) {
  await db.update(users).set({ passwordHash, passwordLastSetDate: now }).where(eq(users.id, userId));
}
