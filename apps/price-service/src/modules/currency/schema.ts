import { bigint, pgTable, timestamp } from 'drizzle-orm/pg-core';

/** Dated DKK→EUR rates: DKK per 1 EUR × 1,000,000; the latest with validFrom ≤ the price date applies. */
export const exchangeRates = pgTable('exchange_rates', {
  validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).primaryKey(),
  dkkPerEurScaled: bigint('dkk_per_eur_scaled', { mode: 'number' }).notNull(),
});
