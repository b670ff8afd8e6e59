import { bigserial, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A widget's checkout attempt (`POST /v3/analytics`): who started it and what the widget said of itself. */
export const analyticsAttempts = pgTable(
  'analytics_attempts',
  {
    checkoutAttemptId: text('checkout_attempt_id').primaryKey(),
    merchantAccount: text('merchant_account').notNull(),
    /** The set-up body's facts (version, channel, platform, locale, referrer, screenWidth…), bounded. */
    setup: jsonb('setup').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('analytics_attempts_merchant_created_idx').on(table.merchantAccount, table.createdAt)],
);

/** One event the widget queued for an attempt: `kind` is info, errors or logs. */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    checkoutAttemptId: text('checkout_attempt_id')
      .notNull()
      .references(() => analyticsAttempts.checkoutAttemptId, { onDelete: 'cascade' }),
    merchantAccount: text('merchant_account').notNull(),
    kind: text('kind').$type<'info' | 'errors' | 'logs'>().notNull(),
    event: jsonb('event').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('analytics_events_attempt_idx').on(table.checkoutAttemptId, table.id),
    index('analytics_events_created_idx').on(table.createdAt),
  ],
);
