/**
 * Test support: the app on a fresh test database seeded with the demo world, and an independent
 * oracle of the customer price rule built on `@actuate/catalog-data`'s own helpers (applyDiscount,
 * dkkToEur, eurToDkk, breakFor, exchangeRateAt), so the service is checked against a second
 * implementation rather than against itself.
 */
import {
  applyDiscount,
  breakFor,
  type DemoWorld,
  dkkToEur,
  eurToDkk,
  exchangeRateAt,
  findFamily,
  findSalesItem,
  generateDemoWorld,
  quantityBreaksFor,
} from '@actuate/catalog-data';
import type { PriceCurrency } from '@actuate/contracts';
import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase } from '@actuate/service-kit/testing';
import { buildApp } from '../app.ts';
import { DEMO_ADMIN_KEY, DEMO_STOREFRONT_KEY, readConfig } from '../config.ts';

export interface TestContext {
  app: ServiceApp;
  database: DatabaseHandle;
  world: DemoWorld;
}

export async function startSeededApp(): Promise<TestContext> {
  const database = await createTestDatabase();
  const app = await buildApp(readConfig({ SEED_DEMO_DATA: 'true' }), { database, logger: false });
  await app.ready();
  return { app, database, world: generateDemoWorld() };
}

export async function stop(context: TestContext | undefined): Promise<void> {
  await context?.app.close();
  await context?.database.close();
}

export const ADMIN_HEADERS = { 'x-api-key': DEMO_ADMIN_KEY };
/** A caller's credential of the price calls (the storefront's demo key). */
export const CALLER_HEADERS = { 'x-api-key': DEMO_STOREFRONT_KEY };

/** The two demo customers every price call is checked for. */
export const DEMO_CUSTOMERS = [
  {
    companyId: 'acme-dk',
    salesCompanyId: 'ADK',
    customerErpId: 'ADK-100001',
    taxGroup: 'DK-DOM',
    vatNumber: 'DK29403187',
    country: 'DK',
  },
  {
    companyId: 'bauer-de',
    salesCompanyId: 'ADE',
    customerErpId: 'ADE-100002',
    taxGroup: 'DE-DOM',
    vatNumber: 'DE814736592',
    country: 'DE',
  },
] as const;

export const CURRENCIES: readonly PriceCurrency[] = ['DKK', 'EUR'];

const validAt = (from: string, to: string | null, at: number) =>
  Date.parse(from) <= at && (to === null || at < Date.parse(to));

/** The documented customer price rule, computed from the demo world directly. */
export function expectedUnitPrice(
  world: DemoWorld,
  companyId: string,
  salesItemNumber: string,
  quantity: number,
  currency: PriceCurrency,
  at: Date,
): number {
  const company = world.companies.find((candidate) => candidate.id === companyId);
  const item = findSalesItem(world, salesItemNumber);
  if (!company || !item) throw new Error('unknown company or item');
  const family = findFamily(world, item.familyId);
  if (!family) throw new Error('unknown family');
  const rate = exchangeRateAt(world.exchangeRates, at.toISOString());
  const agreements = world.netPriceAgreements
    .filter((agreement) => agreement.companyId === companyId && agreement.salesItemNumber === salesItemNumber)
    .filter((agreement) => validAt(agreement.validFrom, agreement.validTo, at.getTime()))
    .sort((a, b) => Number(b.currency === currency) - Number(a.currency === currency));
  const agreement = agreements[0];
  const breakBp = breakFor(quantityBreaksFor(world, salesItemNumber), quantity)?.discountBasisPoints ?? 0;
  let start: number;
  let startCurrency: PriceCurrency;
  if (agreement) {
    start = agreement.price;
    startCurrency = agreement.currency;
  } else {
    const discount =
      world.discountGroups.find(
        (group) =>
          group.salesCompanyId === company.salesCompanyId &&
          group.companyId === companyId &&
          group.productFamilyGroup === family.productFamilyGroup,
      ) ??
      world.discountGroups.find(
        (group) =>
          group.salesCompanyId === company.salesCompanyId &&
          group.companyId === null &&
          group.productFamilyGroup === family.productFamilyGroup,
      );
    start = applyDiscount(item.grossPrice, discount?.discountBasisPoints ?? 0);
    startCurrency = 'DKK';
  }
  const afterBreak = applyDiscount(start, breakBp);
  if (startCurrency === currency) return afterBreak;
  return startCurrency === 'DKK' ? dkkToEur(afterBreak, rate) : eurToDkk(afterBreak, rate);
}

/** Brute force: cheapest and dearest quantity-1 price over every active item of the family. */
export function expectedFamilyRange(
  world: DemoWorld,
  companyId: string,
  familyId: string,
  currency: PriceCurrency,
  at: Date,
): { min: number; max: number } {
  const prices = world.salesItems
    .filter((item) => item.familyId === familyId && item.productState === 'Active')
    .map((item) => expectedUnitPrice(world, companyId, item.salesItemNumber, 1, currency, at));
  return { min: Math.min(...prices), max: Math.max(...prices) };
}

/** Items with a net price agreement of the customer, plus a spread of ordinary items. */
export function sampleItems(world: DemoWorld, companyId: string): string[] {
  const agreed = world.netPriceAgreements
    .filter((agreement) => agreement.companyId === companyId)
    .map((agreement) => agreement.salesItemNumber);
  const spread = world.salesItems.filter((_, index) => index % 397 === 0).map((item) => item.salesItemNumber);
  const accessories = world.salesItems
    .filter((item) => item.familyId === 'CB20' || item.familyId === 'HS10')
    .map((item) => item.salesItemNumber);
  return [...new Set([...agreed, ...spread, ...accessories])];
}
