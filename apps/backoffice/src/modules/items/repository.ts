import type { Executor } from '@actuate/service-kit';
import { and, asc, eq } from 'drizzle-orm';
import {
  factories,
  type ItemLifecycleState,
  type ItemSalesState,
  itemFactoryStates,
  itemSalesCompanyStates,
  items,
} from './schema.ts';

export const listFactories = (db: Executor) => db.select().from(factories).orderBy(asc(factories.id));

export async function findItem(db: Executor, salesItemNumber: string) {
  const [row] = await db.select().from(items).where(eq(items.salesItemNumber, salesItemNumber));
  return row;
}

export const factoryStatesOf = (db: Executor, salesItemNumber: string) =>
  db.select().from(itemFactoryStates).where(eq(itemFactoryStates.salesItemNumber, salesItemNumber));

export const salesCompanyStatesOf = (db: Executor, salesItemNumber: string) =>
  db
    .select()
    .from(itemSalesCompanyStates)
    .where(eq(itemSalesCompanyStates.salesItemNumber, salesItemNumber))
    .orderBy(asc(itemSalesCompanyStates.salesCompanyId));

export async function findSalesCompanyState(db: Executor, salesItemNumber: string, salesCompanyId: string) {
  const [row] = await db
    .select()
    .from(itemSalesCompanyStates)
    .where(
      and(
        eq(itemSalesCompanyStates.salesItemNumber, salesItemNumber),
        eq(itemSalesCompanyStates.salesCompanyId, salesCompanyId),
      ),
    );
  return row;
}

export async function upsertFactoryState(
  db: Executor,
  row: { salesItemNumber: string; factoryId: string; lifecycleState: ItemLifecycleState },
) {
  await db
    .insert(itemFactoryStates)
    .values(row)
    .onConflictDoUpdate({
      target: [itemFactoryStates.salesItemNumber, itemFactoryStates.factoryId],
      set: { lifecycleState: row.lifecycleState },
    });
}

export async function upsertSalesCompanyState(
  db: Executor,
  row: {
    salesItemNumber: string;
    salesCompanyId: string;
    lifecycleState: ItemLifecycleState;
    itemState: ItemSalesState;
  },
) {
  await db
    .insert(itemSalesCompanyStates)
    .values(row)
    .onConflictDoUpdate({
      target: [itemSalesCompanyStates.salesItemNumber, itemSalesCompanyStates.salesCompanyId],
      set: { lifecycleState: row.lifecycleState, itemState: row.itemState },
    });
}

export async function deleteSalesCompanyState(db: Executor, salesItemNumber: string, salesCompanyId: string) {
  const deleted = await db
    .delete(itemSalesCompanyStates)
    .where(
      and(
        eq(itemSalesCompanyStates.salesItemNumber, salesItemNumber),
        eq(itemSalesCompanyStates.salesCompanyId, salesCompanyId),
      ),
    )
    .returning();
  return deleted.length > 0;
}

export async function updateItemSupply(
  db: Executor,
  salesItemNumber: string,
  patch: { stockQuantity?: number; leadTimeDays?: number; successorSalesItemNumber?: string | null },
) {
  const updated = await db
    .update(items)
    .set(patch)
    .where(eq(items.salesItemNumber, salesItemNumber))
    .returning();
  return updated.length > 0;
}
