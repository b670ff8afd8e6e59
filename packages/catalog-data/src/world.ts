/**
 * generateDemoWorld: assembles the whole demo world from the parts. Deterministic: the same
 * options give the same world (no clock, no Math.random); every date derives from `asOf`.
 */

import { buildCustomers, type CustomerData } from './customers.ts';
import { daysFrom, isoDateTime, parseAsOf } from './dates.ts';
import { FACETS, type FacetDefinition } from './facets.ts';
import { buildItemLifecycleStates, type ItemLifecycleStates } from './lifecycle.ts';
import {
  SHIP_METHODS,
  type ShipMethod,
  TAX_GROUPS,
  type TaxGroup,
  VAT_RATES,
  type VatRate,
} from './logistics.ts';
import {
  type Currency,
  FACTORIES,
  type Factory,
  SALES_COMPANIES,
  type SalesCompany,
} from './organisation.ts';
import {
  applyDiscount,
  type DiscountGroup,
  discountGroupsFromTable,
  dkkToEur,
  type ExchangeRate,
  exchangeRateAt,
  grossPriceFromConfiguration,
  type NetPriceAgreement,
  type PriceValidity,
  QUANTITY_BREAKS_BY_GROUP,
  type QuantityBreak,
  type QuantityBreakSchedule,
  unitPriceAtQuantity,
} from './prices.ts';
import { buildPromotions, type DemoPromotion } from './promotions.ts';
import { buildCatalogue, type Family, type SalesItem } from './sales-items.ts';
import { type ErpScenarios, planScenarios } from './scenarios.ts';

export const DEFAULT_SALES_ITEMS = 5000;
export const MIN_SALES_ITEMS = 100;
export const MAX_SALES_ITEMS = 250_000;
export const DEFAULT_SEED = 20_260_101;
export const DEFAULT_IMAGE_BASE_URL = 'http://localhost:3000/catalog-images';
export const DEFAULT_AS_OF = '2026-01-01T00:00:00Z';

export interface GenerateDemoWorldOptions {
  /** Number of sales items, 100 to 250,000 (default 5,000). */
  salesItems?: number;
  seed?: number;
  /** Base of every image URL; families are served at `${imageBaseUrl}/${familyId}.svg`. */
  imageBaseUrl?: string;
  /** ISO date-time with offset that every date derives from. */
  asOf?: string;
}

export interface DemoWorld extends CustomerData {
  /** The options the world was generated with, defaults filled in. */
  options: Required<GenerateDemoWorldOptions>;
  facets: FacetDefinition[];
  families: Family[];
  salesItems: SalesItem[];
  salesCompanies: SalesCompany[];
  factories: Factory[];
  itemLifecycleStates: ItemLifecycleStates;
  erpScenarios: ErpScenarios;
  shipMethods: ShipMethod[];
  vatRates: VatRate[];
  taxGroups: TaxGroup[];
  exchangeRates: ExchangeRate[];
  discountGroups: DiscountGroup[];
  netPriceAgreements: NetPriceAgreement[];
  quantityBreaks: QuantityBreakSchedule[];
  priceValidity: PriceValidity;
  promotions: DemoPromotion[];
}

function normaliseOptions(options: GenerateDemoWorldOptions): Required<GenerateDemoWorldOptions> {
  const salesItems = options.salesItems ?? DEFAULT_SALES_ITEMS;
  if (!Number.isInteger(salesItems) || salesItems < MIN_SALES_ITEMS || salesItems > MAX_SALES_ITEMS) {
    throw new RangeError(`salesItems must be an integer from ${MIN_SALES_ITEMS} to ${MAX_SALES_ITEMS}`);
  }
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(seed)) throw new RangeError('seed must be an integer');
  const imageBaseUrl = (options.imageBaseUrl ?? DEFAULT_IMAGE_BASE_URL).replace(/\/+$/, '');
  let protocol: string;
  try {
    protocol = new URL(imageBaseUrl).protocol;
  } catch {
    throw new RangeError(`imageBaseUrl is not a URL: "${imageBaseUrl}"`);
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw new RangeError('imageBaseUrl must be http(s)');
  const asOf = options.asOf ?? DEFAULT_AS_OF;
  parseAsOf(asOf);
  return { salesItems, seed, imageBaseUrl, asOf };
}

