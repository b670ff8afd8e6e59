import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export type SalesOrderStatus =
  | 'Received'
  | 'Confirmed'
  | 'PartlyShipped'
  | 'Shipped'
  | 'Invoiced'
  | 'Cancelled';

/** ERP sales orders, one per web-shop order (unique web_shop_order_id: never twice). */
export const salesOrders = pgTable(
  'sales_orders',
  {
    orderNumber: text('order_number').primaryKey(),
    webShopOrderId: text('web_shop_order_id').notNull().unique(),
    /** SHA-256 of the canonical submission body: a different body for the same order id is a conflict. */
    requestHash: text('request_hash').notNull(),
    request: jsonb('request').$type<Record<string, unknown>>().notNull(),
    customerErpId: text('customer_erp_id').notNull(),
    contactErpId: text('contact_erp_id').notNull(),
    salesCompanyId: text('sales_company_id').notNull(),
    currency: text('currency').notNull(),
    taxGroup: text('tax_group').notNull(),
    deliveryAddressErpId: text('delivery_address_erp_id').notNull(),
    customerReference: text('customer_reference'),
    /** The buyer's order comment. */
    comments: text('comments'),
    shippingCost: integer('shipping_cost').notNull().default(0),
    status: text('status').$type<SalesOrderStatus>().notNull(),
    /** Date (YYYY-MM-DD) the ERP confirmed it will ship by. */
    confirmedShippingDate: text('confirmed_shipping_date'),
    cancellationReason: text('cancellation_reason'),
    /** Set when the order was completed short: what had not shipped by then never will. */
    completedShortAt: timestamp('completed_short_at', { withTimezone: true, mode: 'date' }),
    /** Bumped by every step; a paced job acts only when it still matches (manual steps overtake it). */
    progressionVersion: integer('progression_version').notNull().default(0),
    /** Sequence number of the last callback event of this order. */
    eventSequence: integer('event_sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('sales_orders_customer_idx').on(table.customerErpId)],
);

/** Accepted order lines (ERP line numbers 10, 20, …). */
export const salesOrderLines = pgTable(
  'sales_order_lines',
  {
    orderNumber: text('order_number')
      .notNull()
      .references(() => salesOrders.orderNumber),
    lineNumber: integer('line_number').notNull(),
    webShopLineItemId: text('web_shop_line_item_id').notNull(),
    salesItemNumber: text('sales_item_number').notNull(),
    quantity: integer('quantity').notNull(),
    quantityShipped: integer('quantity_shipped').notNull().default(0),
    unitPrice: integer('unit_price').notNull(),
    /** The buyer's requested delivery date (YYYY-MM-DD). */
    dateNeeded: text('date_needed'),
    /** The buyer's cost center (free text from the shop). */
    costCenter: text('cost_center'),
  },
  (table) => [primaryKey({ columns: [table.orderNumber, table.lineNumber] })],
);

/** Every submission attempt with its outcome (refused ones included): what the ERP answered, when. */
export const salesOrderSubmissions = pgTable(
  'sales_order_submissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    webShopOrderId: text('web_shop_order_id').notNull(),
    orderNumber: text('order_number'),
    outcome: text('outcome').notNull(),
    issue: text('issue').notNull(),
    lineIssues: jsonb('line_issues').$type<Record<string, string>>().notNull().default({}),
    submittedAt: timestamp('submitted_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [index('sales_order_submissions_order_idx').on(table.webShopOrderId, table.id)],
);

export interface ShipmentLine {
  lineNumber: number;
  webShopLineItemId: string;
  salesItemNumber: string;
  quantity: number;
}

export const shipments = pgTable(
  'shipments',
  {
    erpShipmentId: text('erp_shipment_id').primaryKey(),
    orderNumber: text('order_number')
      .notNull()
      .references(() => salesOrders.orderNumber),
    carrier: text('carrier').notNull(),
    trackingNumber: text('tracking_number').notNull(),
    trackingUrl: text('tracking_url').notNull(),
    containerIds: jsonb('container_ids').$type<string[]>().notNull(),
    lines: jsonb('lines').$type<ShipmentLine[]>().notNull(),
    shippedAt: timestamp('shipped_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** What the carrier charges for this shipment, in minor units of the order's currency. */
    cost: integer('cost').notNull().default(0),
    /** When the carrier reported the shipment delivered. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('shipments_order_idx').on(table.orderNumber),
    uniqueIndex('shipments_tracking_idx').on(table.trackingNumber),
  ],
);

export const invoices = pgTable('invoices', {
  invoiceNumber: text('invoice_number').primaryKey(),
  orderNumber: text('order_number')
    .notNull()
    .unique()
    .references(() => salesOrders.orderNumber),
  currency: text('currency').notNull(),
  /** Minor units. */
  netAmount: integer('net_amount').notNull(),
  shippingAmount: integer('shipping_amount').notNull(),
  vatRateBasisPoints: integer('vat_rate_basis_points').notNull(),
  vatAmount: integer('vat_amount').notNull(),
  totalAmount: integer('total_amount').notNull(),
  invoiceEmail: text('invoice_email').notNull(),
  invoicedAt: timestamp('invoiced_at', { withTimezone: true, mode: 'date' }).notNull(),
  dueDate: text('due_date').notNull(),
});
