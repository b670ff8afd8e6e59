import type { Executor } from '@actuate/service-kit';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { storedPaymentMethods } from './schema.ts';

export async function insertStoredMethod(db: Executor, row: typeof storedPaymentMethods.$inferInsert) {
  await db.insert(storedPaymentMethods).values(row);
}

export async function findStoredMethod(
  db: Executor,
  merchantAccount: string,
  shopperReference: string,
  id: string,
) {
  const [row] = await db
    .select()
    .from(storedPaymentMethods)
    .where(
      and(
        eq(storedPaymentMethods.id, id),
        eq(storedPaymentMethods.merchantAccount, merchantAccount),
        eq(storedPaymentMethods.shopperReference, shopperReference),
        isNull(storedPaymentMethods.disabledAt),
      ),
    );
  return row;
}

export async function listStoredMethods(db: Executor, merchantAccount: string, shopperReference: string) {
  return db
    .select()
    .from(storedPaymentMethods)
    .where(
      and(
        eq(storedPaymentMethods.merchantAccount, merchantAccount),
        eq(storedPaymentMethods.shopperReference, shopperReference),
        isNull(storedPaymentMethods.disabledAt),
      ),
    )
    .orderBy(asc(storedPaymentMethods.createdAt));
}
