/**
 * Prices. All money is an integer of minor units (øre, cent); gross prices are in DKK, the base
 * currency. The gross price of a sales item is its family's base price plus the markup of every
 * facet value of its configuration, which is what the price service's gross-price call answers.
 * Customer prices then apply (in this order, by the price service): a net price agreement, else the
 * discount group of the customer's family group, then the quantity break, then conversion to EUR.
 */
import { type FacetKey, type FacetValue, facetValueLabel, type SalesItemConfiguration } from './facets.ts';
import type {
  AccessoryFamilyDefinition,
  ConfigurableFamilyDefinition,
  ProductFamilyGroup,
} from './families.ts';
import type { Currency } from './organisation.ts';

/** facet → value label → markup in DKK minor units. Values not listed cost nothing extra. */
export type OptionMarkups = Partial<Record<FacetKey, Record<string, number>>>;

/** Scale of exchange rates: a rate is DKK per 1 EUR × 1,000,000. */
export const EXCHANGE_RATE_SCALE = 1_000_000;
/** 10,000 basis points = 100 %. */
export const BASIS_POINTS = 10_000;

// --- Option markups ---------------------------------------------------------------------------

/** Shared list prices of options, DKK minor units, before the family's option scale. */
const OPTION_LIST_PRICES: OptionMarkups = {
  voltage: { '36 V': 12_000, '48 V': 18_000 },
  feedback: {
    'End-stop signals': 9_000,
    'Single Hall': 15_000,
    'Dual Hall': 26_000,
    Potentiometer: 21_000,
    'Analogue 0-10 V': 38_000,
    'Analogue 4-20 mA': 42_000,
    PWM: 34_000,
    Modbus: 78_000,
    'CAN bus': 85_000,
    'LIN bus': 52_000,
  },
  controllerPlatform: { 'Integrated controller': 95_000 },
  integratedControllerType: { Parallel: 45_000 },
  type: {
    'Threaded stud': 6_000,
    Fork: 14_000,
    'Rectangular column': 15_000,
    'Round 3-stage': 20_000,
  },
  material: {
    'Stainless steel': 18_000,
    'Aluminium with plastic liner': 4_000,
    'Aluminium, anodised': 12_000,
    'Steel, black powder-coated': 8_000,
    'Steel, white powder-coated': 8_000,
  },
  orientation: { '90°': 3_000, Reversed: 10_000 },
  pistonRodEyeType: { 'Non-rotating eye': 12_000, 'Threaded rod end': 5_000, 'Slotted eye': 7_000 },
  pistonRodEyeMaterial: { 'Stainless steel': 6_000 },
  cablePlugType: { Molex: 2_000, DIN: 6_000, M12: 14_000, 'M12 sealed': 32_000 },
};

/** Protection upgrades are priced against the family's standard protection class. */
const PROTECTION_LIST_PRICES: Record<string, number> = {
  IPX4: 0,
  IP54: 6_000,
  IPX6: 9_000,
  IP66: 25_000,
  IP69K: 80_000,
};

/** Cable per metre above the first, DKK minor units. */
const CABLE_PRICE_PER_EXTRA_M = 2_500;

/** Rounds to whole DKK (100 øre): list prices are kept in whole kroner. */
function wholeKroner(minor: number): number {
  return Math.round(minor / 100) * 100;
}

/** The markup table of a configurable family. */
export function configurableMarkups(family: ConfigurableFamilyDefinition): OptionMarkups {
  const scale = family.pricing.optionScale;
  const markups: OptionMarkups = {};
  for (const [facet, values] of Object.entries(OPTION_LIST_PRICES) as [FacetKey, Record<string, number>][]) {
    if (!family.usedFacets.includes(facet)) continue;
    const scaled: Record<string, number> = {};
    for (const [label, price] of Object.entries(values)) scaled[label] = wholeKroner(price * scale);
    markups[facet] = scaled;
  }

  const shortest = Math.min(...family.strokesMm);
  markups.strokeLength = Object.fromEntries(
    [...family.strokesMm]
      .sort((a, b) => a - b)
      .map((stroke) => [`${stroke} mm`, wholeKroner((stroke - shortest) * family.pricing.strokePricePerMm)]),
  );
  markups.maxLoadPush = Object.fromEntries(
    [...family.loads]
      .sort((a, b) => a.maxLoadPushN - b.maxLoadPushN)
      .map((option, step) => [`${option.maxLoadPushN} N`, step * family.pricing.loadStepPrice]),
  );
  const standardProtection = PROTECTION_LIST_PRICES[family.protectionClasses[0]!] ?? 0;
  markups.protectionClass = Object.fromEntries(
    family.protectionClasses.map((protection) => [
      protection,
      wholeKroner(Math.max(0, (PROTECTION_LIST_PRICES[protection] ?? 0) - standardProtection) * scale),
    ]),
  );
  markups.cableLength = Object.fromEntries(
    family.cableLengthsM.map((length) => [`${length} m`, (length - 1) * CABLE_PRICE_PER_EXTRA_M]),
  );
  return markups;
}

