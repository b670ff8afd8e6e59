import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** OrderCloud Promotion (docs/domain.md, "Promotions and rules"). Codes are unique regardless of case. */
export const promotions = pgTable(
  'promotions',
  {
    id: text('id').primaryKey(),
    code: text('code').notNull(),
    name: text('name'),
    description: text('description'),
    finePrint: text('fine_print'),
    lineItemLevel: boolean('line_item_level').notNull().default(false),
    eligibleExpression: text('eligible_expression').notNull(),
    valueExpression: text('value_expression'),
    redemptionLimit: integer('redemption_limit'),
    redemptionLimitPerUser: integer('redemption_limit_per_user'),
    quantityLimitPerOrder: integer('quantity_limit_per_order'),
    itemLimitPerOrder: integer('item_limit_per_order'),
    itemSortBy: text('item_sort_by'),
    startDate: timestamptz('start_date'),
    expirationDate: timestamptz('expiration_date'),
    canCombine: boolean('can_combine').notNull().default(false),
    allowAllBuyers: boolean('allow_all_buyers').notNull().default(false),
    ownerId: text('owner_id'),
    autoApply: boolean('auto_apply').notNull().default(false),
    active: boolean('active').notNull().default(true),
    useIntegration: boolean('use_integration').notNull().default(false),
    priority: integer('priority'),
    /** Orders that redeemed it (kept with `promotion_redemptions`, under the promotion's row lock). */
    redemptionCount: integer('redemption_count').notNull().default(0),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    xp: jsonb('xp').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [uniqueIndex('promotions_code').on(sql`lower(${table.code})`)],
);

/** Which buyers (or groups of a buyer) may use a promotion that does not AllowAllBuyers. */
export const promotionAssignments = pgTable(
  'promotion_assignments',
  {
    id: serial('id').primaryKey(),
    promotionId: text('promotion_id').notNull(),
    buyerId: text('buyer_id').notNull(),
    /** Empty for an assignment to the whole buyer company. */
    userGroupId: text('user_group_id').notNull().default(''),
  },
  (table) => [
    uniqueIndex('promotion_assignments_unique').on(table.promotionId, table.buyerId, table.userGroupId),
  ],
);

/** One discount a promotion gives on an order: the order itself (no line) or one line. */
export interface StoredPromotionAmount {
  LineItemID: string | null;
  /** Minor units of the order's currency. */
  Amount: number;
  /** Set by the checkout integration's PromotionOverrides. */
  AmountOverridden: boolean;
}

/** The promotions applied to an order, with the amounts of the last recalculation. */
export const orderPromotions = pgTable(
  'order_promotions',
  {
    orderId: text('order_id').notNull(),
    promotionId: text('promotion_id').notNull(),
    dateApplied: timestamptz('date_applied').notNull().defaultNow(),
    amounts: jsonb('amounts').$type<StoredPromotionAmount[]>().notNull().default([]),
    /** Sum of `amounts` (minor units). */
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.promotionId] }),
    index('order_promotions_promotion').on(table.promotionId),
  ],
);

/** A promotion redeemed by a submitted order; counts RedemptionCount and the per-user limit. */
export const promotionRedemptions = pgTable(
  'promotion_redemptions',
  {
    promotionId: text('promotion_id').notNull(),
    orderId: text('order_id').notNull(),
    userId: text('user_id').notNull(),
    dateRedeemed: timestamptz('date_redeemed').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.promotionId, table.orderId] }),
    index('promotion_redemptions_user').on(table.promotionId, table.userId),
  ],
);
