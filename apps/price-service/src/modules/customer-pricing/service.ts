/**
 * Customer prices over a price snapshot: the unit price of one sales item for a customer, quantity,
 * currency and date (rule in `price-math.ts`), and a family's cheapest and dearest active item.
 */
import type { PriceCurrency } from '@actuate/contracts';
import { type Executor, err, type HttpError, notFound, ok, type Result } from '@actuate/service-kit';
import type { PriceContext } from '../../shared/context.ts';
import { rateAt } from '../currency/service.ts';
import type { PriceCatalog } from '../price-catalog/service.ts';
import {
  type BreakEntry,
  type FamilyEntry,
  familyScheduleKey,
  type ItemEntry,
  itemScheduleKey,
  type NetPriceEntry,
  type PriceSnapshot,
} from '../price-catalog/snapshot.ts';
import { breakFor, unitPrice } from './price-math.ts';
import * as repository from './repository.ts';

export interface CustomerRef {
  salesCompanyId: string;
  customerErpId: string;
}

export type PricingFailure =
  | { code: 'sales-company-not-found'; salesCompanyId: string }
  | { code: 'no-exchange-rate'; priceDate: string }
  | { code: 'no-valid-price'; salesItemNumber: string; priceDate: string };

const customerKey = (customer: CustomerRef) => `${customer.salesCompanyId}|${customer.customerErpId}`;

/** The discount group in basis points: the customer's own, else the sales company default, else 0. */
export function discountFor(
  snapshot: PriceSnapshot,
  customer: CustomerRef,
  productFamilyGroup: string,
): number {
  return (
    snapshot.discounts.get(`${customerKey(customer)}|${productFamilyGroup}`) ??
    snapshot.discounts.get(`${customer.salesCompanyId}||${productFamilyGroup}`) ??
    0
  );
}

/** The item's own break schedule, else its family's (resolved once per snapshot when loaded). */
export function breaksOf(snapshot: PriceSnapshot, item: ItemEntry): readonly BreakEntry[] | undefined {
  if (item.resolvedBreaks !== undefined) return item.resolvedBreaks ?? undefined;
  return (
    snapshot.breaks.get(itemScheduleKey(item.salesItemNumber)) ??
    snapshot.breaks.get(familyScheduleKey(item.familyId))
  );
}

const validAt = (entry: { validFromMs: number; validToMs: number | null }, atMs: number) =>
  entry.validFromMs <= atMs && (entry.validToMs === null || atMs < entry.validToMs);

/**
 * The customer's agreement for an item valid at the date: one in the requested currency wins over
 * one in the other currency; among equals the latest validFrom wins.
 */
export function agreementFor(
  agreements: readonly NetPriceEntry[] | undefined,
  currency: PriceCurrency,
  atMs: number,
): NetPriceEntry | undefined {
  let chosen: NetPriceEntry | undefined;
  if (!agreements) return undefined;
  for (const agreement of agreements) {
    if (!validAt(agreement, atMs)) continue;
    if (
      !chosen ||
      (agreement.currency === currency && chosen.currency !== currency) ||
      (agreement.currency === chosen.currency && agreement.validFromMs > chosen.validFromMs)
    ) {
      chosen = agreement;
    }
  }
  return chosen;
}

export interface PricingRequest {
  customer: CustomerRef;
  currency: PriceCurrency;
  atMs: number;
}

/** Pre-resolved per request: the rate and the customer's agreements. */
export interface PricingScope {
  request: PricingRequest;
  /** undefined when no rate has started by the price date: only a conversion then fails. */
  dkkPerEurScaled: number | undefined;
  /** The customer's discount per family group, filled as the request needs them. */
  discounts: Map<string, number>;
  agreements: Map<string, NetPriceEntry[]> | undefined;
}

export function pricingScope(
  snapshot: PriceSnapshot,
  request: PricingRequest,
): Result<PricingScope, PricingFailure> {
  if (!snapshot.salesCompanies.has(request.customer.salesCompanyId)) {
    return err({ code: 'sales-company-not-found', salesCompanyId: request.customer.salesCompanyId });
  }
  return ok({
    request,
    dkkPerEurScaled: rateAt(snapshot.rates, request.atMs)?.dkkPerEurScaled,
    discounts: new Map(),
    agreements: snapshot.netPrices.get(customerKey(request.customer)),
  });
}

