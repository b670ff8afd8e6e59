import type { PriceSchedule } from 'ordercloud-javascript-sdk';
import { getConfig } from '../config';
import type { BuyerSession } from './session';

/*
 * Prices for display, server side only.
 *
 * The customer's own prices come from the price service (`POST /price/product/{family}/salesprice/
 * currency/{currency}`, `POST /price/salesitem/{sku}/salesprice/currency/{currency}`), which needs
 * the customer's sales company and ERP account (`buyer.customer`). When those are not known to the
 * storefront (the platform lets only buyer admins read the company), the platform's list prices are
 * shown instead (the product's price schedule, the commercial variants' ranges) and marked `list`;
 * the order's unit prices are the customer's in any case once the checkout calculates them.
 * Every function answers undefined rather than throwing when a price cannot be had.
 */

export type PriceSource = 'customer' | 'list';

export interface PriceRange {
  readonly min: number;
  readonly max: number;
  readonly currency: string;
  readonly source: PriceSource;
}

export interface UnitPrice {
  readonly amount: number;
  readonly currency: string;
  readonly source: PriceSource;
}

export interface PriceBreakRow {
  readonly quantity: number;
  readonly unitPrice: number;
}

const TIMEOUT_MS = 4000;

async function postPrice<T>(path: string, body: unknown): Promise<T | undefined> {
  try {
    const { priceServiceUrl, priceServiceApiKey } = getConfig();
    const response = await fetch(`${priceServiceUrl}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-api-key': priceServiceApiKey,
      },
      body: JSON.stringify(body),
      cache: 'no-store',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) return undefined;
    return (await response.json()) as T;
  } catch {
    return undefined;
  }
}

type Money = { amount: number; currency: string };

/** The customer's price range of a family (quantity 1, active items), from the price service. */
export async function customerFamilyRange(
  buyer: BuyerSession,
  familyId: string,
): Promise<PriceRange | undefined> {
  if (!buyer.customer) return undefined;
  const answer = await postPrice<{ minPrice: Money; maxPrice: Money }>(
    `/price/product/${encodeURIComponent(familyId)}/salesprice/currency/${buyer.currency}`,
    { customer: buyer.customer },
  );
  if (!answer) return undefined;
  return {
    min: answer.minPrice.amount,
    max: answer.maxPrice.amount,
    currency: buyer.currency,
    source: 'customer',
  };
}

/** The customer's unit price of a sales item at a quantity, from the price service. */
export async function customerItemPrice(
  buyer: BuyerSession,
  salesItemNumber: string,
  quantity = 1,
): Promise<UnitPrice | undefined> {
  if (!buyer.customer) return undefined;
  const answer = await postPrice<{ price: Money }>(
    `/price/salesitem/${encodeURIComponent(salesItemNumber)}/salesprice/currency/${buyer.currency}`,
    { customer: buyer.customer, quantity },
  );
  return answer
    ? { amount: answer.price.amount, currency: answer.price.currency, source: 'customer' }
    : undefined;
}

/** The list unit price of a schedule at a quantity (the largest break at or below it). */
export function scheduleUnitPrice(
  schedule: PriceSchedule | null | undefined,
  quantity: number,
): number | undefined {
  const breaks = [...(schedule?.PriceBreaks ?? [])].sort((a, b) => (a.Quantity ?? 0) - (b.Quantity ?? 0));
  let price: number | undefined;
  for (const b of breaks) {
    if ((b.Quantity ?? 0) <= quantity) price = b.SalePrice ?? b.Price ?? price;
  }
  return price;
}

/**
 * The unit price at each quantity break of the item's schedule: the customer's prices where the
 * price service knows the customer, else the schedule's list prices.
 */
export async function priceBreaks(
  buyer: BuyerSession,
  salesItemNumber: string,
  schedule: PriceSchedule | null | undefined,
): Promise<{ rows: PriceBreakRow[]; source: PriceSource }> {
  const quantities = [...new Set((schedule?.PriceBreaks ?? []).map((b) => b.Quantity ?? 1))].sort(
    (a, b) => a - b,
  );
  if (quantities.length === 0) quantities.push(1);
  if (buyer.customer) {
    const prices = await Promise.all(quantities.map((q) => customerItemPrice(buyer, salesItemNumber, q)));
    if (prices.every((p) => p !== undefined)) {
      return {
        rows: quantities.map((quantity, i) => ({ quantity, unitPrice: (prices[i] as UnitPrice).amount })),
        source: 'customer',
      };
    }
  }
  const rows = quantities
    .map((quantity) => ({ quantity, unitPrice: scheduleUnitPrice(schedule, quantity) }))
    .filter((row): row is PriceBreakRow => row.unitPrice !== undefined);
  return { rows, source: 'list' };
}
