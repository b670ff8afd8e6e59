import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Password reset requests (OrderCloud's ForgottenPassword): only the SHA-256 of the single-use
 * verification code is kept (the code is 256 random bits, so a fast hash suffices).
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id').notNull(),
    clientId: text('client_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('password_resets_user').on(table.userId)],
);
