import type { Executor } from '@actuate/service-kit';
import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { erpCustomers, erpDeliveryAddresses, salesCompanies } from '../customers/schema.ts';
import { items } from '../items/schema.ts';
import { invoices, salesOrderLines, salesOrders } from '../sales-orders/schema.ts';
import { creditNoteLines, creditNotes } from './schema.ts';

export interface InvoiceFilter {
  kind?: 'Invoice' | 'CreditNote' | undefined;
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

function orderConditions(filter: InvoiceFilter, issuedAt: AnyPgColumn): SQL[] {
  const conditions: SQL[] = [];
  if (filter.customerErpId) conditions.push(eq(salesOrders.customerErpId, filter.customerErpId));
  if (filter.contactErpId) conditions.push(eq(salesOrders.contactErpId, filter.contactErpId));
  if (filter.orderNumber) conditions.push(eq(invoices.orderNumber, filter.orderNumber));
  if (filter.webShopOrderId) conditions.push(eq(salesOrders.webShopOrderId, filter.webShopOrderId));
  if (filter.issuedFrom) conditions.push(gte(issuedAt, filter.issuedFrom));
  if (filter.issuedBefore) conditions.push(lt(issuedAt, filter.issuedBefore));
  return conditions;
}

/** One flat row per document (invoice or credit note), the same shape from both tables. */
const documentColumns = (kind: 'Invoice' | 'CreditNote') =>
  kind === 'Invoice'
    ? {
        documentNumber: sql<string>`${invoices.invoiceNumber}`.as('document_number'),
        kind: sql<'Invoice' | 'CreditNote'>`'Invoice'`.as('kind'),
        issuedAt: sql<Date>`${invoices.invoicedAt}`.as('issued_at'),
      }
    : {
        documentNumber: sql<string>`${creditNotes.creditNoteNumber}`.as('document_number'),
        kind: sql<'Invoice' | 'CreditNote'>`'CreditNote'`.as('kind'),
        issuedAt: sql<Date>`${creditNotes.issuedAt}`.as('issued_at'),
      };

function invoiceBranch(db: Executor, filter: InvoiceFilter) {
  return db
    .select(documentColumns('Invoice'))
    .from(invoices)
    .innerJoin(salesOrders, eq(salesOrders.orderNumber, invoices.orderNumber))
    .where(and(...orderConditions(filter, invoices.invoicedAt)));
}

function creditNoteBranch(db: Executor, filter: InvoiceFilter) {
  return db
    .select(documentColumns('CreditNote'))
    .from(creditNotes)
    .innerJoin(invoices, eq(invoices.invoiceNumber, creditNotes.invoiceNumber))
    .innerJoin(salesOrders, eq(salesOrders.orderNumber, invoices.orderNumber))
    .where(and(...orderConditions(filter, creditNotes.issuedAt)));
}

/**
 * One page of matching invoices and credit notes (their numbers and kinds), newest first, and how many
 * match in all; the caller reads each document.
 */
export async function listDocuments(
  db: Executor,
  filter: InvoiceFilter,
  page: { limit: number; offset: number },
) {
  const both = !filter.kind;
  const base =
    filter.kind === 'CreditNote'
      ? creditNoteBranch(db, filter)
      : both
        ? invoiceBranch(db, filter).unionAll(creditNoteBranch(db, filter))
        : invoiceBranch(db, filter);
  const documents = base.as('documents');
  const rows = await db
    .select({ documentNumber: documents.documentNumber, kind: documents.kind })
    .from(documents)
    .orderBy(desc(documents.issuedAt), desc(documents.documentNumber))
    .limit(page.limit)
    .offset(page.offset);
  const [total] = await db.select({ value: count() }).from(documents);
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

export async function findInvoiceForUpdate(db: Executor, invoiceNumber: string) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(eq(invoices.invoiceNumber, invoiceNumber))
    .for('update');
  return row;
}

export type CreditNoteRow = typeof creditNotes.$inferSelect;

export async function findCreditNote(db: Executor, creditNoteNumber: string) {
  const [row] = await db.select().from(creditNotes).where(eq(creditNotes.creditNoteNumber, creditNoteNumber));
  return row;
}

/** The credit notes of an invoice, oldest first. */
export function creditNotesOf(db: Executor, invoiceNumber: string) {
  return db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.invoiceNumber, invoiceNumber))
    .orderBy(asc(creditNotes.issuedAt), asc(creditNotes.creditNoteNumber));
}

/** The invoice lines credited so far, summed per line (all credit notes of the invoice). */
export async function creditedQuantities(db: Executor, invoiceNumber: string): Promise<Map<number, number>> {
  const rows = await db
    .select({
      lineNumber: creditNoteLines.lineNumber,
      quantity: sql<number>`sum(${creditNoteLines.quantity})::int`,
    })
    .from(creditNoteLines)
    .innerJoin(creditNotes, eq(creditNotes.creditNoteNumber, creditNoteLines.creditNoteNumber))
    .where(eq(creditNotes.invoiceNumber, invoiceNumber))
    .groupBy(creditNoteLines.lineNumber);
  return new Map(rows.map((row) => [row.lineNumber, Number(row.quantity)]));
}

export function creditNoteLinesOf(db: Executor, creditNoteNumber: string) {
  return db
    .select()
    .from(creditNoteLines)
    .where(eq(creditNoteLines.creditNoteNumber, creditNoteNumber))
    .orderBy(asc(creditNoteLines.lineNumber));
}

export async function insertCreditNote(
  db: Executor,
  note: typeof creditNotes.$inferInsert,
  lines: Omit<typeof creditNoteLines.$inferInsert, 'creditNoteNumber'>[],
) {
  await db.insert(creditNotes).values(note);
  if (lines.length) {
    await db
      .insert(creditNoteLines)
      .values(lines.map((line) => ({ ...line, creditNoteNumber: note.creditNoteNumber })));
  }
}
