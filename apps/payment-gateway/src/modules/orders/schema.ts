import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type OrderStatus = 'open' | 'completed' | 'cancelled' | 'expired';

/**
 * A partial-payment order (`POST /orders`): the total, what is still to pay (reduced only by
 * authorised payments) and a version that moves with every payment, so an old orderData is known.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    pspReference: text('psp_reference').primaryKey(),
    merchantAccount: text('merchant_account').notNull(),
    reference: text('reference').notNull(),
    currency: text('currency').notNull(),
    amountValue: bigint('amount_value', { mode: 'number' }).notNull(),
    remainingValue: bigint('remaining_value', { mode: 'number' }).notNull(),
    status: text('status').$type<OrderStatus>().notNull(),
    /** Bumped by every payment made in the order: the orderData handed out carries it. */
    version: integer('version').notNull().default(0),
    /** The checkout session that opened it (`v1/sessions/{id}/orders`), if any. */
    sessionId: text('session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('payment_orders_merchant_reference_idx').on(table.merchantAccount, table.reference),
    index('payment_orders_session_idx').on(table.sessionId),
  ],
);

/** Which payments were made in which order (the payments table stays as it is). */
export const paymentOrderPayments = pgTable(
  'payment_order_payments',
  {
    paymentPspReference: text('payment_psp_reference').primaryKey(),
    orderPspReference: text('order_psp_reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('payment_order_payments_order_idx').on(table.orderPspReference, table.createdAt)],
);
