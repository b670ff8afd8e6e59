/**
 * VAT: which rate applies to an order, decided by the ship-to country, the customer's tax group and
 * VAT number and the selling sales company's country. One rule, in this order:
 *
 * 1. Export: the ship-to country is outside the EU, or the tax group is `export` → 0 %.
 * 2. Reverse charge: the customer has a valid EU VAT number (format check) of a member state other
 *    than the seller's, and the goods go to a member state other than the seller's → 0 %.
 *    A `reverseCharge` tax group without such a number falls through to rule 3 with the seller's
 *    country (the seller must charge its own VAT).
 * 3. Domestic: the standard rate of the tax group's VAT country (DK 25 %, DE 19 %, …); for a
 *    tax group without one, the seller's country.
 *
 * The same rate applies to shipping (shipping follows the goods).
 */
import type { Executor } from '@actuate/service-kit';
import * as repository from './repository.ts';

export interface VatRateEntry {
  countryCode: string;
  rateBasisPoints: number;
  euMember: boolean;
}
export interface TaxGroupEntry {
  id: string;
  kind: 'domestic' | 'reverseCharge' | 'export';
  vatCountryCode: string | null;
}
export interface SalesCompanyEntry {
  id: string;
  countryCode: string;
  currency: string;
}

export interface VatInput {
  shipToCountry: string;
  taxGroup: TaxGroupEntry;
  vatNumber: string | undefined;
  sellerCountry: string;
  vatRates: ReadonlyMap<string, VatRateEntry>;
}

export type VatTreatment = 'domestic' | 'reverseCharge' | 'export';

export interface VatDecision {
  treatment: VatTreatment;
  rateBasisPoints: number;
  /** The country whose rate applies (domestic only). */
  countryCode: string | null;
}

/** EU VAT number shape: the member state's two-letter prefix (EL for Greece) + 2 to 13 letters or digits. */
const VAT_NUMBER = /^([A-Z]{2})([0-9A-Z]{2,13})$/;

/** The member state of a well-formed EU VAT number, or undefined. */
export function vatNumberCountry(
  vatNumber: string | undefined,
  vatRates: ReadonlyMap<string, VatRateEntry>,
): string | undefined {
  if (!vatNumber) return undefined;
  const match = VAT_NUMBER.exec(vatNumber.replace(/[\s.-]/g, '').toUpperCase());
  if (!match) return undefined;
  const prefix = match[1] === 'EL' ? 'GR' : (match[1] as string);
  return vatRates.get(prefix)?.euMember ? prefix : undefined;
}

/** Result of a VAT decision, or why none can be made (unknown country). */
export function decideVat(input: VatInput): VatDecision | { error: 'unknown-country'; countryCode: string } {
  const shipTo = input.vatRates.get(input.shipToCountry);
  if (!shipTo) return { error: 'unknown-country', countryCode: input.shipToCountry };
  if (!shipTo.euMember || input.taxGroup.kind === 'export') {
    return { treatment: 'export', rateBasisPoints: 0, countryCode: null };
  }
  const vatCountry = vatNumberCountry(input.vatNumber, input.vatRates);
  if (vatCountry && vatCountry !== input.sellerCountry && input.shipToCountry !== input.sellerCountry) {
    return { treatment: 'reverseCharge', rateBasisPoints: 0, countryCode: null };
  }
  const country =
    input.taxGroup.kind === 'domestic' && input.taxGroup.vatCountryCode
      ? input.taxGroup.vatCountryCode
      : input.sellerCountry;
  const rate = input.vatRates.get(country);
  if (!rate) return { error: 'unknown-country', countryCode: country };
  return { treatment: 'domestic', rateBasisPoints: rate.rateBasisPoints, countryCode: country };
}

export async function loadTaxData(executor: Executor) {
  // One after the other: they share the loading transaction's single connection.
  const vat = await repository.listVatRates(executor);
  const groups = await repository.listTaxGroups(executor);
  const companies = await repository.listSalesCompanies(executor);
  return {
    vatRates: new Map<string, VatRateEntry>(vat.map((row) => [row.countryCode, row])),
    taxGroups: new Map<string, TaxGroupEntry>(groups.map((row) => [row.id, row])),
    salesCompanies: new Map<string, SalesCompanyEntry>(companies.map((row) => [row.id, row])),
  };
}

export const upsertVatRates = (executor: Executor, rates: readonly VatRateEntry[]) =>
  repository.upsertVatRates(executor, rates);
export const insertTaxGroups = (executor: Executor, groups: readonly TaxGroupEntry[]) =>
  repository.insertTaxGroups(executor, groups);
export const insertSalesCompanies = (executor: Executor, companies: readonly SalesCompanyEntry[]) =>
  repository.insertSalesCompanies(executor, companies);
