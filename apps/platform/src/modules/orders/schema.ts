import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const xpColumn = () => jsonb('xp').$type<Record<string, unknown>>().notNull().default({});

/** Orders; every amount in minor units of the order's currency. */
export const orders = pgTable(
  'orders',
  {
    id: text('id').primaryKey(),
    fromCompanyId: text('from_company_id').notNull(),
    fromUserId: text('from_user_id').notNull(),
    /** The user as they were when the order was created (OrderCloud's FromUser). */
    fromUser: jsonb('from_user').$type<Record<string, unknown>>().notNull(),
    toCompanyId: text('to_company_id').notNull(),
    status: text('status').notNull().default('Unsubmitted'),
    currency: text('currency').notNull(),
    billingAddressId: text('billing_address_id'),
    billingAddress: jsonb('billing_address').$type<Record<string, unknown>>(),
    shippingAddressId: text('shipping_address_id'),
    comments: text('comments'),
    lineItemCount: integer('line_item_count').notNull().default(0),
    subtotal: money('subtotal'),
    shippingCost: money('shipping_cost'),
    taxCost: money('tax_cost'),
    gratuity: money('gratuity'),
    fees: money('fees'),
    promotionDiscount: money('promotion_discount'),
    total: money('total'),
    isSubmitted: boolean('is_submitted').notNull().default(false),
    subscriptionId: text('subscription_id'),
    /** The API client the order was created through (its checkout integration serves admin calls). */
    apiClientId: text('api_client_id'),
    /** When the checkout integration last calculated the order; cleared by every change to it. */
    calculatedAt: timestamptz('calculated_at'),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    dateSubmitted: timestamptz('date_submitted'),
    dateApproved: timestamptz('date_approved'),
    dateDeclined: timestamptz('date_declined'),
    dateCanceled: timestamptz('date_canceled'),
    dateCompleted: timestamptz('date_completed'),
    lastUpdated: timestamptz('last_updated').notNull().defaultNow(),
    xp: xpColumn(),
  },
  (table) => [
    index('orders_from_user').on(table.fromUserId),
    index('orders_from_company').on(table.fromCompanyId),
  ],
);

export const lineItems = pgTable(
  'line_items',
  {
    orderId: text('order_id').notNull(),
    id: text('id').notNull(),
    productId: text('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    quantityShipped: integer('quantity_shipped').notNull().default(0),
    unitPrice: bigint('unit_price', { mode: 'number' }),
    lineSubtotal: money('line_subtotal'),
    promotionDiscount: money('promotion_discount'),
    lineTotal: money('line_total'),
    priceScheduleId: text('price_schedule_id'),
    isOnSale: boolean('is_on_sale').notNull().default(false),
    priceOverridden: boolean('price_overridden').notNull().default(false),
    /** The chosen spec options with their markups as OrderCloud shows them (decimals). */
    specs: jsonb('specs').$type<Record<string, unknown>[]>().notNull().default([]),
    /** The product as it was when added (OrderCloud's LineItemProduct). */
    product: jsonb('product').$type<Record<string, unknown>>().notNull(),
    shippingAddressId: text('shipping_address_id'),
    shippingAddress: jsonb('shipping_address').$type<Record<string, unknown>>(),
    costCenter: text('cost_center'),
    dateNeeded: timestamptz('date_needed'),
    dateAdded: timestamptz('date_added').notNull().defaultNow(),
    xp: xpColumn(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.id] })],
);

export interface StoredTransaction {
  ID: string;
  Type: string;
  DateExecuted: string;
  Currency: string;
  /** Minor units. */
  Amount: number | null;
  Succeeded: boolean;
  ResultCode: string | null;
  ResultMessage: string | null;
  xp: Record<string, unknown>;
}

export const payments = pgTable(
  'payments',
  {
    orderId: text('order_id').notNull(),
    id: text('id').notNull(),
    type: text('type').notNull(),
    creditCardId: text('credit_card_id'),
    spendingAccountId: text('spending_account_id'),
    description: text('description'),
    /** Minor units; null means "whatever the other payments leave of the total". */
    amount: bigint('amount', { mode: 'number' }),
    accepted: boolean('accepted').notNull().default(false),
    transactions: jsonb('transactions').$type<StoredTransaction[]>().notNull().default([]),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    xp: xpColumn(),
  },
  (table) => [primaryKey({ columns: [table.orderId, table.id] })],
);

/** The answers of the checkout integration stored with an order (OrderCloud's OrderWorksheet). */
export const orderWorksheets = pgTable('order_worksheets', {
  orderId: text('order_id').primaryKey(),
  shipEstimateResponse: jsonb('ship_estimate_response').$type<Record<string, unknown>>(),
  orderCalculateResponse: jsonb('order_calculate_response').$type<Record<string, unknown>>(),
  orderSubmitResponse: jsonb('order_submit_response').$type<Record<string, unknown>>(),
  orderSubmitForApprovalResponse: jsonb('order_submit_for_approval_response').$type<
    Record<string, unknown>
  >(),
  orderApprovedResponse: jsonb('order_approved_response').$type<Record<string, unknown>>(),
  subscriptionIntegrationResponse: jsonb('subscription_integration_response').$type<
    Record<string, unknown>
  >(),
});

export const shipments = pgTable('shipments', {
  id: text('id').primaryKey(),
  buyerId: text('buyer_id'),
  shipper: text('shipper'),
  dateShipped: timestamptz('date_shipped'),
  dateDelivered: timestamptz('date_delivered'),
  trackingNumber: text('tracking_number'),
  /** A decimal as the carrier states it; a shipment has no currency of its own. */
  cost: numeric('cost'),
  account: text('account'),
  fromAddressId: text('from_address_id'),
  toAddressId: text('to_address_id'),
  fromAddress: jsonb('from_address').$type<Record<string, unknown>>(),
  toAddress: jsonb('to_address').$type<Record<string, unknown>>(),
  xp: xpColumn(),
});

export const shipmentItems = pgTable(
  'shipment_items',
  {
    shipmentId: text('shipment_id').notNull(),
    orderId: text('order_id').notNull(),
    lineItemId: text('line_item_id').notNull(),
    quantityShipped: integer('quantity_shipped').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.shipmentId, table.orderId, table.lineItemId] }),
    index('shipment_items_order').on(table.orderId),
  ],
);

/** One approval an order needs: a fired rule and its approving group's decision. */
export const orderApprovals = pgTable(
  'order_approvals',
  {
    orderId: text('order_id').notNull(),
    approvalRuleId: text('approval_rule_id').notNull(),
    approvingGroupId: text('approving_group_id').notNull(),
    status: text('status').notNull().default('Pending'),
    allowResubmit: boolean('allow_resubmit').notNull().default(false),
    comments: text('comments'),
    approver: jsonb('approver').$type<Record<string, unknown>>(),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    dateCompleted: timestamptz('date_completed'),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.approvalRuleId] }),
    index('order_approvals_group').on(table.approvingGroupId),
  ],
);
