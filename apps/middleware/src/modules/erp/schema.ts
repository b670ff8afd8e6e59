import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The ERP submission of each order and what the ERP answered: the order extension the storefront
 * shows (OrderNumber, WebShopStatus, ErpSubmissionIssue, per line ErpLineNumber or its issue).
 */
export const erpSubmissions = pgTable('erp_submissions', {
  orderId: text('order_id').primaryKey(),
  /**
   * Pending (job queued or running), Submitted (sales order exists), Issue (business refusal), Failed,
   * AwaitingAddress (the ERP does not know the shop's delivery address yet: re-submitted by itself
   * once the address has its ERP id).
   */
  state: text('state').notNull(),
  /** The shop address an AwaitingAddress order waits for. */
  awaitingAddressId: text('awaiting_address_id'),
  /** The checkout event whose worksheet is submitted. */
  eventId: text('event_id').notNull(),
  outcome: text('outcome'),
  orderNumber: text('order_number'),
  salesCompanyId: text('sales_company_id'),
  webShopStatus: text('web_shop_status'),
  erpSubmissionIssue: text('erp_submission_issue'),
  confirmedShippingDate: text('confirmed_shipping_date'),
  /** [{LineItemID, ErpLineNumber | null, ErpSubmissionIssue | null}] */
  lines: jsonb('lines').notNull().default([]),
  /** Shipments reported by the ERP's callbacks. */
  shipments: jsonb('shipments').notNull().default([]),
  message: text('message'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  /** Whether the result reached the platform order xp (null: not tried yet). */
  platformSync: text('platform_sync'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** ERP callbacks received, once per event id (deduplication). */
export const erpCallbacks = pgTable('erp_callbacks', {
  eventId: text('event_id').primaryKey(),
  type: text('type').notNull(),
  subject: text('subject').notNull(),
  sequence: integer('sequence'),
  orderId: text('order_id'),
  body: jsonb('body').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
