import { jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every quick-order add, once per (user, Idempotency-Key): the call claims the row before it writes
 * the cart and stores its answer after, so a repeated request (a double click, a retried post)
 * answers the first result again instead of adding the lines twice.
 */
export const quickOrderSubmissions = pgTable(
  'quick_order_submissions',
  {
    userId: text('user_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The answer of the add; null while the first call is still writing the cart. */
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.idempotencyKey] })],
);
