import { bigint, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Discount per sales company, customer and product family group. customerErpId '' is the sales
 * company's default for every customer; a customer row replaces it for that customer.
 */
export const discountGroups = pgTable(
  'discount_groups',
  {
    salesCompanyId: text('sales_company_id').notNull(),
    customerErpId: text('customer_erp_id').notNull(),
    productFamilyGroup: text('product_family_group').notNull(),
    discountBasisPoints: integer('discount_basis_points').notNull(),
  },
  (table) => [primaryKey({ columns: [table.salesCompanyId, table.customerErpId, table.productFamilyGroup] })],
);

/** A customer's fixed net unit price for one sales item in one currency, for a period. */
export const netPriceAgreements = pgTable('net_price_agreements', {
  id: text('id').primaryKey(),
  salesCompanyId: text('sales_company_id').notNull(),
  customerErpId: text('customer_erp_id').notNull(),
  salesItemNumber: text('sales_item_number').notNull(),
  currency: text('currency').notNull(),
  price: bigint('price', { mode: 'number' }).notNull(),
  validFrom: timestamp('valid_from', { withTimezone: true, mode: 'date' }).notNull(),
  validTo: timestamp('valid_to', { withTimezone: true, mode: 'date' }),
});

/**
 * Quantity breaks: a schedule belongs to a family or (taking precedence) to one sales item; the
 * largest break quantity ≤ the ordered quantity applies.
 */
export const quantityBreaks = pgTable(
  'quantity_breaks',
  {
    /** `family:<id>` or `item:<salesItemNumber>`. */
    scheduleKey: text('schedule_key').notNull(),
    minQuantity: integer('min_quantity').notNull(),
    discountBasisPoints: integer('discount_basis_points').notNull(),
  },
  (table) => [primaryKey({ columns: [table.scheduleKey, table.minQuantity] })],
);