/** The customer's unit price of an item at a quantity, in minor units of the requested currency. */
export function priceItem(
  snapshot: PriceSnapshot,
  scope: PricingScope,
  item: ItemEntry,
  quantity: number,
): Result<number, PricingFailure> {
  const { currency, atMs, customer } = scope.request;
  const agreement = agreementFor(scope.agreements?.get(item.salesItemNumber), currency, atMs);
  const breakBasisPoints = breakFor(breaksOf(snapshot, item), quantity)?.discountBasisPoints ?? 0;
  const startCurrency: PriceCurrency = agreement ? agreement.currency : 'DKK';
  const dkkPerEurScaled = scope.dkkPerEurScaled;
  if (dkkPerEurScaled === undefined && startCurrency !== currency) {
    return err({ code: 'no-exchange-rate', priceDate: new Date(atMs).toISOString() });
  }
  const rate = dkkPerEurScaled ?? 0;
  if (agreement) {
    return ok(
      unitPrice({
        startPrice: agreement.price,
        startCurrency: agreement.currency,
        discountBasisPoints: 0,
        fromAgreement: true,
        breakBasisPoints,
        currency,
        dkkPerEurScaled: rate,
      }),
    );
  }
  const list = snapshot.priceLists.get(item.priceListId);
  if (!list || !validAt(list, atMs)) {
    return err({
      code: 'no-valid-price',
      salesItemNumber: item.salesItemNumber,
      priceDate: new Date(atMs).toISOString(),
    });
  }
  const group = snapshot.families.get(item.familyId)?.productFamilyGroup ?? '';
  let discountBasisPoints = scope.discounts.get(group);
  if (discountBasisPoints === undefined) {
    discountBasisPoints = discountFor(snapshot, customer, group);
    scope.discounts.set(group, discountBasisPoints);
  }
  return ok(
    unitPrice({
      startPrice: item.grossPrice,
      startCurrency: 'DKK',
      discountBasisPoints,
      fromAgreement: false,
      breakBasisPoints,
      currency,
      dkkPerEurScaled: rate,
    }),
  );
}

export interface PriceRange {
  min: number;
  max: number;
  /** How many items were priced one by one (agreements, own schedules, scan). */
  evaluated: number;
}

/**
 * Cheapest and dearest unit price (quantity 1) over the family's active items. The rule is monotone
 * in the gross price for items sharing the family's discount group and break schedule, so among
 * those only the cheapest and dearest by gross price that carry no agreement of the customer need
 * pricing; items with an agreement or their own break schedule are priced one by one. O(number of
 * agreements + special items), not O(family size).
 */
export function familyRange(
  snapshot: PriceSnapshot,
  scope: PricingScope,
  family: FamilyEntry,
): Result<PriceRange, PricingFailure | undefined> {
  let failure: PricingFailure | undefined;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  let evaluated = 0;
  const consider = (item: ItemEntry) => {
    const priced = priceItem(snapshot, scope, item, 1);
    evaluated++;
    if (!priced.ok) {
      if (!failure || priced.error.code === 'no-exchange-rate') failure = priced.error;
      return false;
    }
    if (priced.value < min) min = priced.value;
    if (priced.value > max) max = priced.value;
    return true;
  };
  const { currency, atMs } = scope.request;
  const hasAgreement = (item: ItemEntry) =>
    agreementFor(scope.agreements?.get(item.salesItemNumber), currency, atMs) !== undefined;
  for (const item of family.specialActive) consider(item);
  const items = family.ordinaryActive;
  // The customer's agreements are few: walk them, not the family.
  if (scope.agreements) {
    for (const salesItemNumber of scope.agreements.keys()) {
      const item = snapshot.items.get(salesItemNumber);
      if (item?.familyId === family.id && item.active && hasAgreement(item)) consider(item);
    }
  }
  // Cheapest ordinary item without an agreement that has a valid price, scanning up; dearest, down.
  let low = 0;
  for (; low < items.length; low++) {
    const item = items[low] as ItemEntry;
    if (!hasAgreement(item) && consider(item)) break;
  }
  for (let high = items.length - 1; high > low; high--) {
    const item = items[high] as ItemEntry;
    if (!hasAgreement(item) && consider(item)) break;
  }
  return Number.isFinite(min) ? ok({ min, max, evaluated }) : err(failure);
}

// --- Loading and writing (for the price cache and the admin API) --------------------------------

