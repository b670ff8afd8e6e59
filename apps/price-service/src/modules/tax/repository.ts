import type { Executor } from '@actuate/service-kit';
import { sql } from 'drizzle-orm';
import { salesCompanies, taxGroups, vatRates } from './schema.ts';

export const listVatRates = (executor: Executor) => executor.select().from(vatRates);
export const listTaxGroups = (executor: Executor) => executor.select().from(taxGroups);
export const listSalesCompanies = (executor: Executor) => executor.select().from(salesCompanies);

export async function upsertVatRates(
  executor: Executor,
  rates: readonly { countryCode: string; rateBasisPoints: number; euMember: boolean }[],
): Promise<void> {
  if (rates.length === 0) return;
  await executor
    .insert(vatRates)
    .values([...rates])
    .onConflictDoUpdate({
      target: vatRates.countryCode,
      set: { rateBasisPoints: sql`excluded.rate_basis_points`, euMember: sql`excluded.eu_member` },
    });
}

export async function insertTaxGroups(
  executor: Executor,
  groups: readonly {
    id: string;
    kind: 'domestic' | 'reverseCharge' | 'export';
    vatCountryCode: string | null;
  }[],
): Promise<void> {
  if (groups.length > 0) await executor.insert(taxGroups).values([...groups]);
}

export async function insertSalesCompanies(
  executor: Executor,
  companies: readonly { id: string; countryCode: string; currency: string }[],
): Promise<void> {
  if (companies.length > 0) await executor.insert(salesCompanies).values([...companies]);
}
