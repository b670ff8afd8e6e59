import type { Executor } from '@actuate/service-kit';
import { and, asc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { buildListSql, type ListDefinition, type ListOptions } from '../../shared/list/list-query.ts';
import { listRows } from '../../shared/list/run-list.ts';
import { Statement } from '../../shared/statements.ts';
import { lineItems, orderApprovals, orders, orderWorksheets, payments } from './schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type LineItemRow = typeof lineItems.$inferSelect;
export type NewLineItemRow = typeof lineItems.$inferInsert;
/** A new line with every column given but QuantityShipped (0). */
export type PricedLineItemRow = Omit<LineItemRow, 'quantityShipped'>;
export type PaymentRow = typeof payments.$inferSelect;

export const orderList: ListDefinition = {
  fields: {
    ID: { column: orders.id, type: 'text' },
    FromUserID: { column: orders.fromUserId, type: 'text' },
    FromCompanyID: { column: orders.fromCompanyId, type: 'text' },
    ToCompanyID: { column: orders.toCompanyId, type: 'text' },
    Status: { column: orders.status, type: 'text' },
    Currency: { column: orders.currency, type: 'text' },
    Comments: { column: orders.comments, type: 'text' },
    LineItemCount: { column: orders.lineItemCount, type: 'number' },
    IsSubmitted: { column: orders.isSubmitted, type: 'boolean' },
    SubscriptionID: { column: orders.subscriptionId, type: 'text' },
    DateCreated: { column: orders.dateCreated, type: 'date' },
    DateSubmitted: { column: orders.dateSubmitted, type: 'date' },
    DateCompleted: { column: orders.dateCompleted, type: 'date' },
    LastUpdated: { column: orders.lastUpdated, type: 'date' },
    // Money filters compare minor units; OrderCloud clients filter on these rarely.
    Total: { column: sql`(${orders.total})::numeric / 100`, type: 'number' },
  },
  xp: orders.xp,
  searchOn: ['ID', 'Comments'],
  defaultSort: ['!DateCreated'],
};

export const lineItemList: ListDefinition = {
  fields: {
    ID: { column: lineItems.id, type: 'text' },
    ProductID: { column: lineItems.productId, type: 'text' },
    Quantity: { column: lineItems.quantity, type: 'number' },
    DateAdded: { column: lineItems.dateAdded, type: 'date' },
    CostCenter: { column: lineItems.costCenter, type: 'text' },
  },
  xp: lineItems.xp,
  searchOn: ['ID', 'ProductID'],
  defaultSort: ['DateAdded'],
};

/** Lines across orders (LineItems.ListAcrossOrders): a line's fields and its OrderID. */
export const lineItemAcrossOrdersList: ListDefinition = {
  ...lineItemList,
  fields: { ...lineItemList.fields, OrderID: { column: lineItems.orderId, type: 'text' } },
  searchOn: ['ID', 'ProductID', 'OrderID'],
};

export const paymentList: ListDefinition = {
  fields: {
    ID: { column: payments.id, type: 'text' },
    Type: { column: payments.type, type: 'text' },
    Accepted: { column: payments.accepted, type: 'boolean' },
    DateCreated: { column: payments.dateCreated, type: 'date' },
  },
  xp: payments.xp,
  searchOn: ['ID', 'Description'],
  defaultSort: ['DateCreated'],
};

// --- orders --------------------------------------------------------------------------------------

export const listOrderRows = (db: Executor, options: ListOptions, scope: SQL | undefined) =>
  listRows(db, orders, orderList, options, scope);

// The statements of every order change (add line item above all), built once: see `Statement`.
const orderById = new Statement('orders_by_id', (db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id'))),
);
const orderByIdForUpdate = new Statement('orders_by_id_for_update', (db) =>
  db
    .select()
    .from(orders)
    .where(eq(orders.id, sql.placeholder('id')))
    .for('update'),
);

export async function findOrderRow(
  db: Executor,
  id: string,
  forUpdate = false,
): Promise<OrderRow | undefined> {
  const [row] = await (forUpdate ? orderByIdForUpdate : orderById).execute(db, { id });
  return row;
}

export async function insertOrderRow(db: Executor, row: NewOrderRow): Promise<OrderRow> {
  const [inserted] = await db.insert(orders).values(row).returning();
  return inserted as OrderRow;
}

const orderTotalsUpdate = new Statement('orders_update_totals', (db) =>
  db
    .update(orders)
    // Drizzle binds placeholders in `set` like values (typed for values only).
    .set({
      lineItemCount: sql.placeholder('lineItemCount'),
      subtotal: sql.placeholder('subtotal'),
      promotionDiscount: sql.placeholder('promotionDiscount'),
      total: sql.placeholder('total'),
      calculatedAt: null,
      lastUpdated: sql.placeholder('lastUpdated'),
    } as unknown as Partial<NewOrderRow>)
    .where(eq(orders.id, sql.placeholder('id'))),
);

/** The totals after any change of an order; the change makes its last calculation stale. */
export async function updateOrderTotals(
  db: Executor,
  id: string,
  totals: Pick<OrderRow, 'lineItemCount' | 'subtotal' | 'promotionDiscount' | 'total' | 'lastUpdated'>,
): Promise<void> {
  await orderTotalsUpdate.execute(db, { id, ...totals });
}

const orderTotalsMove = new Statement('orders_move_totals', (db) =>
  db
    .update(orders)
    .set({
      lineItemCount: sql`${orders.lineItemCount} + ${sql.placeholder('lineItemCount')}`,
      subtotal: sql`${orders.subtotal} + ${sql.placeholder('subtotal')}`,
      promotionDiscount: 0,
      total: sql`${orders.subtotal} + ${sql.placeholder('subtotal')} + ${orders.taxCost} + ${orders.shippingCost} + ${orders.gratuity} + ${orders.fees}`,
      calculatedAt: null,
      lastUpdated: sql.placeholder('lastUpdated'),
    } as unknown as Partial<NewOrderRow>)
    .where(eq(orders.id, sql.placeholder('id'))),
);

/**
 * The totals of an order without applied promotions after a change of lines, by its delta (no line
 * read): Subtotal and LineItemCount move, PromotionDiscount is 0 and Total is Subtotal + costs, as
 * the full recalculation gives (`OrderWriter.recalculate`).
 */
export async function moveOrderTotals(
  db: Executor,
  id: string,
  delta: { lineItemCount: number; subtotal: number; lastUpdated: Date },
): Promise<void> {
  await orderTotalsMove.execute(db, { id, ...delta });
}

const orderTotalsSettle = new Statement('orders_settle_totals', (db) =>
  db
    .update(orders)
    .set({
      promotionDiscount: 0,
      total: sql`${orders.subtotal} + ${orders.taxCost} + ${orders.shippingCost} + ${orders.gratuity} + ${orders.fees}`,
      calculatedAt: null,
      lastUpdated: sql.placeholder('lastUpdated'),
    } as unknown as Partial<NewOrderRow>)
    .where(eq(orders.id, sql.placeholder('id')))
    .returning(),
);

/**
 * The totals of an order without applied promotions after a change of its own fields (addresses,
 * costs, comments): lines untouched, Total is Subtotal + costs and the last calculation is stale, as
 * the full recalculation gives; answers the row as updated.
 */
export async function settleOrderTotals(db: Executor, id: string, lastUpdated: Date): Promise<OrderRow> {
  const [settled] = (await orderTotalsSettle.execute(db, { id, lastUpdated })) as OrderRow[];
  return settled as OrderRow;
}

export async function updateOrderRow(
  db: Executor,
  id: string,
  values: Partial<NewOrderRow>,
): Promise<OrderRow> {
  const [updated] = await db.update(orders).set(values).where(eq(orders.id, id)).returning();
  return updated as OrderRow;
}

/** An order with everything of it in this module: lines, payments, worksheet, approvals. */
export async function deleteOrderRow(db: Executor, id: string): Promise<void> {
  await db.delete(lineItems).where(eq(lineItems.orderId, id));
  await db.delete(payments).where(eq(payments.orderId, id));
  await db.delete(orderWorksheets).where(eq(orderWorksheets.orderId, id));
  await db.delete(orderApprovals).where(eq(orderApprovals.orderId, id));
  await db.delete(orders).where(eq(orders.id, id));
}

// --- line items ----------------------------------------------------------------------------------

export const listLineItemRows = (db: Executor, orderId: string, options: ListOptions) =>
  listRows(db, lineItems, lineItemList, options, eq(lineItems.orderId, orderId));

/**
 * One page of the lines of the orders in `scope` (a condition on `orders`), each with its order;
 * `narrow`: the orders' buyer, their DateCreated from / to (ISO, inclusive), and a supplier (lines
 * have none, so naming one matches nothing).
 */
export async function listLineItemsAcrossOrders(
  db: Executor,
  options: ListOptions,
  scope: SQL,
  narrow: {
    buyerId?: string | undefined;
    supplierId?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
  },
) {
  const list = buildListSql(lineItemAcrossOrdersList, options);
  const where = and(
    scope,
    narrow.buyerId === undefined ? undefined : eq(orders.fromCompanyId, narrow.buyerId),
    narrow.supplierId === undefined ? undefined : sql`false`,
    narrow.from === undefined ? undefined : sql`${orders.dateCreated} >= ${narrow.from}::timestamptz`,
    narrow.to === undefined ? undefined : sql`${orders.dateCreated} <= ${narrow.to}::timestamptz`,
    list.where,
  );
  const rows = await db
    .select({ line: lineItems, order: orders, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(lineItems)
    .innerJoin(orders, eq(orders.id, lineItems.orderId))
    .where(where)
    .orderBy(...list.orderBy, asc(lineItems.orderId))
    .limit(list.limit)
    .offset(list.offset);
  let totalCount = rows[0]?.total ?? 0;
  if (rows.length === 0 && options.page > 1) {
    const [counted] = await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(lineItems)
      .innerJoin(orders, eq(orders.id, lineItems.orderId))
      .where(where);
    totalCount = counted?.n ?? 0;
  }
  return { rows: rows.map(({ line, order }) => ({ line, order })), totalCount };
}

/** Σ Quantity of the order's other lines of a product (cumulative price breaks), without reading the lines. */
export async function quantityOfProduct(
  db: Executor,
  orderId: string,
  productId: string,
  exceptLineItemId: string | undefined,
): Promise<number> {
  const [row] = await db
    .select({ quantity: sql<string | number | null>`sum(${lineItems.quantity})` })
    .from(lineItems)
    .where(
      and(
        eq(lineItems.orderId, orderId),
        eq(lineItems.productId, productId),
        exceptLineItemId === undefined ? undefined : sql`${lineItems.id} <> ${exceptLineItemId}`,
      ),
    );
  return Number(row?.quantity ?? 0);
}

const linesOfOrder = new Statement('line_items_of_order', (db) =>
  db
    .select()
    .from(lineItems)
    .where(eq(lineItems.orderId, sql.placeholder('orderId')))
    .orderBy(asc(lineItems.dateAdded), asc(lineItems.id)),
);

export function allLineItems(db: Executor, orderId: string): Promise<LineItemRow[]> {
  return linesOfOrder.execute(db, { orderId });
}

/** What the totals of an order need of each line (not the product snapshot, specs, addresses). */
export type LineAmountsRow = Pick<
  LineItemRow,
  'id' | 'productId' | 'quantity' | 'lineSubtotal' | 'promotionDiscount' | 'lineTotal' | 'dateAdded'
>;

export async function findLineItemRow(
  db: Executor,
  orderId: string,
  id: string,
): Promise<LineItemRow | undefined> {
  const [row] = await db
    .select()
    .from(lineItems)
    .where(and(eq(lineItems.orderId, orderId), eq(lineItems.id, id)));
  return row;
}

const lineItemColumns = getTableColumns(lineItems);
const PRICED_LINE_COLUMNS = (Object.keys(lineItemColumns) as (keyof typeof lineItemColumns)[]).filter(
  (key): key is keyof PricedLineItemRow => key !== 'quantityShipped',
);

// Raw placeholders, encoded by `insertLineItemRow`: Drizzle would run a column's encoder on a null
// placeholder value too (a null timestamp throws, a null jsonb becomes JSON null).
const pricedLineInsert = new Statement('line_items_insert_priced', (db) =>
  db
    .insert(lineItems)
    .values(
      Object.fromEntries(
        PRICED_LINE_COLUMNS.map((column) => [column, sql`${sql.placeholder(column)}`]),
      ) as unknown as NewLineItemRow,
    )
    .returning(),
);

export async function insertLineItemRow(db: Executor, row: PricedLineItemRow): Promise<LineItemRow> {
  const values = Object.fromEntries(
    PRICED_LINE_COLUMNS.map((column) => {
      const value = row[column];
      return [column, value === null ? null : lineItemColumns[column].mapToDriverValue(value)];
    }),
  );
  const [inserted] = await pricedLineInsert.execute(db, values);
  return inserted as LineItemRow;
}

export async function updateLineItemRow(
  db: Executor,
  orderId: string,
  id: string,
  values: Partial<NewLineItemRow>,
) {
  const [updated] = await db
    .update(lineItems)
    .set(values)
    .where(and(eq(lineItems.orderId, orderId), eq(lineItems.id, id)))
    .returning();
  return updated as LineItemRow;
}

/** Deletes a line; answers its LineSubtotal (what the order's Subtotal loses), undefined if none. */
export async function deleteLineItemRow(
  db: Executor,
  orderId: string,
  id: string,
): Promise<{ lineSubtotal: number } | undefined> {
  const [deleted] = await db
    .delete(lineItems)
    .where(and(eq(lineItems.orderId, orderId), eq(lineItems.id, id)))
    .returning({ lineSubtotal: lineItems.lineSubtotal });
  return deleted;
}

// --- payments ------------------------------------------------------------------------------------

export const listPaymentRows = (db: Executor, orderId: string, options: ListOptions) =>
  listRows(db, payments, paymentList, options, eq(payments.orderId, orderId));

export async function allPayments(db: Executor, orderId: string): Promise<PaymentRow[]> {
  return db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.dateCreated));
}

export async function findPaymentRow(
  db: Executor,
  orderId: string,
  id: string,
  forUpdate = false,
): Promise<PaymentRow | undefined> {
  const query = db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.id, id)));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row;
}

