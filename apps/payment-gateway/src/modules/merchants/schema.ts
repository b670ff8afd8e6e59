import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A merchant account (e.g. ActuateStore) with where and how its webhooks go. */
export const merchants = pgTable('merchants', {
  account: text('account').primaryKey(),
  webhookUrl: text('webhook_url'),
  /** Hex-encoded HMAC key for webhook signatures. */
  hmacKeyHex: text('hmac_key_hex').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Merchant API keys, stored only as SHA-256 digests. */
export const apiKeys = pgTable(
  'api_keys',
  {
    keyDigest: text('key_digest').primaryKey(),
    merchantAccount: text('merchant_account')
      .notNull()
      .references(() => merchants.account),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('api_keys_merchant_idx').on(table.merchantAccount)],
);

/** Client keys are public (they travel to browsers); each is bound to the origins it may be used from. */
export const clientKeys = pgTable('client_keys', {
  clientKey: text('client_key').primaryKey(),
  merchantAccount: text('merchant_account')
    .notNull()
    .references(() => merchants.account),
  allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
