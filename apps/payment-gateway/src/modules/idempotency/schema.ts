import { integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The first response to each `Idempotency-Key` of a merchant, kept at least 31 days. */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    merchantAccount: text('merchant_account').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the endpoint and body: the same key with another request is refused. */
    requestDigest: text('request_digest').notNull(),
    state: text('state').$type<'processing' | 'completed'>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    /**
     * The resource the request created (a payment's pspReference), written in the transaction that created
     * it: a retry that takes over a crashed claim answers from it instead of creating a second one.
     */
    effectRef: text('effect_ref'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.merchantAccount, table.key] })],
);
