/**
 * The seller's sales companies, owned by the ERP (the back office's `GET /erp/sales-companies`): which
 * one serves a buyer's country, and in which currency. Kept a minute per back office client: they
 * change with the ERP's master data, not per registration.
 */
import type { BackofficeClient } from './backoffice-client.ts';
import { UpstreamError } from './http.ts';

export interface SalesCompany {
  id: string;
  currency: string;
  /** Countries whose customers this sales company serves. */
  servedCountries: string[];
}

const KEEP_MS = 60_000;
const kept = new WeakMap<BackofficeClient, { companies: SalesCompany[]; until: number }>();

const isSalesCompany = (value: unknown): value is SalesCompany => {
  const company = value as Partial<SalesCompany> | null;
  return (
    typeof company?.id === 'string' &&
    typeof company.currency === 'string' &&
    Array.isArray(company.servedCountries) &&
    company.servedCountries.every((country) => typeof country === 'string')
  );
};

export async function salesCompaniesOf(backoffice: BackofficeClient): Promise<SalesCompany[]> {
  const entry = kept.get(backoffice);
  if (entry && entry.until > Date.now()) return entry.companies;
  const response = await backoffice.call<unknown>('GET', '/erp/sales-companies');
  if (response.status !== 200 || !Array.isArray(response.body) || !response.body.every(isSalesCompany)) {
    throw new UpstreamError(
      'backoffice',
      'the back office answered no list of sales companies',
      response.status,
    );
  }
  const companies = response.body.map(({ id, currency, servedCountries }) => ({
    id,
    currency,
    servedCountries,
  }));
  kept.set(backoffice, { companies, until: Date.now() + KEEP_MS });
  return companies;
}
