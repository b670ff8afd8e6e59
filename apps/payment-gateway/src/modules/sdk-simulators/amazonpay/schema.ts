import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { CheckoutPayload } from './payload.ts';

/**
 * The simulated Amazon Pay checkout sessions (`AmazonCheckoutSessions`), kept 24 hours as Amazon keeps
 * them, so a gateway restart between the buyer's steps loses nothing. The address and instrument are
 * ids of the sandbox buyer's wallet (`test-data.ts`).
 */
export const amazonPayCheckoutSessions = pgTable(
  'amazon_pay_checkout_sessions',
  {
    id: text('id').primaryKey(),
    merchantAccount: text('merchant_account').notNull(),
    region: text('region').$type<'EU' | 'UK' | 'US'>().notNull(),
    state: text('state').notNull(),
    payload: jsonb('payload').$type<CheckoutPayload>().notNull(),
    addressId: text('address_id'),
    instrumentId: text('instrument_id'),
    amountCurrency: text('amount_currency'),
    amountValue: integer('amount_value'),
    checkoutResultReturnUrl: text('checkout_result_return_url'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [index('amazon_pay_checkout_sessions_created_at_idx').on(table.createdAt)],
);
