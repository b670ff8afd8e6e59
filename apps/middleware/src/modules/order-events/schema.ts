import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Orders the platform reported cancelled or declined (its post-hook webhook), once per order: a
 * redelivery, or a cancel after a decline, finds the row and changes nothing.
 */
export const orderCancellations = pgTable('order_cancellations', {
  orderId: text('order_id').primaryKey(),
  /** The platform's order status the webhook reported: Canceled or Declined. */
  status: text('status').notNull(),
  route: text('route').notNull(),
  logId: text('log_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
