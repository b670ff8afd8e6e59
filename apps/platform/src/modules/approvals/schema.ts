import { jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/** A buyer's approval rules: when RuleExpression is true on submit, ApprovingGroupID must approve. */
export const approvalRules = pgTable(
  'approval_rules',
  {
    buyerId: text('buyer_id').notNull(),
    id: text('id').notNull(),
    name: text('name'),
    description: text('description'),
    approvingGroupId: text('approving_group_id').notNull(),
    ruleExpression: text('rule_expression').notNull(),
    xp: jsonb('xp').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [primaryKey({ columns: [table.buyerId, table.id] })],
);
