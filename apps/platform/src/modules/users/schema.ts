import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Buyer users (buyer_id set) and the marketplace's admin users (buyer_id null). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    buyerId: text('buyer_id'),
    username: text('username').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone'),
    active: boolean('active').notNull().default(true),
    termsAccepted: timestamptz('terms_accepted'),
    locale: jsonb('locale').$type<{ ID?: string; Currency: string; Language?: string | null }>(),
    xp: jsonb('xp').$type<Record<string, unknown>>().notNull().default({}),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    passwordLastSetDate: timestamptz('password_last_set_date'),
    lastActive: timestamptz('last_active'),
  },
  (table) => [
    // Usernames are unique across the marketplace, whatever their case, as OrderCloud's are.
    uniqueIndex('users_username_unique').on(sql`lower(${table.username})`),
    index('users_buyer').on(table.buyerId),
  ],
);

export const userGroups = pgTable(
  'user_groups',
  {
    buyerId: text('buyer_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    xp: jsonb('xp').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [primaryKey({ columns: [table.buyerId, table.id] })],
);

export const userGroupAssignments = pgTable(
  'user_group_assignments',
  {
    buyerId: text('buyer_id').notNull(),
    userGroupId: text('user_group_id').notNull(),
    userId: text('user_id').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.buyerId, table.userGroupId, table.userId] }),
    index('user_group_assignments_user').on(table.userId),
  ],
);
