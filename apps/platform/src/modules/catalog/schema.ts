import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const xpColumn = () => jsonb('xp').$type<Record<string, unknown>>().notNull().default({});

export const catalogs = pgTable('catalogs', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  active: boolean('active').notNull().default(true),
  xp: xpColumn(),
});

export const catalogAssignments = pgTable(
  'catalog_assignments',
  {
    catalogId: text('catalog_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    viewAllCategories: boolean('view_all_categories').notNull().default(true),
    viewAllProducts: boolean('view_all_products').notNull().default(true),
  },
  (table) => [
    primaryKey({ columns: [table.catalogId, table.buyerId] }),
    index('catalog_assignments_buyer').on(table.buyerId),
  ],
);

export const categories = pgTable(
  'categories',
  {
    catalogId: text('catalog_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    active: boolean('active').notNull().default(true),
    parentId: text('parent_id'),
    listOrder: integer('list_order').notNull().default(0),
    xp: xpColumn(),
  },
  (table) => [primaryKey({ columns: [table.catalogId, table.id] })],
);

/**
 * Which categories a buyer (or one of its user groups) sees, and whether it sees all their products.
 * Null settings inherit: from the parent category, then from the catalog assignment.
 */
export const categoryAssignments = pgTable(
  'category_assignments',
  {
    catalogId: text('catalog_id').notNull(),
    categoryId: text('category_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    userGroupId: text('user_group_id'),
    visible: boolean('visible'),
    viewAllProducts: boolean('view_all_products'),
  },
  (table) => [
    uniqueIndex('category_assignments_party').on(
      table.catalogId,
      table.categoryId,
      table.buyerId,
      sql`coalesce(${table.userGroupId}, '')`,
    ),
    index('category_assignments_buyer').on(table.buyerId, table.catalogId),
  ],
);

export const categoryProductAssignments = pgTable(
  'category_product_assignments',
  {
    catalogId: text('catalog_id').notNull(),
    categoryId: text('category_id').notNull(),
    productId: text('product_id').notNull(),
    listOrder: integer('list_order').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.catalogId, table.categoryId, table.productId] }),
    index('category_product_assignments_product').on(table.productId),
  ],
);

export const productCatalogAssignments = pgTable(
  'product_catalog_assignments',
  {
    catalogId: text('catalog_id').notNull(),
    productId: text('product_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.catalogId, table.productId] }),
    index('product_catalog_assignments_product').on(table.productId),
  ],
);

export const products = pgTable('products', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description'),
  active: boolean('active').notNull().default(true),
  defaultPriceScheduleId: text('default_price_schedule_id'),
  quantityMultiplier: integer('quantity_multiplier').notNull().default(1),
  shipWeight: numeric('ship_weight', { mode: 'number' }),
  shipHeight: numeric('ship_height', { mode: 'number' }),
  shipWidth: numeric('ship_width', { mode: 'number' }),
  shipLength: numeric('ship_length', { mode: 'number' }),
  returnable: boolean('returnable').notNull().default(false),
  defaultSupplierId: text('default_supplier_id'),
  inventory: jsonb('inventory').$type<Record<string, unknown>>(),
  xp: xpColumn(),
  dateCreated: timestamp('date_created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Which price schedule a buyer (or one of its user groups) pays for a product; also makes it visible. */
export const productAssignments = pgTable(
  'product_assignments',
  {
    productId: text('product_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    userGroupId: text('user_group_id'),
    priceScheduleId: text('price_schedule_id'),
  },
  (table) => [
    uniqueIndex('product_assignments_party').on(
      table.productId,
      table.buyerId,
      sql`coalesce(${table.userGroupId}, '')`,
    ),
    index('product_assignments_buyer').on(table.buyerId),
  ],
);

export const specs = pgTable('specs', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  listOrder: integer('list_order').notNull().default(0),
  defaultValue: text('default_value'),
  required: boolean('required').notNull().default(false),
  allowOpenText: boolean('allow_open_text').notNull().default(false),
  defaultOptionId: text('default_option_id'),
  definesVariant: boolean('defines_variant').notNull().default(false),
  xp: xpColumn(),
});

export const specOptions = pgTable(
  'spec_options',
  {
    specId: text('spec_id').notNull(),
    id: text('id').notNull(),
    value: text('value').notNull(),
    listOrder: integer('list_order').notNull().default(0),
    isOpenText: boolean('is_open_text').notNull().default(false),
    priceMarkupType: text('price_markup_type').notNull().default('NoMarkup'),
    /** A decimal as OrderCloud has it: an amount in the order's currency, or a percentage. */
    priceMarkup: numeric('price_markup'),
    xp: xpColumn(),
  },
  (table) => [primaryKey({ columns: [table.specId, table.id] })],
);

export const specProductAssignments = pgTable(
  'spec_product_assignments',
  {
    specId: text('spec_id').notNull(),
    productId: text('product_id').notNull(),
    defaultValue: text('default_value'),
    defaultOptionId: text('default_option_id'),
  },
  (table) => [
    primaryKey({ columns: [table.specId, table.productId] }),
    index('spec_product_assignments_product').on(table.productId),
  ],
);

export const productFacets = pgTable('product_facets', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** Path inside product xp, e.g. `Facets.voltage` (filtered as `xp.Facets.voltage=24`). */
  xpPath: text('xp_path').notNull(),
  listOrder: integer('list_order').notNull().default(0),
  minCount: integer('min_count').notNull().default(1),
  xp: xpColumn(),
});
