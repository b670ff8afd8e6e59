import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { merchants } from '../merchants/schema.ts';

/** People who sign in to the merchant dashboard; each sees one merchant account. */
export const dashboardUsers = pgTable('dashboard_users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lower-case, so sign-in is case-insensitive. */
  email: text('email').notNull().unique(),
  merchantAccount: text('merchant_account')
    .notNull()
    .references(() => merchants.account),
  /** `scrypt$N$r$p$salt$hash` (base64url), a salt of its own per user. */
  passwordHash: text('password_hash').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** Signed-in browsers: the cookie holds a random token, the table only its SHA-256 digest. */
export const dashboardSessions = pgTable(
  'dashboard_sessions',
  {
    /** Hex SHA-256 digest of the 32-byte session token. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => dashboardUsers.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('dashboard_sessions_user_idx').on(table.userId)],
);
