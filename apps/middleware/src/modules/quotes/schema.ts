import { date, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A quoted line: what the buyer asked for and, once answered, the sales desk's unit price. */
export interface QuoteLine {
  lineNo: number;
  productId: string;
  name: string;
  quantity: number;
  /** The buyer's own price when the quote was requested (minor units), for the desk's reference. */
  listUnitPrice: number | null;
  /** The sales desk's price per unit (minor units); null until quoted. */
  quotedUnitPrice: number | null;
}

/**
 * Quotes a buyer requested from their cart and the sales desk answered. The buyer's platform user
 * and company are copied from their token (never from the request), and `order_id` is the one cart
 * an accepted quote was put in: the only order whose calculation uses the quoted prices.
 */
export const quotes = pgTable(
  'quotes',
  {
    id: text('id').primaryKey(),
    companyId: text('company_id').notNull(),
    userId: text('user_id').notNull(),
    buyerName: text('buyer_name').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    message: text('message').notNull(),
    lines: jsonb('lines').$type<QuoteLine[]>().notNull(),
    sellerNote: text('seller_note'),
    /** Last day the quote can be accepted and ordered (inclusive). */
    validUntil: date('valid_until', { mode: 'string' }),
    orderId: text('order_id').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('quotes_company_user_idx').on(table.companyId, table.userId)],
);
