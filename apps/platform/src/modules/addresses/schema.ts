import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A buyer's addresses. `owner_user_id` marks a user's personal address (created through
 * `/me/addresses`): only that user sees it, and it is the only kind the user may edit.
 */
export const addresses = pgTable(
  'addresses',
  {
    buyerId: text('buyer_id').notNull(),
    id: text('id').notNull(),
    ownerUserId: text('owner_user_id'),
    companyName: text('company_name'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    street1: text('street1').notNull(),
    street2: text('street2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    country: text('country').notNull(),
    phone: text('phone'),
    addressName: text('address_name'),
    /** Flags of a personal address (assigned addresses take theirs from the assignments). */
    shipping: boolean('shipping').notNull().default(true),
    billing: boolean('billing').notNull().default(true),
    xp: jsonb('xp').$type<Record<string, unknown>>().notNull().default({}),
    dateCreated: timestamp('date_created', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.buyerId, table.id] }),
    index('addresses_owner').on(table.ownerUserId),
  ],
);

/** Which parties of a buyer may use an address: the company (no user or group), a group, or a user. */
export const addressAssignments = pgTable(
  'address_assignments',
  {
    id: serial('id').primaryKey(),
    buyerId: text('buyer_id').notNull(),
    addressId: text('address_id').notNull(),
    userId: text('user_id'),
    userGroupId: text('user_group_id'),
    isShipping: boolean('is_shipping').notNull().default(false),
    isBilling: boolean('is_billing').notNull().default(false),
  },
  (table) => [
    uniqueIndex('address_assignments_party').on(
      table.buyerId,
      table.addressId,
      sql`coalesce(${table.userId}, '')`,
      sql`coalesce(${table.userGroupId}, '')`,
    ),
  ],
);
