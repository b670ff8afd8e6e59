import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * A buyer's credit cards (OrderCloud CreditCard / BuyerCreditCard): the payment provider's token and
 * what a buyer may see of a card. Never a card number: only its last four digits. A card with a
 * `user_id` is that user's personal card (`/me/creditcards`), seen by nobody else; one without is a
 * company card, managed through `/buyers/{id}/creditcards` and used by those it is assigned to.
 * IDs are unique across the marketplace.
 */
export const creditCards = pgTable(
  'credit_cards',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id').notNull(),
    userId: text('user_id'),
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

/** Who may pay with a company card: one user, a user group, or the whole company (neither). */
export const creditCardAssignments = pgTable(
  'credit_card_assignments',
  {
    id: serial('id').primaryKey(),
    buyerId: text('buyer_id').notNull(),
    creditCardId: text('credit_card_id').notNull(),
    userId: text('user_id'),
    userGroupId: text('user_group_id'),
  },
  (table) => [
    uniqueIndex('credit_card_assignments_party').on(
      table.buyerId,
      table.creditCardId,
      sql`coalesce(${table.userId}, '')`,
      sql`coalesce(${table.userGroupId}, '')`,
    ),
    index('credit_card_assignments_user').on(table.buyerId, table.userId),
  ],
);
