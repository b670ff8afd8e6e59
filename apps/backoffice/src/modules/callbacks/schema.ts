import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export type CallbackState = 'Pending' | 'Delivered' | 'Failed';

/** Every callback the back office owes its subscriber, with the exact body sent (the outbox and delivery log). */
export const callbackEvents = pgTable(
  'callback_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    eventId: text('event_id').notNull().unique(),
    type: text('type').notNull(),
    /** Ordering key: deliveries of one subject (a sales order, a registration) go out in order. */
    subject: text('subject').notNull(),
    sequence: integer('sequence').notNull(),
    /** The raw JSON body, byte for byte what is signed and sent on every attempt. */
    body: text('body').notNull(),
    url: text('url').notNull(),
    /** The pg-boss job delivering it (to retry a failed delivery). */
    jobId: text('job_id'),
    state: text('state').$type<CallbackState>().notNull().default('Pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true, mode: 'date' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('callback_events_subject_idx').on(table.subject, table.sequence)],
);

/** One row per delivery attempt. */
export const callbackAttempts = pgTable(
  'callback_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    callbackId: integer('callback_id').notNull(),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    error: text('error'),
    durationMs: integer('duration_ms').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('callback_attempts_callback_idx').on(table.callbackId, table.id)],
);
