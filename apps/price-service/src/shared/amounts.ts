import { type MonetaryAmount, type PriceCurrency, toMonetaryAmount } from '@actuate/contracts';

/**
 * Minor units → wire amount via the contracts' `toMonetaryAmount`, memoised per currency (an order
 * answer has 400+ amounts; the decimal formatting is the costly part). Bounded: cleared when full.
 */
const memo: Record<PriceCurrency, Map<number, number>> = { DKK: new Map(), EUR: new Map() };

export function amountOf(minor: number, currency: PriceCurrency): MonetaryAmount {
  const cache = memo[currency];
  let amount = cache.get(minor);
  if (amount === undefined) {
    amount = toMonetaryAmount(minor, currency).amount;
    if (cache.size >= 100_000) cache.clear();
    cache.set(minor, amount);
  }
  return { amount, currency };
}

/** Weights are kept in integer grams; kilograms exist only on the wire. */
export const kgToGrams = (kg: number) => Math.round(kg * 1000);
