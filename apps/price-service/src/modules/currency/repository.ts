import type { Executor } from '@actuate/service-kit';
import { sql } from 'drizzle-orm';
import { exchangeRates } from './schema.ts';

export const listRates = (executor: Executor) => executor.select().from(exchangeRates);

export async function upsertRates(
  executor: Executor,
  rates: readonly { validFromMs: number; dkkPerEurScaled: number }[],
): Promise<void> {
  if (rates.length === 0) return;
  await executor
    .insert(exchangeRates)
    .values(
      rates.map((rate) => ({ validFrom: new Date(rate.validFromMs), dkkPerEurScaled: rate.dkkPerEurScaled })),
    )
    .onConflictDoUpdate({
      target: exchangeRates.validFrom,
      set: { dkkPerEurScaled: sql`excluded.dkk_per_eur_scaled` },
    });
}
