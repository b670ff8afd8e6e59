/**
 * The customer price rule, pure and in integer minor units. Order of operations (one rounding per
 * step, always round half away from zero via @actuate/contracts `multiplyRatio`):
 *
 * 1. Start price: a valid net price agreement of the customer for the item (its own currency), else
 *    the gross price (DKK, base + option markups as on the price list) less the customer's discount
 *    group for the item's family group: gross × (10 000 − bp) / 10 000 → rounded.
 * 2. Quantity break: the largest break with minQuantity ≤ quantity: price × (10 000 − bp) / 10 000
 *    → rounded.
 * 3. Currency: converted at the rate valid on the price date when the start currency differs from the
 *    requested one: DKK→EUR = amount × 1 000 000 / dkkPerEurScaled → rounded (EUR→DKK the inverse).
 *
 * The result is the unit price. Line amounts multiply it by the quantity exactly (no rounding).
 */
import { BASIS_POINTS_PER_WHOLE, multiplyRatio, type PriceCurrency } from '@actuate/contracts';
import { convert } from '../currency/service.ts';
import type { BreakEntry } from '../price-catalog/snapshot.ts';

/** price less a discount in basis points, rounded half away from zero. */
export function discounted(price: number, discountBasisPoints: number): number {
  return multiplyRatio(price, BASIS_POINTS_PER_WHOLE - discountBasisPoints, BASIS_POINTS_PER_WHOLE);
}

/** The break for a quantity: the largest minQuantity ≤ quantity (breaks ascending), else none. */
export function breakFor(
  breaks: readonly BreakEntry[] | undefined,
  quantity: number,
): BreakEntry | undefined {
  let chosen: BreakEntry | undefined;
  if (!breaks) return undefined;
  for (const entry of breaks) {
    if (entry.minQuantity <= quantity) chosen = entry;
    else break;
  }
  return chosen;
}

export interface UnitPriceInput {
  /** Start price in minor units of `startCurrency` (net agreement or gross). */
  startPrice: number;
  startCurrency: PriceCurrency;
  /** Discount group in basis points; applied only when `fromAgreement` is false. */
  discountBasisPoints: number;
  fromAgreement: boolean;
  breakBasisPoints: number;
  currency: PriceCurrency;
  dkkPerEurScaled: number;
}

/**
 * Memo of the pure arithmetic (BigInt rounding is the costly part of pricing an order line): the
 * key is every input of the computation, so an entry can never be stale. Bounded: cleared when full.
 */
const MEMO_LIMIT = 200_000;
const unitPriceMemo = new Map<string, number>();

/** Steps 1–3 above. */
export function unitPrice(input: UnitPriceInput): number {
  const key = `${input.startPrice}|${input.startCurrency}|${input.fromAgreement ? -1 : input.discountBasisPoints}|${input.breakBasisPoints}|${input.currency}|${input.dkkPerEurScaled}`;
  const known = unitPriceMemo.get(key);
  if (known !== undefined) return known;
  const price = computeUnitPrice(input);
  if (unitPriceMemo.size >= MEMO_LIMIT) unitPriceMemo.clear();
  unitPriceMemo.set(key, price);
  return price;
}

function computeUnitPrice(input: UnitPriceInput): number {
  const afterDiscount = input.fromAgreement
    ? input.startPrice
    : discounted(input.startPrice, input.discountBasisPoints);
  const afterBreak = discounted(afterDiscount, input.breakBasisPoints);
  return convert(afterBreak, input.startCurrency, input.currency, input.dkkPerEurScaled);
}
