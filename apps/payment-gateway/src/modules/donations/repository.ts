import type { Executor } from '@actuate/service-kit';
import { and, eq } from 'drizzle-orm';
import { donations } from './schema.ts';

export async function insertDonation(db: Executor, row: typeof donations.$inferInsert) {
  await db.insert(donations).values(row);
}

export async function findDonationOf(db: Executor, merchantAccount: string, originalPspReference: string) {
  const [row] = await db
    .select()
    .from(donations)
    .where(
      and(
        eq(donations.merchantAccount, merchantAccount),
        eq(donations.originalPspReference, originalPspReference),
      ),
    );
  return row;
}
