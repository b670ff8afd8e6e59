import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every Apple Pay payment token (its transaction id) a payments call has used: a token pays once, so a
 * replayed one is refused. Kept until the token would have expired anyway, then pruned.
 */
export const applePayTokenUses = pgTable(
  'apple_pay_token_uses',
  {
    merchantAccount: text('merchant_account').notNull(),
    transactionId: text('transaction_id').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.merchantAccount, table.transactionId] })],
);
