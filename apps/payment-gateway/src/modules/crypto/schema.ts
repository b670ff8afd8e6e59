import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets the gateway generates on first start when the environment does not provide them (JWE key
 * pair, vault key, session-token key). A production deployment sets them by environment variables.
 */
export const gatewaySecrets = pgTable('gateway_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
