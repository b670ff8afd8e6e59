import { bigint, boolean, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A buyer's spending accounts; the balance is in minor units of the buyer's currency. */
export const spendingAccounts = pgTable(
  'spending_accounts',
  {
    buyerId: text('buyer_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    currency: text('currency').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull(),
    allowAsPaymentMethod: boolean('allow_as_payment_method').notNull().default(true),
    startDate: timestamptz('start_date'),
    endDate: timestamptz('end_date'),
    xp: jsonb('xp').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [primaryKey({ columns: [table.buyerId, table.id] })],
);

/** Who may pay with an account: the company (no user or group), a group or a user. */
export const spendingAccountAssignments = pgTable('spending_account_assignments', {
  id: serial('id').primaryKey(),
  buyerId: text('buyer_id').notNull(),
  spendingAccountId: text('spending_account_id').notNull(),
  userId: text('user_id'),
  userGroupId: text('user_group_id'),
  allowExceed: boolean('allow_exceed').notNull().default(false),
});
