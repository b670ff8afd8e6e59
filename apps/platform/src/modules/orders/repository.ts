import type { Executor } from '@actuate/service-kit';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { ListDefinition, ListOptions } from '../../shared/list/list-query.ts';
import { listRows } from '../../shared/list/run-list.ts';
import { incrementors, lineItems, orderApprovals, orders, orderWorksheets, payments } from './schema.ts';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type LineItemRow = typeof lineItems.$inferSelect;
export type NewLineItemRow = typeof lineItems.$inferInsert;
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

export async function findOrderRow(
  db: Executor,
  id: string,
  forUpdate = false,
): Promise<OrderRow | undefined> {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertOrderRow(db: Executor, row: NewOrderRow): Promise<OrderRow> {
  const [inserted] = await db.insert(orders).values(row).returning();
  return inserted as OrderRow;
}

export async function updateOrderRow(
  db: Executor,
  id: string,
  values: Partial<NewOrderRow>,
): Promise<OrderRow> {
  const [updated] = await db.update(orders).set(values).where(eq(orders.id, id)).returning();
  return updated as OrderRow;
}

export async function deleteOrderRow(db: Executor, id: string): Promise<void> {
  await db.delete(lineItems).where(eq(lineItems.orderId, id));
  await db.delete(payments).where(eq(payments.orderId, id));
  await db.delete(orders).where(eq(orders.id, id));
}

// --- line items ----------------------------------------------------------------------------------

export const listLineItemRows = (db: Executor, orderId: string, options: ListOptions) =>
  listRows(db, lineItems, lineItemList, options, eq(lineItems.orderId, orderId));

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

export async function allLineItems(db: Executor, orderId: string): Promise<LineItemRow[]> {
  return db
    .select()
    .from(lineItems)
    .where(eq(lineItems.orderId, orderId))
    .orderBy(asc(lineItems.dateAdded), asc(lineItems.id));
}

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

export async function insertLineItemRow(db: Executor, row: NewLineItemRow): Promise<LineItemRow> {
  const [inserted] = await db.insert(lineItems).values(row).returning();
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

export async function deleteLineItemRow(db: Executor, orderId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(lineItems)
    .where(and(eq(lineItems.orderId, orderId), eq(lineItems.id, id)))
    .returning({ id: lineItems.id });
  return deleted.length > 0;
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
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.id, id)));
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

// --- incrementors --------------------------------------------------------------------------------

/** The next number of an incrementor, atomically (concurrent orders never share a number). */
export async function nextIncrement(
  db: Executor,
  id: string,
): Promise<{ value: number; padding: number } | undefined> {
  const [row] = await db
    .update(incrementors)
    .set({ lastNumber: sql`${incrementors.lastNumber} + 1` })
    .where(eq(incrementors.id, id))
    .returning({ value: incrementors.lastNumber, padding: incrementors.leftPaddingCount });
  return row;
}

export async function ensureIncrementor(db: Executor, row: typeof incrementors.$inferInsert): Promise<void> {
  await db.insert(incrementors).values(row).onConflictDoNothing();
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

// --- order approvals -------------------------------------------------------------------------------

export type OrderApprovalRow = typeof orderApprovals.$inferSelect;

export async function approvalsOf(db: Executor, orderId: string): Promise<OrderApprovalRow[]> {
  return db
    .select()
    .from(orderApprovals)
    .where(eq(orderApprovals.orderId, orderId))
    .orderBy(asc(orderApprovals.dateCreated));
}

/** A fired rule's approval; a resubmitted order starts its approvals afresh. */
export async function saveApproval(db: Executor, row: typeof orderApprovals.$inferInsert): Promise<void> {
  const { orderId: _, approvalRuleId: __, ...values } = row;
  await db
    .insert(orderApprovals)
    .values(row)
    .onConflictDoUpdate({ target: [orderApprovals.orderId, orderApprovals.approvalRuleId], set: values });
}

export async function completeApprovals(
  db: Executor,
  orderId: string,
  groupIds: string[] | 'all',
  values: Partial<OrderApprovalRow>,
): Promise<number> {
  const updated = await db
    .update(orderApprovals)
    .set(values)
    .where(
      and(
        eq(orderApprovals.orderId, orderId),
        eq(orderApprovals.status, 'Pending'),
        groupIds === 'all'
          ? undefined
          : groupIds.length > 0
            ? inArray(orderApprovals.approvingGroupId, groupIds)
            : sql`false`,
      ),
    )
    .returning({ ruleId: orderApprovals.approvalRuleId });
  return updated.length;
}

/** Orders with an approval (of any status, or pending only) for one of the groups. */
export const approvableBy = (groupIds: string[], pendingOnly: boolean): SQL =>
  groupIds.length === 0
    ? sql`false`
    : sql`exists (select 1 from ${orderApprovals} a where a.order_id = ${orders.id} and a.approving_group_id in (${sql.join(
        groupIds.map((id) => sql`${id}`),
        sql`, `,
      )})${pendingOnly ? sql` and a.status = 'Pending'` : sql``})`;
