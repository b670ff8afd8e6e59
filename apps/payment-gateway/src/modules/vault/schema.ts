import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stored cards (tokenisation): the token is the row id (storedPaymentMethodId); the only card facts
 * kept (brand, last four, expiry, holder name) are sealed with AES-256-GCM under the vault key.
 * No card number or security code is ever stored.
 */
export const storedPaymentMethods = pgTable(
  'stored_payment_methods',
  {
    id: text('id').primaryKey(),
    merchantAccount: text('merchant_account').notNull(),
    shopperReference: text('shopper_reference').notNull(),
    sealedDetails: text('sealed_details').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [index('stored_payment_methods_shopper_idx').on(table.merchantAccount, table.shopperReference)],
);
