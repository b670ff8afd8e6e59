import { multiplyMinorUnits, sumMinorUnits } from '@actuate/contracts';
import { type Database, notFound, type RequestContext } from '@actuate/service-kit';
import type { InvoiceDetail, InvoiceListQuery, InvoiceSummary } from './models.ts';
import * as repository from './repository.ts';

const DAY_MS = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);

type OrderKeys = repository.InvoiceWithOrder['order'];

function orderFields(order: OrderKeys) {
  return {
    webShopOrderId: order.webShopOrderId,
    customerErpId: order.customerErpId,
    contactErpId: order.contactErpId,
    salesCompanyId: order.salesCompanyId,
    customerReference: order.customerReference,
  };
}

function invoiceSummaryOf({ invoice, order }: repository.InvoiceWithOrder): InvoiceSummary {
  return {
    invoiceNumber: invoice.invoiceNumber,
    kind: 'Invoice',
    creditsInvoiceNumber: null,
    reason: null,
    orderNumber: invoice.orderNumber,
    ...orderFields(order),
    currency: invoice.currency,
    netAmount: invoice.netAmount,
    shippingAmount: invoice.shippingAmount,
    vatRateBasisPoints: invoice.vatRateBasisPoints,
    vatAmount: invoice.vatAmount,
    totalAmount: invoice.totalAmount,
    issuedAt: invoice.invoicedAt.toISOString(),
    issueDate: isoDay(invoice.invoicedAt),
    dueDate: invoice.dueDate,
  };
}

/** A credit note's amounts are stored as credited and shown negative. */
function creditNoteSummaryOf(
  note: repository.CreditNoteRow,
  { invoice, order }: repository.InvoiceWithOrder,
): InvoiceSummary {
  return {
    invoiceNumber: note.creditNoteNumber,
    kind: 'CreditNote',
    creditsInvoiceNumber: note.invoiceNumber,
    reason: note.reason,
    orderNumber: invoice.orderNumber,
    ...orderFields(order),
    currency: note.currency,
    netAmount: -note.netAmount,
    shippingAmount: 0,
    vatRateBasisPoints: note.vatRateBasisPoints,
    vatAmount: -note.vatAmount,
    totalAmount: -note.totalAmount,
    issuedAt: note.issuedAt.toISOString(),
    issueDate: isoDay(note.issuedAt),
    dueDate: isoDay(note.issuedAt),
  };
}

/**
 * The ERP's invoices and credit notes, read-only here: invoices are issued by the progression module
 * when a shipped order is invoiced, credit notes by an operator (CreditNoteService); listed per customer
 * or contact, and read with lines and both parties.
 */
export class InvoiceService {
  constructor(private readonly db: Database) {}

  async list(context: RequestContext, query: InvoiceListQuery) {
    const { rows, total } = await repository.listDocuments(
      this.db,
      {
        kind: query.kind,
        customerErpId: query.customerErpId,
        contactErpId: query.contactErpId,
        orderNumber: query.orderNumber,
        webShopOrderId: query.webShopOrderId,
        issuedFrom: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
        issuedBefore: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined,
      },
      query,
    );
    const items = await Promise.all(rows.map((row) => this.summary(context, row.documentNumber, row.kind)));
    return { items, total, limit: query.limit, offset: query.offset };
  }

  private async summary(_context: RequestContext, number: string, kind: 'Invoice' | 'CreditNote') {
    if (kind === 'Invoice') return invoiceSummaryOf(await this.requireInvoice(number));
    const note = await this.requireCreditNote(number);
    return creditNoteSummaryOf(note, await this.requireInvoice(note.invoiceNumber));
  }

  private async requireInvoice(invoiceNumber: string) {
    const row = await repository.findInvoice(this.db, invoiceNumber);
    if (!row) throw notFound('invoice-not-found', `No invoice ${invoiceNumber}.`);
    return row;
  }

  private async requireCreditNote(creditNoteNumber: string) {
    const note = await repository.findCreditNote(this.db, creditNoteNumber);
    if (!note) throw notFound('invoice-not-found', `No credit note ${creditNoteNumber}.`);
    return note;
  }

