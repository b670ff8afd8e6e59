import { boolean, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const buyers = pgTable('buyers', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  defaultCatalogId: text('default_catalog_id'),
  active: boolean('active').notNull().default(true),
  xp: jsonb('xp').$type<Record<string, unknown>>().notNull().default({}),
  dateCreated: timestamp('date_created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
