import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';

/** A buyer's cost centers: codes a buyer user may put on a line item to allocate the expense. */
export const costCenters = pgTable(
  'cost_centers',
  {
    buyerId: text('buyer_id').notNull(),
    id: text('id').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    xp: jsonb('xp').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [primaryKey({ columns: [table.buyerId, table.id] })],
);

/** Who sees a cost center in `/me/costcenters`: a user group, or the whole company (no group). */
export const costCenterAssignments = pgTable(
  'cost_center_assignments',
  {
    id: serial('id').primaryKey(),
    buyerId: text('buyer_id').notNull(),
    costCenterId: text('cost_center_id').notNull(),
    userGroupId: text('user_group_id'),
  },
  (table) => [
    uniqueIndex('cost_center_assignments_party').on(
      table.buyerId,
      table.costCenterId,
      sql`coalesce(${table.userGroupId}, '')`,
    ),
    index('cost_center_assignments_group').on(table.buyerId, table.userGroupId),
  ],
);
