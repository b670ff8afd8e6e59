import type { Executor } from '@actuate/service-kit';
import { eq, sql } from 'drizzle-orm';
import { optionMarkups, priceLists, productFamilies, salesItems } from './schema.ts';

export const listPriceLists = (executor: Executor) => executor.select().from(priceLists);
export const listFamilies = (executor: Executor) => executor.select().from(productFamilies);
export const listMarkups = (executor: Executor) => executor.select().from(optionMarkups);

/** Every sales item without its configuration (the hot price data). */
export const listItems = (executor: Executor) =>
  executor
    .select({
      salesItemNumber: salesItems.salesItemNumber,
      familyId: salesItems.familyId,
      priceListId: salesItems.priceListId,
      grossPrice: salesItems.grossPrice,
      active: salesItems.active,
      shipWeightGrams: salesItems.shipWeightGrams,
    })
    .from(salesItems);

export async function itemConfiguration(
  executor: Executor,
  salesItemNumber: string,
): Promise<Record<string, string> | undefined> {
  const [row] = await executor
    .select({ configuration: salesItems.configuration })
    .from(salesItems)
    .where(eq(salesItems.salesItemNumber, salesItemNumber));
  return row?.configuration;
}

export type PriceListRow = typeof priceLists.$inferInsert;
export type FamilyRow = typeof productFamilies.$inferInsert;
export type MarkupRow = typeof optionMarkups.$inferInsert;
export type SalesItemRow = typeof salesItems.$inferInsert;

export async function upsertPriceLists(executor: Executor, rows: readonly PriceListRow[]): Promise<void> {
  if (rows.length === 0) return;
  await executor
    .insert(priceLists)
    .values([...rows])
    .onConflictDoUpdate({
      target: priceLists.id,
      set: {
        currency: sql`excluded.currency`,
        validFrom: sql`excluded.valid_from`,
        validTo: sql`excluded.valid_to`,
      },
    });
}

export async function upsertFamilies(executor: Executor, rows: readonly FamilyRow[]): Promise<void> {
  if (rows.length === 0) return;
  await executor
    .insert(productFamilies)
    .values([...rows])
    .onConflictDoUpdate({
      target: productFamilies.id,
      set: { productFamilyGroup: sql`excluded.product_family_group`, basePrice: sql`excluded.base_price` },
    });
}

export async function upsertMarkups(executor: Executor, rows: readonly MarkupRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await executor
      .insert(optionMarkups)
      .values(rows.slice(start, start + 1000))
      .onConflictDoUpdate({
        target: [optionMarkups.familyId, optionMarkups.facet, optionMarkups.value],
        set: { markup: sql`excluded.markup` },
      });
  }
}

export async function upsertItems(executor: Executor, rows: readonly SalesItemRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += 1000) {
    await executor
      .insert(salesItems)
      .values(rows.slice(start, start + 1000))
      .onConflictDoUpdate({
        target: salesItems.salesItemNumber,
        set: {
          familyId: sql`excluded.family_id`,
          priceListId: sql`excluded.price_list_id`,
          grossPrice: sql`excluded.gross_price`,
          active: sql`excluded.active`,
          shipWeightGrams: sql`excluded.ship_weight_grams`,
          // An upsert without a configuration keeps the stored one.
          configuration: sql`case when excluded.configuration = '{}'::jsonb then ${salesItems.configuration} else excluded.configuration end`,
        },
      });
  }
}
