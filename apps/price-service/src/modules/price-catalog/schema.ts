import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * One row (id 1): the price-list version. Every admin write bumps it in the same transaction as
 * the change, so each instance's in-process price cache knows when to reload (instances stay
 * stateless and consistent).
 */
export const priceCatalogVersion = pgTable('price_catalog_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
