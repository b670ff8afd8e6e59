import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export type ItemLifecycleState = 'Released' | 'PhaseOut' | 'Engineering' | 'Blocked' | 'Obsolete';
export type ItemSalesState = 'Active' | 'Stopped';

export const factories = pgTable('factories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  countryCode2: text('country_code2').notNull(),
});

/**
 * ERP items (sales items) with the factory that makes them, the item that replaces them when they
 * are phased out or blocked, their stock and the days the factory needs to make more.
 */
export const items = pgTable('items', {
  salesItemNumber: text('sales_item_number').primaryKey(),
  name: text('name').notNull(),
  factoryId: text('factory_id')
    .notNull()
    .references(() => factories.id),
  successorSalesItemNumber: text('successor_sales_item_number'),
  stockQuantity: integer('stock_quantity').notNull().default(0),
  leadTimeDays: integer('lead_time_days').notNull().default(10),
});

/** Lifecycle state of an item at its factory. */
export const itemFactoryStates = pgTable(
  'item_factory_states',
  {
    salesItemNumber: text('sales_item_number')
      .notNull()
      .references(() => items.salesItemNumber),
    factoryId: text('factory_id')
      .notNull()
      .references(() => factories.id),
    lifecycleState: text('lifecycle_state').$type<ItemLifecycleState>().notNull(),
  },
  (table) => [primaryKey({ columns: [table.salesItemNumber, table.factoryId] })],
);

/** An item set up at a sales company: its lifecycle state and item (sales) state there. No row = not set up. */
export const itemSalesCompanyStates = pgTable(
  'item_sales_company_states',
  {
    salesItemNumber: text('sales_item_number')
      .notNull()
      .references(() => items.salesItemNumber),
    salesCompanyId: text('sales_company_id').notNull(),
    lifecycleState: text('lifecycle_state').$type<ItemLifecycleState>().notNull(),
    itemState: text('item_state').$type<ItemSalesState>().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.salesItemNumber, table.salesCompanyId] }),
    index('item_sales_company_states_company_idx').on(table.salesCompanyId),
  ],
);
