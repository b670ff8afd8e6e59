import { bigint, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Ship methods, the destination countries they serve and how they are offered to the buyer. */
export const shipMethods = pgTable('ship_methods', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  countries: jsonb('countries').$type<string[]>().notNull(),
  description: text('description').notNull().default(''),
  /** Business days to each destination country (two-letter code); a country missing has no estimate. */
  transitDays: jsonb('transit_days').$type<Record<string, number>>().notNull().default({}),
  /** Where the method stands in the list offered to the buyer (ascending, then by id). */
  position: integer('position').notNull().default(0),
});

/** Cost of a shipment up to and including `maxWeightGrams`, per currency in minor units. */
export const shipMethodBands = pgTable(
  'ship_method_bands',
  {
    shipMethodId: text('ship_method_id')
      .notNull()
      .references(() => shipMethods.id),
    maxWeightGrams: integer('max_weight_grams').notNull(),
    costDkk: bigint('cost_dkk', { mode: 'number' }).notNull(),
    costEur: bigint('cost_eur', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.shipMethodId, table.maxWeightGrams] })],
);
