import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const xpColumn = () => jsonb('xp').$type<Record<string, unknown>>().notNull().default({});

/** OrderCloud Subscription (docs/domain.md#subscriptions): a buyer user's recurring order. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: text('id').primaryKey(),
    fromCompanyId: text('from_company_id').notNull(),
    fromUserId: text('from_user_id').notNull(),
    toCompanyId: text('to_company_id').notNull(),
    frequency: integer('frequency').notNull(),
    interval: text('interval').notNull(),
    nextOrderDate: timestamptz('next_order_date').notNull(),
    lastOrderDate: timestamptz('last_order_date'),
    endDate: timestamptz('end_date'),
    active: boolean('active').notNull().default(true),
    /** `{Type, CreditCardID?, SpendingAccountID?}` as given. */
    payment: jsonb('payment').$type<Record<string, unknown>>(),
    billingAddressId: text('billing_address_id'),
    shippingAddressId: text('shipping_address_id'),
    /** The API client the subscription was created through; its orders count as created through it. */
    apiClientId: text('api_client_id'),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    xp: xpColumn(),
  },
  (table) => [
    index('subscriptions_due').on(table.nextOrderDate),
    index('subscriptions_user').on(table.fromUserId),
  ],
);

/** The lines a subscription orders; priced (SubscriptionPrice first) when written. */
export const subscriptionItems = pgTable(
  'subscription_items',
  {
    subscriptionId: text('subscription_id').notNull(),
    id: text('id').notNull(),
    productId: text('product_id').notNull(),
    quantity: integer('quantity').notNull(),
    currency: text('currency').notNull(),
    unitPrice: bigint('unit_price', { mode: 'number' }),
    lineSubtotal: bigint('line_subtotal', { mode: 'number' }).notNull().default(0),
    priceScheduleId: text('price_schedule_id'),
    specs: jsonb('specs').$type<Record<string, unknown>[]>().notNull().default([]),
    product: jsonb('product').$type<Record<string, unknown>>().notNull(),
    shippingAddressId: text('shipping_address_id'),
    costCenter: text('cost_center'),
    dateAdded: timestamptz('date_added').notNull().defaultNow(),
    xp: xpColumn(),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.id] })],
);

/** The marketplace's one SubscriptionIntegration (row id `marketplace`). */
export const subscriptionIntegration = pgTable('subscription_integration', {
  id: text('id').primaryKey(),
  apiClientId: text('api_client_id'),
  url: text('url').notNull(),
  hashKey: text('hash_key').notNull(),
  notificationDays: integer('notification_days').notNull().default(0),
  active: boolean('active').notNull().default(true),
  elevatedRoles: text('elevated_roles').array().notNull().default(sql`'{}'::text[]`),
  customAuthHeaderName: text('custom_auth_header_name'),
  customAuthHeaderValue: text('custom_auth_header_value'),
  xp: xpColumn(),
});

/**
 * One run of a subscription for one NextOrderDate. The primary key makes a second order for the same
 * date impossible, whichever instance tries; `status` tracks the call to the integration.
 */
export const subscriptionRuns = pgTable(
  'subscription_runs',
  {
    subscriptionId: text('subscription_id').notNull(),
    orderDate: timestamptz('order_date').notNull(),
    orderId: text('order_id'),
    /** `success` or `failure`: the integration route the run reports to. */
    route: text('route').notNull(),
    errorCode: text('error_code'),
    unavailableProductIds: jsonb('unavailable_product_ids').$type<string[]>().notNull().default([]),
    /** Created → Notifying → Succeeded | Failed (retried while the date is within the window). */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(0),
    claimedAt: timestamptz('claimed_at'),
    response: jsonb('response').$type<Record<string, unknown>>(),
    dateCreated: timestamptz('date_created').notNull().defaultNow(),
    lastUpdated: timestamptz('last_updated').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.subscriptionId, table.orderDate] })],
);