export async function loadCustomerPricing(executor: Executor) {
  // One after the other: they share the loading transaction's single connection.
  const groups = await repository.listDiscountGroups(executor);
  const agreements = await repository.listNetPrices(executor);
  const breakRows = await repository.listBreaks(executor);
  const discounts = new Map<string, number>();
  for (const group of groups) {
    discounts.set(
      `${group.salesCompanyId}|${group.customerErpId}|${group.productFamilyGroup}`,
      group.discountBasisPoints,
    );
  }
  const netPrices = new Map<string, Map<string, NetPriceEntry[]>>();
  for (const row of agreements) {
    const key = `${row.salesCompanyId}|${row.customerErpId}`;
    const byItem = netPrices.get(key) ?? new Map<string, NetPriceEntry[]>();
    netPrices.set(key, byItem);
    const list = byItem.get(row.salesItemNumber) ?? [];
    list.push({
      id: row.id,
      salesItemNumber: row.salesItemNumber,
      currency: row.currency as PriceCurrency,
      price: row.price,
      validFromMs: row.validFrom.getTime(),
      validToMs: row.validTo ? row.validTo.getTime() : null,
    });
    byItem.set(row.salesItemNumber, list);
  }
  const breaks = new Map<string, BreakEntry[]>();
  for (const row of breakRows) {
    const list = breaks.get(row.scheduleKey) ?? [];
    list.push({ minQuantity: row.minQuantity, discountBasisPoints: row.discountBasisPoints });
    breaks.set(row.scheduleKey, list);
  }
  for (const list of breaks.values()) list.sort((a, b) => a.minQuantity - b.minQuantity);
  return { discounts, netPrices, breaks };
}

export const upsertDiscountGroups = repository.upsertDiscountGroups;
export const upsertNetPrices = repository.upsertNetPrices;
export const replaceBreakSchedules = repository.replaceBreakSchedules;

// --- The calls (context first) ----------------------------------------------------------------

/** Maps a pricing failure to the HTTP error the caller sees. */
export function pricingError(failure: PricingFailure): HttpError {
  switch (failure.code) {
    case 'sales-company-not-found':
      return notFound(failure.code, `Unknown sales company ${failure.salesCompanyId}.`, {
        field: 'customer.salesCompanyId',
        value: failure.salesCompanyId,
      });
    case 'no-exchange-rate':
      return notFound(failure.code, `No DKK/EUR exchange rate is valid on ${failure.priceDate}.`, {
        field: 'priceDate',
      });
    case 'no-valid-price':
      return notFound(
        failure.code,
        `Sales item ${failure.salesItemNumber} has no price valid on ${failure.priceDate}.`,
        {
          salesItemNumber: failure.salesItemNumber,
        },
      );
  }
}

export function scopeOrThrow(snapshot: PriceSnapshot, request: PricingRequest): PricingScope {
  const scope = pricingScope(snapshot, request);
  if (!scope.ok) throw pricingError(scope.error);
  return scope.value;
}

export class CustomerPricingService {
  constructor(private readonly catalog: PriceCatalog) {}

  /** The customer's unit price of a sales item at a quantity and date, in minor units. */
  async salesPrice(
    _context: PriceContext,
    input: PricingRequest & { salesItemNumber: string; quantity: number },
  ): Promise<number> {
    const snapshot = await this.catalog.snapshot();
    const item = snapshot.items.get(input.salesItemNumber);
    if (!item) {
      throw notFound('sales-item-not-found', `Unknown sales item ${input.salesItemNumber}.`, {
        field: 'salesItemNumber',
        value: input.salesItemNumber,
      });
    }
    const priced = priceItem(snapshot, scopeOrThrow(snapshot, input), item, input.quantity);
    if (!priced.ok) throw pricingError(priced.error);
    return priced.value;
  }

  /** The cheapest and dearest customer price of the family's active items (quantity 1). */
  async familyPrice(
    _context: PriceContext,
    input: PricingRequest & { productFamily: string },
  ): Promise<PriceRange> {
    const snapshot = await this.catalog.snapshot();
    const family = snapshot.families.get(input.productFamily);
    if (!family) {
      throw notFound('product-family-not-found', `Unknown product family ${input.productFamily}.`, {
        field: 'productFamily',
        value: input.productFamily,
      });
    }
    const range = familyRange(snapshot, scopeOrThrow(snapshot, input), family);
    if (range.ok) return range.value;
    if (range.error?.code === 'no-exchange-rate') throw pricingError(range.error);
    throw notFound(
      'no-active-sales-items',
      `Product family ${input.productFamily} has no active sales item with a valid price.`,
      { field: 'productFamily', value: input.productFamily },
    );
  }
}