export function generateDemoWorld(options: GenerateDemoWorldOptions = {}): DemoWorld {
  const normalised = normaliseOptions(options);
  const asOfTime = parseAsOf(normalised.asOf);

  const { families, salesItems } = buildCatalogue(normalised);
  const customers = buildCustomers(asOfTime);
  const plan = planScenarios(salesItems, customers);
  const itemLifecycleStates = buildItemLifecycleStates(
    salesItems,
    normalised.seed,
    plan.overrides,
    plan.protectedItems,
  );

  const exchangeRates: ExchangeRate[] = [
    { days: -90, rate: 7_458_900 },
    { days: -30, rate: 7_461_700 },
    { days: 0, rate: 7_460_400 },
  ].map(({ days, rate }) => {
    const validFrom = daysFrom(asOfTime, days);
    return {
      id: `DKK-EUR-${validFrom.slice(0, 10)}`,
      baseCurrency: 'DKK',
      quoteCurrency: 'EUR',
      dkkPerEurScaled: rate,
      validFrom,
    };
  });

  return {
    options: normalised,
    facets: FACETS.map((facet) => ({ ...facet })),
    families,
    salesItems,
    salesCompanies: structuredClone([...SALES_COMPANIES]),
    factories: structuredClone([...FACTORIES]),
    itemLifecycleStates,
    erpScenarios: plan.scenarios,
    ...customers,
    promotions: buildPromotions(asOfTime),
    shipMethods: structuredClone([...SHIP_METHODS]),
    vatRates: structuredClone([...VAT_RATES]),
    taxGroups: structuredClone([...TAX_GROUPS]),
    exchangeRates,
    discountGroups: discountGroupsFromTable(),
    netPriceAgreements: netPriceAgreements(salesItems, plan.scenarios, exchangeRates, asOfTime),
    quantityBreaks: quantityBreakSchedules(families, salesItems),
    // Open-ended and starting a year before asOf, so a demo started on any later day has prices.
    priceValidity: {
      priceListId: 'GROSS-DKK',
      currency: 'DKK',
      validFrom: daysFrom(asOfTime, -365),
      validTo: null,
    },
  };
}

/** A few fixed net prices for ACME (DKK) and Bauer (EUR), plus one expired agreement. */
function netPriceAgreements(
  salesItems: readonly SalesItem[],
  scenarios: ErpScenarios,
  exchangeRates: readonly ExchangeRate[],
  asOfTime: number,
): NetPriceAgreement[] {
  const byNumber = new Map(salesItems.map((item) => [item.salesItemNumber, item]));
  const items = scenarios.orderableSalesItemNumbers
    .map((number) => byNumber.get(number))
    .filter((item): item is SalesItem => item !== undefined);
  const rate = exchangeRateAt(exchangeRates, isoDateTime(asOfTime));
  const agreements: NetPriceAgreement[] = [];
  const add = (
    companyId: string,
    item: SalesItem,
    currency: Currency,
    discountBasisPoints: number,
    validToDays: number | null,
  ) => {
    const dkk = applyDiscount(item.grossPrice, discountBasisPoints);
    agreements.push({
      id: `NPA-${companyId}-${item.salesItemNumber}-${currency}`,
      companyId,
      salesItemNumber: item.salesItemNumber,
      currency,
      price: currency === 'DKK' ? dkk : dkkToEur(dkk, rate),
      validFrom: daysFrom(asOfTime, -365),
      validTo: validToDays === null ? null : daysFrom(asOfTime, validToDays),
    });
  };
  items.slice(0, 3).forEach((item, index) => {
    add('acme-dk', item, 'DKK', 2200 - index * 200, 3 * 365);
  });
  items.slice(1, 4).forEach((item, index) => {
    add('bauer-de', item, 'EUR', 2000 - index * 100, 3 * 365);
  });
  const expired = items[3];
  if (expired) add('acme-dk', expired, 'DKK', 3000, -10);
  return agreements;
}

