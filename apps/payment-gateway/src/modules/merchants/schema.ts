import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A merchant account (e.g. ActuateStore) with where and how its webhooks go. */
export const merchants = pgTable('merchants', {
  account: text('account').primaryKey(),
  webhookUrl: text('webhook_url'),
  /** Hex-encoded HMAC key for webhook signatures. */
  hmacKeyHex: text('hmac_key_hex').notNull(),
  /** Set when the merchant rotated the key in the dashboard: from then on start-up no longer overwrites it. */
  hmacKeyRotatedAt: timestamp('hmac_key_rotated_at', { withTimezone: true, mode: 'date' }),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Merchant API keys, stored only as SHA-256 digests. A key authenticates while it is not revoked and
 * its expiry (set when it is rotated: a grace period) is in the future.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    keyDigest: text('key_digest').primaryKey(),
    merchantAccount: text('merchant_account')
      .notNull()
      .references(() => merchants.account),
    /** The key's first characters, so the dashboard can tell keys apart (null for configured keys). */
    keyPrefix: text('key_prefix'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Refreshed at most once per credential-cache period (cheap, not exact). */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
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
  /** Set when the origins were edited in the dashboard: start-up then keeps them as they are. */
  originsEditedAt: timestamp('origins_edited_at', { withTimezone: true, mode: 'date' }),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
});
