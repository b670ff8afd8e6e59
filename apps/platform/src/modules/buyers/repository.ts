import type { Executor } from '@actuate/service-kit';
import { eq } from 'drizzle-orm';
import type { ListDefinition, ListOptions } from '../../shared/list/list-query.ts';
import { listRows } from '../../shared/list/run-list.ts';
import { buyers } from './schema.ts';

export type BuyerRow = typeof buyers.$inferSelect;
export type NewBuyerRow = typeof buyers.$inferInsert;

export const buyerList: ListDefinition = {
  fields: {
    ID: { column: buyers.id, type: 'text' },
    Name: { column: buyers.name, type: 'text' },
    DefaultCatalogID: { column: buyers.defaultCatalogId, type: 'text' },
    Active: { column: buyers.active, type: 'boolean' },
    DateCreated: { column: buyers.dateCreated, type: 'date' },
  },
  xp: buyers.xp,
  searchOn: ['ID', 'Name'],
  defaultSort: ['Name'],
};

export const listBuyerRows = (db: Executor, options: ListOptions) => listRows(db, buyers, buyerList, options);

export async function findBuyerRow(db: Executor, id: string): Promise<BuyerRow | undefined> {
  const [row] = await db.select().from(buyers).where(eq(buyers.id, id));
  return row;
}

export async function insertBuyerRow(db: Executor, row: NewBuyerRow): Promise<BuyerRow> {
  const [inserted] = await db.insert(buyers).values(row).returning();
  return inserted as BuyerRow;
}

export async function updateBuyerRow(
  db: Executor,
  id: string,
  row: Partial<NewBuyerRow>,
): Promise<BuyerRow | undefined> {
  const [updated] = await db.update(buyers).set(row).where(eq(buyers.id, id)).returning();
  return updated;
}

export async function deleteBuyerRow(db: Executor, id: string): Promise<boolean> {
  const deleted = await db.delete(buyers).where(eq(buyers.id, id)).returning({ id: buyers.id });
  return deleted.length > 0;
}
