import type { Executor } from '@actuate/service-kit';
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import { erpCustomers, erpDeliveryAddresses, salesCompanies } from '../customers/schema.ts';
import { items } from '../items/schema.ts';
import { invoices, salesOrderLines, salesOrders } from '../sales-orders/schema.ts';

export interface InvoiceFilter {
  customerErpId?: string | undefined;
  contactErpId?: string | undefined;
  orderNumber?: string | undefined;
  webShopOrderId?: string | undefined;
  /** Inclusive lower bound of the issue time. */
  issuedFrom?: Date | undefined;
  /** Exclusive upper bound of the issue time. */
  issuedBefore?: Date | undefined;
}

const invoiceColumns = {
  invoice: invoices,
  order: {
    webShopOrderId: salesOrders.webShopOrderId,
    customerErpId: salesOrders.customerErpId,
    contactErpId: salesOrders.contactErpId,
    salesCompanyId: salesOrders.salesCompanyId,
    customerReference: salesOrders.customerReference,
    deliveryAddressErpId: salesOrders.deliveryAddressErpId,
  },
};
export type InvoiceWithOrder = Awaited<ReturnType<typeof findInvoice>> & {};

function conditionsOf(filter: InvoiceFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.customerErpId) conditions.push(eq(salesOrders.customerErpId, filter.customerErpId));
  if (filter.contactErpId) conditions.push(eq(salesOrders.contactErpId, filter.contactErpId));
  if (filter.orderNumber) conditions.push(eq(invoices.orderNumber, filter.orderNumber));
  if (filter.webShopOrderId) conditions.push(eq(salesOrders.webShopOrderId, filter.webShopOrderId));
  if (filter.issuedFrom) conditions.push(gte(invoices.invoicedAt, filter.issuedFrom));
  if (filter.issuedBefore) conditions.push(lt(invoices.invoicedAt, filter.issuedBefore));
  return conditions.length ? and(...conditions) : undefined;
}

/** One page of matching invoices, newest first, and how many match in all. */
export async function listInvoices(
  db: Executor,
  filter: InvoiceFilter,
  page: { limit: number; offset: number },
) {
  const where = conditionsOf(filter);
  const rows = await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(salesOrders, eq(salesOrders.orderNumber, invoices.orderNumber))
    .where(where)
    .orderBy(desc(invoices.invoicedAt), desc(invoices.invoiceNumber))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db
    .select({ value: count() })
    .from(invoices)
    .innerJoin(salesOrders, eq(salesOrders.orderNumber, invoices.orderNumber))
    .where(where);
  return { rows, total: total?.value ?? 0 };
}

export async function findInvoice(db: Executor, invoiceNumber: string) {
  const [row] = await db
    .select(invoiceColumns)
    .from(invoices)
    .innerJoin(salesOrders, eq(salesOrders.orderNumber, invoices.orderNumber))
    .where(eq(invoices.invoiceNumber, invoiceNumber));
  return row;
}

/** The invoiced order's lines with the item names. */
export function invoiceLines(db: Executor, orderNumber: string) {
  return db
    .select({ line: salesOrderLines, itemName: items.name })
    .from(salesOrderLines)
    .leftJoin(items, eq(items.salesItemNumber, salesOrderLines.salesItemNumber))
    .where(eq(salesOrderLines.orderNumber, orderNumber))
    .orderBy(asc(salesOrderLines.lineNumber));
}

export async function partiesOf(
  db: Executor,
  keys: { customerErpId: string; salesCompanyId: string; deliveryAddressErpId: string },
) {
  const [customer] = await db.select().from(erpCustomers).where(eq(erpCustomers.erpId, keys.customerErpId));
  const [seller] = await db.select().from(salesCompanies).where(eq(salesCompanies.id, keys.salesCompanyId));
  const [address] = await db
    .select()
    .from(erpDeliveryAddresses)
    .where(eq(erpDeliveryAddresses.erpId, keys.deliveryAddressErpId));
  return { customer, seller, address };
}