/** Accessories: the base is the cheapest item; each item type carries the rest of its price. */
export function accessoryPricing(family: AccessoryFamilyDefinition): {
  basePrice: number;
  markups: OptionMarkups;
} {
  const basePrice = Math.min(...family.items.map((item) => item.grossPrice));
  const type: Record<string, number> = {};
  for (const item of family.items) type[item.type] = item.grossPrice - basePrice;
  return { basePrice, markups: { type } };
}

/** Markup of one facet value (0 when the table has none). */
export function markupOf(markups: OptionMarkups, facet: FacetKey, value: FacetValue): number {
  return markups[facet]?.[facetValueLabel(value)] ?? 0;
}

/** base + Σ markups of the configuration: the gross price in DKK minor units. */
export function grossPriceFromConfiguration(
  basePrice: number,
  markups: OptionMarkups,
  configuration: SalesItemConfiguration,
): number {
  let price = basePrice;
  for (const [facet, value] of Object.entries(configuration) as [FacetKey, FacetValue][]) {
    price += markupOf(markups, facet, value);
  }
  return price;
}

// --- Exchange rates ---------------------------------------------------------------------------

export interface ExchangeRate {
  id: string;
  baseCurrency: 'DKK';
  quoteCurrency: 'EUR';
  /** DKK per 1 EUR × EXCHANGE_RATE_SCALE, e.g. 7,460,400 for 7.4604. */
  dkkPerEurScaled: number;
  validFrom: string;
}

/** The rate valid at `date` (ISO): the latest with validFrom ≤ date, else the earliest. */
export function exchangeRateAt(rates: readonly ExchangeRate[], date: string): ExchangeRate {
  const time = Date.parse(date);
  const sorted = [...rates].sort((a, b) => Date.parse(a.validFrom) - Date.parse(b.validFrom));
  let chosen = sorted[0];
  if (!chosen) throw new RangeError('No exchange rates');
  for (const rate of sorted) if (Date.parse(rate.validFrom) <= time) chosen = rate;
  return chosen;
}

