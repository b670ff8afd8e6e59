import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Orders the platform's subscription job created and handed to `/subscriptions/success`: submitted once. */
export const subscriptionOrders = pgTable('subscription_orders', {
  orderId: text('order_id').primaryKey(),
  subscriptionId: text('subscription_id'),
  /** Received, Submitting (claimed by a call), Submitted, Failed (see `message`). */
  state: text('state').notNull(),
  shipMethodId: text('ship_method_id'),
  unavailableProductIds: jsonb('unavailable_product_ids').notNull().default([]),
  message: text('message'),
  attempts: integer('attempts').notNull().default(0),
  claimedAt: timestamp('claimed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every `/subscriptions/failure` call: the platform could not create a subscription's order. */
export const subscriptionFailures = pgTable('subscription_failures', {
  id: text('id').primaryKey(),
  subscriptionId: text('subscription_id'),
  orderId: text('order_id'),
  errorCode: text('error_code'),
  unavailableProductIds: jsonb('unavailable_product_ids').notNull().default([]),
  environment: text('environment'),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
