import type { Executor } from '@actuate/service-kit';
import { inArray, sql } from 'drizzle-orm';
import { discountGroups, netPriceAgreements, quantityBreaks } from './schema.ts';

export const listDiscountGroups = (executor: Executor) => executor.select().from(discountGroups);
export const listNetPrices = (executor: Executor) => executor.select().from(netPriceAgreements);
export const listBreaks = (executor: Executor) => executor.select().from(quantityBreaks);

export type DiscountGroupRow = typeof discountGroups.$inferInsert;
export type NetPriceRow = typeof netPriceAgreements.$inferInsert;
export type BreakRow = typeof quantityBreaks.$inferInsert;

export async function upsertDiscountGroups(
  executor: Executor,
  rows: readonly DiscountGroupRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await executor
    .insert(discountGroups)
    .values([...rows])
    .onConflictDoUpdate({
      target: [
        discountGroups.salesCompanyId,
        discountGroups.customerErpId,
        discountGroups.productFamilyGroup,
      ],
      set: { discountBasisPoints: sql`excluded.discount_basis_points` },
    });
}

export async function upsertNetPrices(executor: Executor, rows: readonly NetPriceRow[]): Promise<void> {
  if (rows.length === 0) return;
  await executor
    .insert(netPriceAgreements)
    .values([...rows])
    .onConflictDoUpdate({
      target: netPriceAgreements.id,
      set: {
        salesCompanyId: sql`excluded.sales_company_id`,
        customerErpId: sql`excluded.customer_erp_id`,
        salesItemNumber: sql`excluded.sales_item_number`,
        currency: sql`excluded.currency`,
        price: sql`excluded.price`,
        validFrom: sql`excluded.valid_from`,
        validTo: sql`excluded.valid_to`,
      },
    });
}

/** Replaces whole schedules: every break of each given schedule key. */
export async function replaceBreakSchedules(
  executor: Executor,
  scheduleKeys: readonly string[],
  rows: readonly BreakRow[],
): Promise<void> {
  if (scheduleKeys.length === 0) return;
  await executor.delete(quantityBreaks).where(inArray(quantityBreaks.scheduleKey, [...scheduleKeys]));
  for (let start = 0; start < rows.length; start += 1000) {
    await executor.insert(quantityBreaks).values(rows.slice(start, start + 1000));
  }
}
