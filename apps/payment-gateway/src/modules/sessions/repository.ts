import type { Executor } from '@actuate/service-kit';
import { eq } from 'drizzle-orm';
import { sessions } from './schema.ts';

export type SessionRow = typeof sessions.$inferSelect;

export async function insertSession(db: Executor, row: typeof sessions.$inferInsert) {
  await db.insert(sessions).values(row);
}

export async function findSession(db: Executor, id: string) {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  return row;
}
