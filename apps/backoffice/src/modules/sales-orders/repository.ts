import type { Executor } from '@actuate/service-kit';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { lockKey } from '../../shared/locks.ts';
import { invoices, salesOrderLines, salesOrderSubmissions, salesOrders, shipments } from './schema.ts';

export type SalesOrderRow = typeof salesOrders.$inferSelect;
export type SalesOrderLineRow = typeof salesOrderLines.$inferSelect;
export type ShipmentRow = typeof shipments.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/** Serialises submissions of one web-shop order across instances (released at commit). */
export const lockWebShopOrder = (tx: Executor, webShopOrderId: string) =>
  lockKey(tx, `sales-order:${webShopOrderId}`);

export async function findByWebShopOrderId(db: Executor, webShopOrderId: string) {
  const [row] = await db.select().from(salesOrders).where(eq(salesOrders.webShopOrderId, webShopOrderId));
  return row;
}

export async function findOrder(db: Executor, orderNumber: string, forUpdate = false) {
  const query = db.select().from(salesOrders).where(eq(salesOrders.orderNumber, orderNumber));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export function listOrders(
  db: Executor,
  filter: { customerErpId?: string | undefined; status?: string | undefined; limit: number },
) {
  const conditions: SQL[] = [];
  if (filter.customerErpId) conditions.push(eq(salesOrders.customerErpId, filter.customerErpId));
  if (filter.status) conditions.push(eq(salesOrders.status, filter.status as SalesOrderRow['status']));
  return db
    .select()
    .from(salesOrders)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(salesOrders.createdAt))
    .limit(filter.limit);
}

export async function insertOrder(db: Executor, row: typeof salesOrders.$inferInsert) {
  await db.insert(salesOrders).values(row);
}

export async function updateOrder(
  db: Executor,
  orderNumber: string,
  patch: Partial<typeof salesOrders.$inferInsert>,
) {
  await db.update(salesOrders).set(patch).where(eq(salesOrders.orderNumber, orderNumber));
}

export const linesOf = (db: Executor, orderNumber: string) =>
  db
    .select()
    .from(salesOrderLines)
    .where(eq(salesOrderLines.orderNumber, orderNumber))
    .orderBy(asc(salesOrderLines.lineNumber));

export async function insertLines(db: Executor, rows: (typeof salesOrderLines.$inferInsert)[]) {
  if (rows.length) await db.insert(salesOrderLines).values(rows);
}

export async function addShipped(db: Executor, orderNumber: string, lineNumber: number, quantity: number) {
  await db
    .update(salesOrderLines)
    .set({ quantityShipped: sql`${salesOrderLines.quantityShipped} + ${quantity}` })
    .where(and(eq(salesOrderLines.orderNumber, orderNumber), eq(salesOrderLines.lineNumber, lineNumber)));
}

export const shipmentsOf = (db: Executor, orderNumber: string) =>
  db
    .select()
    .from(shipments)
    .where(eq(shipments.orderNumber, orderNumber))
    .orderBy(asc(shipments.shippedAt), asc(shipments.erpShipmentId));

export async function findShipmentByTrackingNumber(db: Executor, trackingNumber: string) {
  const [row] = await db.select().from(shipments).where(eq(shipments.trackingNumber, trackingNumber));
  return row;
}

export async function markDelivered(db: Executor, erpShipmentId: string, deliveredAt: Date) {
  await db.update(shipments).set({ deliveredAt }).where(eq(shipments.erpShipmentId, erpShipmentId));
}

export async function insertShipment(db: Executor, row: typeof shipments.$inferInsert) {
  await db.insert(shipments).values(row);
}

export async function invoiceOf(db: Executor, orderNumber: string) {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderNumber, orderNumber));
  return row;
}

export async function insertInvoice(db: Executor, row: typeof invoices.$inferInsert) {
  await db.insert(invoices).values(row);
}

export async function insertSubmission(db: Executor, row: typeof salesOrderSubmissions.$inferInsert) {
  await db.insert(salesOrderSubmissions).values(row);
}

export const submissionsOf = (db: Executor, webShopOrderId: string) =>
  db
    .select()
    .from(salesOrderSubmissions)
    .where(eq(salesOrderSubmissions.webShopOrderId, webShopOrderId))
    .orderBy(asc(salesOrderSubmissions.id));
