import type { Executor } from '@actuate/service-kit';
import { eq } from 'drizzle-orm';
import { threeDsTransactions } from './schema.ts';

export type ThreeDsTransaction = typeof threeDsTransactions.$inferSelect;

export async function insertTransaction(db: Executor, row: typeof threeDsTransactions.$inferInsert) {
  await db.insert(threeDsTransactions).values(row);
}

export async function findTransaction(db: Executor, id: string) {
  const [row] = await db.select().from(threeDsTransactions).where(eq(threeDsTransactions.id, id));
  return row;
}

export async function findTransactionByAcsId(db: Executor, acsTransId: string) {
  const [row] = await db
    .select()
    .from(threeDsTransactions)
    .where(eq(threeDsTransactions.acsTransId, acsTransId));
  return row;
}

export async function updateTransaction(
  db: Executor,
  id: string,
  changes: Partial<typeof threeDsTransactions.$inferInsert>,
) {
  await db.update(threeDsTransactions).set(changes).where(eq(threeDsTransactions.id, id));
}
