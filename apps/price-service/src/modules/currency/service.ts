/**
 * Currency conversion DKK ⇄ EUR at dated rates. Rates are integers: DKK per 1 EUR × 1,000,000
 * (7.4604 → 7,460,400). One rounding: the converted amount is rounded half away from zero to whole
 * minor units (`multiplyRatio` of @actuate/contracts), once per conversion.
 */
import { multiplyRatio, type PriceCurrency } from '@actuate/contracts';
import type { Executor } from '@actuate/service-kit';
import * as repository from './repository.ts';

export const EXCHANGE_RATE_SCALE = 1_000_000;

export interface DatedRate {
  validFromMs: number;
  dkkPerEurScaled: number;
}

/** The rate valid at `atMs`: the latest with validFrom ≤ atMs; undefined when none has started. */
export function rateAt(sortedRates: readonly DatedRate[], atMs: number): DatedRate | undefined {
  let chosen: DatedRate | undefined;
  for (const rate of sortedRates) {
    if (rate.validFromMs <= atMs) chosen = rate;
    else break;
  }
  return chosen;
}

/** An amount in minor units of `from` expressed in `to`; identity when the currencies are equal. */
export function convert(
  amount: number,
  from: PriceCurrency,
  to: PriceCurrency,
  dkkPerEurScaled: number,
): number {
  if (from === to) return amount;
  return from === 'DKK'
    ? multiplyRatio(amount, EXCHANGE_RATE_SCALE, dkkPerEurScaled)
    : multiplyRatio(amount, dkkPerEurScaled, EXCHANGE_RATE_SCALE);
}

/** All rates, oldest first (for the price cache). */
export async function loadRates(executor: Executor): Promise<DatedRate[]> {
  const rows = await repository.listRates(executor);
  return rows
    .map((row) => ({ validFromMs: row.validFrom.getTime(), dkkPerEurScaled: row.dkkPerEurScaled }))
    .sort((a, b) => a.validFromMs - b.validFromMs);
}

export async function upsertRates(executor: Executor, rates: readonly DatedRate[]): Promise<void> {
  await repository.upsertRates(executor, rates);
}
