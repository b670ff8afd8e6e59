import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A buyer user's saved cards (OrderCloud BuyerCreditCard): the payment provider's token and what a
 * buyer may see of a card. Never a card number: only its last four digits.
 */
export const creditCards = pgTable(
  'credit_cards',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id').notNull(),
    userId: text('user_id').notNull(),
    token: text('token'),
    cardType: text('card_type'),
    partialAccountNumber: text('partial_account_number'),
    cardholderName: text('cardholder_name'),
    expirationDate: timestamptz('expiration_date'),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    xp: jsonb('xp').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('credit_cards_user').on(table.buyerId, table.userId)],
);
