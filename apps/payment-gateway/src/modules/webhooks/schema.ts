import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** Every standard notification the gateway owes a merchant, with its delivery state (the delivery log). */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    merchantAccount: text('merchant_account').notNull(),
    /** The payment the event belongs to: deliveries of one payment go out in order. */
    paymentPspReference: text('payment_psp_reference').notNull(),
    pspReference: text('psp_reference').notNull(),
    eventCode: text('event_code').notNull(),
    success: text('success').notNull(),
    /** The whole notification body as sent, signature included. */
    body: jsonb('body').$type<Record<string, unknown>>().notNull(),
    webhookUrl: text('webhook_url'),
    state: text('state').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_payment_idx').on(table.paymentPspReference, table.id),
    index('notifications_merchant_idx').on(table.merchantAccount, table.id),
  ],
);

/**
 * Every delivery attempt of a notification (the worker's retries and the dashboard's resends): what
 * the receiver answered, how long it took and which signature went out. Never the HMAC key.
 */
export const webhookDeliveryAttempts = pgTable(
  'webhook_delivery_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    notificationId: bigint('notification_id', { mode: 'number' })
      .notNull()
      .references(() => notifications.id),
    kind: text('kind').$type<'scheduled' | 'resend'>().notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull(),
    delivered: boolean('delivered').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    /** The first characters of the receiver's answer. */
    responseExcerpt: text('response_excerpt').notNull().default(''),
    durationMs: integer('duration_ms').notNull(),
    hmacSignature: text('hmac_signature'),
  },
  (table) => [index('webhook_delivery_attempts_notification_idx').on(table.notificationId, table.id)],
);