function quantityBreakSchedules(
  families: readonly Family[],
  salesItems: readonly SalesItem[],
): QuantityBreakSchedule[] {
  const schedules: QuantityBreakSchedule[] = [];
  for (const family of families) {
    const breaks = QUANTITY_BREAKS_BY_GROUP[family.productFamilyGroup].map((entry) => ({ ...entry }));
    if (family.configurable) {
      schedules.push({ id: `QB-${family.id}`, familyId: family.id, salesItemNumber: null, breaks });
    }
  }
  // Accessories are priced per item: cheap handsets get a deeper break at 250 pieces.
  for (const item of salesItems) {
    const family = families.find((candidate) => candidate.id === item.familyId);
    if (!family || family.configurable) continue;
    const breaks = QUANTITY_BREAKS_BY_GROUP.Accessories.map((entry) => ({ ...entry }));
    if (item.grossPrice < 50_000) breaks.push({ quantity: 250, discountBasisPoints: 1200 });
    schedules.push({
      id: `QB-${item.salesItemNumber}`,
      familyId: null,
      salesItemNumber: item.salesItemNumber,
      breaks,
    });
  }
  return schedules;
}

// --- Look-ups over a world ----------------------------------------------------------------------

const itemIndexes = new WeakMap<DemoWorld, Map<string, SalesItem>>();
const familyIndexes = new WeakMap<DemoWorld, Map<string, Family>>();

export function findSalesItem(world: DemoWorld, salesItemNumber: string): SalesItem | undefined {
  let index = itemIndexes.get(world);
  if (!index) {
    index = new Map(world.salesItems.map((item) => [item.salesItemNumber, item]));
    itemIndexes.set(world, index);
  }
  return index.get(salesItemNumber);
}

export function findFamily(world: DemoWorld, familyId: string): Family | undefined {
  let index = familyIndexes.get(world);
  if (!index) {
    index = new Map(world.families.map((family) => [family.id, family]));
    familyIndexes.set(world, index);
  }
  return index.get(familyId);
}

/**
 * Gross price of a sales item in DKK minor units, recomputed from its family's base price and
 * option markups (equals the stored item.grossPrice). undefined for an unknown number.
 */
export function grossPriceOf(world: DemoWorld, salesItemNumber: string): number | undefined {
  const item = findSalesItem(world, salesItemNumber);
  if (!item) return undefined;
  const family = findFamily(world, item.familyId);
  if (!family) return undefined;
  return grossPriceFromConfiguration(family.basePrice, family.optionMarkups, item.configuration);
}

/** The quantity breaks of an item: its own schedule, else its family's. */
export function quantityBreaksFor(world: DemoWorld, salesItemNumber: string): QuantityBreak[] {
  const item = findSalesItem(world, salesItemNumber);
  if (!item) return [];
  const own = world.quantityBreaks.find((schedule) => schedule.salesItemNumber === salesItemNumber);
  const family = own ?? world.quantityBreaks.find((schedule) => schedule.familyId === item.familyId);
  return family?.breaks ?? [{ quantity: 1, discountBasisPoints: 0 }];
}

export interface PriceSchedule {
  id: string;
  name: string;
  currency: Currency;
  minQuantity: number;
  maxQuantity: number | null;
  /** Unit price per break in minor units of `currency` (largest quantity ≤ ordered applies). */
  priceBreaks: { quantity: number; price: number }[];
}

/**
 * The gross (list) price schedule of an item in a currency, for the platform's price schedules:
 * gross price converted at the rate valid at `date` (default asOf), less each quantity break.
 */
export function priceScheduleFor(
  world: DemoWorld,
  salesItemNumber: string,
  currency: Currency,
  date: string = world.options.asOf,
): PriceSchedule | undefined {
  const item = findSalesItem(world, salesItemNumber);
  if (!item) return undefined;
  const rate = exchangeRateAt(world.exchangeRates, date);
  const unit = currency === 'DKK' ? item.grossPrice : dkkToEur(item.grossPrice, rate);
  const breaks = quantityBreaksFor(world, salesItemNumber);
  return {
    id: `${salesItemNumber}-${currency}`,
    name: `${item.name} (${currency})`,
    currency,
    minQuantity: 1,
    maxQuantity: null,
    priceBreaks: breaks.map((entry) => ({
      quantity: entry.quantity,
      price: unitPriceAtQuantity(unit, [entry], entry.quantity),
    })),
  };
}
