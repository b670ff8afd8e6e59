import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A checkout session: what the merchant fixed; payments reference it. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    merchantAccount: text('merchant_account').notNull(),
    reference: text('reference').notNull(),
    currency: text('currency').notNull(),
    amountValue: bigint('amount_value', { mode: 'number' }).notNull(),
    returnUrl: text('return_url').notNull(),
    countryCode: text('country_code'),
    shopperLocale: text('shopper_locale').notNull(),
    shopperReference: text('shopper_reference'),
    storePaymentMethodMode: text('store_payment_method_mode')
      .$type<'askForConsent' | 'disabled' | 'enabled'>()
      .notNull(),
    captureDelayHours: integer('capture_delay_hours'),
    /** The request as the merchant sent it, echoed in the creation response. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('sessions_merchant_reference_idx').on(table.merchantAccount, table.reference)],
);
