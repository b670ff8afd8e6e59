import { bigint, boolean, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** Payment sessions created at the gateway for an order (what the storefront's widget mounts). */
export const paymentSessions = pgTable('payment_sessions', {
  id: text('id').primaryKey(),
  orderId: text('order_id').notNull(),
  amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  returnUrl: text('return_url').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every gateway notification accepted, once: the key is (pspReference, eventCode), so a webhook
 * delivered again changes nothing.
 */
export const paymentNotifications = pgTable(
  'payment_notifications',
  {
    pspReference: text('psp_reference').notNull(),
    eventCode: text('event_code').notNull(),
    originalReference: text('original_reference'),
    /** The order ID (the reference the session was created with). */
    merchantReference: text('merchant_reference').notNull(),
    merchantAccount: text('merchant_account').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    success: boolean('success').notNull(),
    reason: text('reason'),
    paymentMethod: text('payment_method'),
    eventDate: text('event_date'),
    item: jsonb('item').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.pspReference, table.eventCode] })],
);

/**
 * Orders whose payment cancellation was requested (ERP status Cancelled, or the order cancelled or
 * declined on the platform): one request per order, whichever comes first, so a second is a no-op.
 */
export const paymentCancellations = pgTable('payment_cancellations', {
  orderId: text('order_id').primaryKey(),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Payments the gateway holds as pending for an order (a bank transfer waiting for the money, a
 * direct debit received, a redirect left pending), proven by the session's result at the gateway.
 * The order may be submitted on it; the AUTHORISATION webhook settles it later.
 */
export const paymentPendings = pgTable(
  'payment_pendings',
  {
    orderId: text('order_id').notNull(),
    sessionId: text('session_id').notNull(),
    /** The gateway's pending payment, when the session result names it. */
    pspReference: text('psp_reference'),
    resultCode: text('result_code').notNull(),
    paymentMethod: text('payment_method'),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    /** What the shopper was shown to pay (a transfer's beneficiary, IBAN, BIC and reference). */
    instructions: jsonb('instructions'),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.sessionId] })],
);
