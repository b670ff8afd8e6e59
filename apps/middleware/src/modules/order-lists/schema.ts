import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Order lists (requisition lists). The owner and company are the platform's user and buyer IDs read
 * from the owner's token when the list was made; a shared list is seen by every user of that company.
 */
export const orderLists = pgTable(
  'order_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerUserId: text('owner_user_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    /** The owner's name when the list was last written, for colleagues who see a shared list. */
    ownerName: text('owner_name'),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('order_lists_owner_idx').on(table.ownerUserId),
    index('order_lists_buyer_shared_idx').on(table.buyerId, table.shared),
  ],
);

/** A line keeps the sales item number (never a price) and, for a configured line, its specs. */
export const orderListLines = pgTable(
  'order_list_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id')
      .notNull()
      .references(() => orderLists.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    /** `[{SpecID, OptionID, Value}]` as the platform's line item keeps them; `[]` for a plain item. */
    specs: jsonb('specs').notNull().default([]),
    position: integer('position').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_list_lines_list_idx').on(table.listId, table.position)],
);