/** Integer division rounding half away from zero (the money rounding rule of @actuate/contracts). */
function divideRounded(numerator: bigint, denominator: bigint): bigint {
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (2n * n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

/** Converts DKK minor units to EUR minor units (cent) at a scaled rate. */
export function dkkToEur(amountDkkMinor: number, rate: Pick<ExchangeRate, 'dkkPerEurScaled'>): number {
  return Number(
    divideRounded(BigInt(amountDkkMinor) * BigInt(EXCHANGE_RATE_SCALE), BigInt(rate.dkkPerEurScaled)),
  );
}

/** Converts EUR minor units to DKK minor units at a scaled rate. */
export function eurToDkk(amountEurMinor: number, rate: Pick<ExchangeRate, 'dkkPerEurScaled'>): number {
  return Number(
    divideRounded(BigInt(amountEurMinor) * BigInt(rate.dkkPerEurScaled), BigInt(EXCHANGE_RATE_SCALE)),
  );
}

/** A DKK amount in the given currency. */
export function convertFromDkk(amountDkkMinor: number, currency: Currency, rate: ExchangeRate): number {
  return currency === 'DKK' ? amountDkkMinor : dkkToEur(amountDkkMinor, rate);
}

/** amount × (1 − basisPoints / 10,000), rounded half away from zero. */
export function applyDiscount(amount: number, discountBasisPoints: number): number {
  return Number(
    divideRounded(BigInt(amount) * BigInt(BASIS_POINTS - discountBasisPoints), BigInt(BASIS_POINTS)),
  );
}

// --- Discounts, agreements, quantity breaks ---------------------------------------------------

/**
 * Discount in basis points for a family group. companyId null = the sales company's default for
 * every customer it serves; a customer entry replaces the default for that customer.
 */
export interface DiscountGroup {
  id: string;
  salesCompanyId: string;
  companyId: string | null;
  productFamilyGroup: ProductFamilyGroup;
  discountBasisPoints: number;
}

/** A customer's fixed net unit price for one sales item in one currency. */
export interface NetPriceAgreement {
  id: string;
  companyId: string;
  salesItemNumber: string;
  currency: Currency;
  /** Net unit price in minor units of `currency`; replaces gross price and discount group. */
  price: number;
  validFrom: string;
  validTo: string | null;
}

export interface QuantityBreak {
  /** Applies from this quantity up (the largest break ≤ the ordered quantity wins). */
  quantity: number;
  discountBasisPoints: number;
}

/** Quantity breaks of a family or, taking precedence, of one sales item. */
export interface QuantityBreakSchedule {
  id: string;
  familyId: string | null;
  salesItemNumber: string | null;
  breaks: QuantityBreak[];
}

export interface PriceValidity {
  priceListId: string;
  currency: 'DKK';
  validFrom: string;
  /** null: valid until a newer list replaces it. */
  validTo: string | null;
}

/** The break for a quantity: the largest break quantity ≤ quantity (docs/domain.md, Prices on a line). */
export function breakFor(breaks: readonly QuantityBreak[], quantity: number): QuantityBreak | undefined {
  let chosen: QuantityBreak | undefined;
  for (const candidate of breaks) {
    if (candidate.quantity <= quantity && (!chosen || candidate.quantity > chosen.quantity))
      chosen = candidate;
  }
  return chosen;
}

/** Unit price at a quantity: the unit price less the discount of the applicable break. */
export function unitPriceAtQuantity(
  unitPrice: number,
  breaks: readonly QuantityBreak[],
  quantity: number,
): number {
  return applyDiscount(unitPrice, breakFor(breaks, quantity)?.discountBasisPoints ?? 0);
}

export const QUANTITY_BREAKS_BY_GROUP: Record<ProductFamilyGroup, QuantityBreak[]> = {
  Industrial: [
    { quantity: 1, discountBasisPoints: 0 },
    { quantity: 10, discountBasisPoints: 300 },
    { quantity: 50, discountBasisPoints: 700 },
    { quantity: 100, discountBasisPoints: 1000 },
  ],
  Compact: [
    { quantity: 1, discountBasisPoints: 0 },
    { quantity: 10, discountBasisPoints: 400 },
    { quantity: 50, discountBasisPoints: 900 },
    { quantity: 100, discountBasisPoints: 1200 },
    { quantity: 500, discountBasisPoints: 1500 },
  ],
  Medical: [
    { quantity: 1, discountBasisPoints: 0 },
    { quantity: 10, discountBasisPoints: 250 },
    { quantity: 50, discountBasisPoints: 500 },
    { quantity: 100, discountBasisPoints: 800 },
  ],
  Furniture: [
    { quantity: 1, discountBasisPoints: 0 },
    { quantity: 25, discountBasisPoints: 500 },
    { quantity: 100, discountBasisPoints: 1000 },
    { quantity: 500, discountBasisPoints: 1500 },
  ],
  Accessories: [
    { quantity: 1, discountBasisPoints: 0 },
    { quantity: 25, discountBasisPoints: 400 },
    { quantity: 100, discountBasisPoints: 800 },
  ],
};

/** Discount groups by sales company (defaults) and per customer, basis points per family group. */
export const DISCOUNT_TABLE: readonly {
  salesCompanyId: string;
  companyId: string | null;
  discounts: Partial<Record<ProductFamilyGroup, number>>;
}[] = [
  { salesCompanyId: 'ADK', companyId: null, discounts: { Industrial: 0, Accessories: 0 } },
  { salesCompanyId: 'ADE', companyId: null, discounts: { Industrial: 200, Medical: 200 } },
  { salesCompanyId: 'ANL', companyId: null, discounts: { Furniture: 300 } },
  { salesCompanyId: 'ASE', companyId: null, discounts: { Industrial: 150 } },
  {
    salesCompanyId: 'ADK',
    companyId: 'acme-dk',
    discounts: { Industrial: 1200, Compact: 800, Accessories: 500 },
  },
  {
    salesCompanyId: 'ADE',
    companyId: 'bauer-de',
    discounts: { Industrial: 1500, Compact: 1000, Accessories: 700 },
  },
  { salesCompanyId: 'ADK', companyId: 'hold-dk', discounts: { Industrial: 500 } },
  { salesCompanyId: 'ADK', companyId: 'fynsk-pleje-dk', discounts: { Medical: 1400, Accessories: 600 } },
  {
    salesCompanyId: 'ADK',
    companyId: 'kontorinventar-dk',
    discounts: { Furniture: 1800, Accessories: 1000 },
  },
  { salesCompanyId: 'ADE', companyId: 'solartec-de', discounts: { Industrial: 2000 } },
  { salesCompanyId: 'ADE', companyId: 'klinikbedarf-de', discounts: { Medical: 1100 } },
  { salesCompanyId: 'ANL', companyId: 'van-dijk-nl', discounts: { Industrial: 900, Compact: 900 } },
  { salesCompanyId: 'ANL', companyId: 'zorgbed-nl', discounts: { Medical: 1300, Accessories: 500 } },
  { salesCompanyId: 'ASE', companyId: 'lantbruk-se', discounts: { Industrial: 1000 } },
];

export function discountGroupsFromTable(): DiscountGroup[] {
  const groups: DiscountGroup[] = [];
  for (const row of DISCOUNT_TABLE) {
    for (const [group, discountBasisPoints] of Object.entries(row.discounts) as [
      ProductFamilyGroup,
      number,
    ][]) {
      groups.push({
        id: `DG-${row.salesCompanyId}-${row.companyId ?? 'DEFAULT'}-${group.toUpperCase()}`,
        salesCompanyId: row.salesCompanyId,
        companyId: row.companyId,
        productFamilyGroup: group,
        discountBasisPoints,
      });
    }
  }
  return groups;
}
