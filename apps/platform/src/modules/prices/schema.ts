import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A price break in minor units of the schedule's currency (decimals only at the API boundary). */
export interface StoredPriceBreak {
  Quantity: number;
  Price: number;
  SalePrice: number | null;
  SubscriptionPrice: number | null;
  BundlePrice: number | null;
}

export const priceSchedules = pgTable('price_schedules', {
  id: text('id').primaryKey(),
  ownerId: text('owner_id'),
  name: text('name').notNull(),
  applyTax: boolean('apply_tax').notNull().default(false),
  applyShipping: boolean('apply_shipping').notNull().default(false),
  minQuantity: integer('min_quantity'),
  maxQuantity: integer('max_quantity'),
  useCumulativeQuantity: boolean('use_cumulative_quantity').notNull().default(false),
  restrictedQuantity: boolean('restricted_quantity').notNull().default(false),
  currency: text('currency').notNull(),
  saleStart: timestamp('sale_start', { withTimezone: true, mode: 'date' }),
  saleEnd: timestamp('sale_end', { withTimezone: true, mode: 'date' }),
  priceBreaks: jsonb('price_breaks').$type<StoredPriceBreak[]>().notNull().default([]),
  xp: jsonb('xp').$type<Record<string, unknown>>().notNull().default({}),
});