  /** An invoice or a credit note (by its number's prefix) with lines, parties and the linked documents. */
  async get(context: RequestContext, number: string): Promise<InvoiceDetail> {
    return number.startsWith('CN-') ? this.creditNote(context, number) : this.invoice(context, number);
  }

  private async invoice(_context: RequestContext, invoiceNumber: string): Promise<InvoiceDetail> {
    const row = await this.requireInvoice(invoiceNumber);
    const [lines, parties, notes] = await Promise.all([
      repository.invoiceLines(this.db, row.invoice.orderNumber),
      repository.partiesOf(this.db, row.order),
      repository.creditNotesOf(this.db, invoiceNumber),
    ]);
    const credited = sumMinorUnits(notes.map((note) => note.netAmount));
    return {
      ...invoiceSummaryOf(row),
      ...partiesFields(row, parties),
      // The invoice bills what shipped (less than ordered when the order was completed short).
      lines: lines
        .filter(({ line }) => line.quantityShipped > 0)
        .map(({ line, itemName }) => ({
          lineNumber: line.lineNumber,
          webShopLineItemId: line.webShopLineItemId,
          salesItemNumber: line.salesItemNumber,
          description: itemName ?? line.salesItemNumber,
          quantity: line.quantityShipped,
          unitPrice: line.unitPrice,
          lineAmount: multiplyMinorUnits(line.unitPrice, line.quantityShipped),
        })),
      creditNotes: notes.map((note) => ({
        invoiceNumber: note.creditNoteNumber,
        issueDate: isoDay(note.issuedAt),
        totalAmount: -note.totalAmount,
      })),
      creditableNetAmount: row.invoice.netAmount + row.invoice.shippingAmount - credited,
    };
  }

  private async creditNote(_context: RequestContext, creditNoteNumber: string): Promise<InvoiceDetail> {
    const note = await this.requireCreditNote(creditNoteNumber);
    const row = await this.requireInvoice(note.invoiceNumber);
    const [noteLines, invoiceLines, parties] = await Promise.all([
      repository.creditNoteLinesOf(this.db, creditNoteNumber),
      repository.invoiceLines(this.db, row.invoice.orderNumber),
      repository.partiesOf(this.db, row.order),
    ]);
    const invoiced = new Map(invoiceLines.map((entry) => [entry.line.lineNumber, entry]));
    const lines = noteLines.length
      ? noteLines.map((credited) => {
          const entry = invoiced.get(credited.lineNumber);
          return {
            lineNumber: credited.lineNumber,
            webShopLineItemId: entry?.line.webShopLineItemId ?? '',
            salesItemNumber: entry?.line.salesItemNumber ?? '',
            description: entry?.itemName ?? entry?.line.salesItemNumber ?? '',
            quantity: credited.quantity,
            unitPrice: credited.unitPrice,
            lineAmount: -multiplyMinorUnits(credited.unitPrice, credited.quantity),
          };
        })
      : // A credited amount: one line with the reason.
        [
          {
            lineNumber: 0,
            webShopLineItemId: '',
            salesItemNumber: '',
            description: note.reason,
            quantity: 1,
            unitPrice: note.netAmount,
            lineAmount: -note.netAmount,
          },
        ];
    return {
      ...creditNoteSummaryOf(note, row),
      ...partiesFields(row, parties),
      lines,
      creditNotes: [],
      creditableNetAmount: null,
    };
  }
}

function partiesFields(
  row: repository.InvoiceWithOrder,
  { customer, seller, address }: Awaited<ReturnType<typeof repository.partiesOf>>,
) {
  return {
    paymentTermsDays: customer?.paymentTermsDays ?? 30,
    seller: {
      salesCompanyId: row.order.salesCompanyId,
      name: seller?.name ?? row.order.salesCompanyId,
      vatNumber: seller?.vatNumber ?? '',
      countryCode2: seller?.countryCode2 ?? '',
    },
    buyer: {
      customerErpId: row.order.customerErpId,
      name: customer?.name ?? row.order.customerErpId,
      vatNumber: customer?.vatNumber ?? '',
      countryCode2: customer?.countryCode2 ?? '',
      address: address
        ? {
            companyName: address.companyName,
            street1: address.street1,
            street2: address.street2,
            zip: address.zip,
            city: address.city,
            state: address.state,
            countryCode2: address.countryCode2,
          }
        : null,
    },
  };
}
