import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Every OrderSubmit, OrderSubmitForApproval and OrderApproved call received, with the worksheet as
 * sent: the record the ERP submission job (outbox) is enqueued with, in the same transaction.
 */
export const checkoutEvents = pgTable(
  'checkout_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: text('order_id').notNull(),
    /** OrderSubmit, OrderSubmitForApproval or OrderApproved. */
    eventType: text('event_type').notNull(),
    environment: text('environment').notNull(),
    worksheet: jsonb('worksheet').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('checkout_events_order_idx').on(table.orderId, table.eventType)],
);