export async function insertPaymentRow(db: Executor, row: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [inserted] = await db.insert(payments).values(row).returning();
  return inserted as PaymentRow;
}

export async function updatePaymentRow(
  db: Executor,
  orderId: string,
  id: string,
  values: Partial<PaymentRow>,
) {
  const [updated] = await db
    .update(payments)
    .set(values)
    .where(and(eq(payments.orderId, orderId), eq(payments.id, id)))
    .returning();
  return updated as PaymentRow;
}

export async function deletePaymentRow(db: Executor, orderId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.id, id)))
    .returning({ id: payments.id });
  return deleted.length > 0;
}

// --- worksheets ------------------------------------------------------------------------------------

export type WorksheetRow = typeof orderWorksheets.$inferSelect;

export async function findWorksheet(db: Executor, orderId: string): Promise<WorksheetRow | undefined> {
  const [row] = await db.select().from(orderWorksheets).where(eq(orderWorksheets.orderId, orderId));
  return row;
}

export async function saveWorksheet(
  db: Executor,
  orderId: string,
  values: Partial<WorksheetRow>,
): Promise<void> {
  await db
    .insert(orderWorksheets)
    .values({ orderId, ...values })
    .onConflictDoUpdate({ target: orderWorksheets.orderId, set: values });
}

// Approvals and a user's move to another buyer: approvals-repository.ts, the same module's SQL.
export * from './approvals-repository.ts';
