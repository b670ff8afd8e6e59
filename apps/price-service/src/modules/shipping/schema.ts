import { bigint, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** Ship methods and the destination countries they serve. */
export const shipMethods = pgTable('ship_methods', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  countries: jsonb('countries').$type<string[]>().notNull(),
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
