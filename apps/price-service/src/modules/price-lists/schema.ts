import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Gross price lists (DKK) and the period they are valid in. */
export const priceLists = pgTable('price_lists', {
  id: text('id').primaryKey(),
  currency: text('currency').notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).notNull(),
  /** null: open-ended. Exclusive end. */
  validTo: timestamp('valid_to', { withTimezone: true, mode: 'date' }),
});

/** Product families: the family group decides the discount group; base price in DKK minor units. */
export const productFamilies = pgTable('product_families', {
  id: text('id').primaryKey(),
  productFamilyGroup: text('product_family_group').notNull(),
  basePrice: bigint('base_price', { mode: 'number' }).notNull(),
});

/** Every option a family offers, with its markup in DKK minor units (0 = no extra cost). */
export const optionMarkups = pgTable(
  'option_markups',
  {
    familyId: text('family_id')
      .notNull()
      .references(() => productFamilies.id),
    facet: text('facet').notNull(),
    value: text('value').notNull(),
    markup: bigint('markup', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.familyId, table.facet, table.value] })],
);

/** Sales items with their gross price (DKK minor units) on a price list. */
export const salesItems = pgTable(
  'sales_items',
  {
    salesItemNumber: text('sales_item_number').primaryKey(),
    familyId: text('family_id')
      .notNull()
      .references(() => productFamilies.id),
    priceListId: text('price_list_id')
      .notNull()
      .references(() => priceLists.id),
    grossPrice: bigint('gross_price', { mode: 'number' }).notNull(),
    /** Only active items count for a family's price range. */
    active: boolean('active').notNull(),
    shipWeightGrams: integer('ship_weight_grams').notNull(),
    /** facet → value label of the item's configuration (for the gross price of a re-configuration). */
    configuration: jsonb('configuration').$type<Record<string, string>>().notNull(),
  },
  (table) => [index('sales_items_family_idx').on(table.familyId)],
);
