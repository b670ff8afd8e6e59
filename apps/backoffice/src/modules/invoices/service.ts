import { multiplyMinorUnits } from '@actuate/contracts';
import { type Database, notFound, type RequestContext } from '@actuate/service-kit';
import type { InvoiceDetail, InvoiceListQuery, InvoiceSummary } from './models.ts';
import * as repository from './repository.ts';

const DAY_MS = 86_400_000;

function summaryOf({ invoice, order }: repository.InvoiceWithOrder): InvoiceSummary {
  return {
    invoiceNumber: invoice.invoiceNumber,
    kind: 'Invoice',
    orderNumber: invoice.orderNumber,
    webShopOrderId: order.webShopOrderId,
    customerErpId: order.customerErpId,
    contactErpId: order.contactErpId,
    salesCompanyId: order.salesCompanyId,
    customerReference: order.customerReference,
    currency: invoice.currency,
    netAmount: invoice.netAmount,
    shippingAmount: invoice.shippingAmount,
    vatRateBasisPoints: invoice.vatRateBasisPoints,
    vatAmount: invoice.vatAmount,
    totalAmount: invoice.totalAmount,
    issuedAt: invoice.invoicedAt.toISOString(),
    issueDate: invoice.invoicedAt.toISOString().slice(0, 10),
    dueDate: invoice.dueDate,
  };
}

/**
 * The ERP's invoices, read-only: issued by the progression module when a shipped order is invoiced
 * (its amounts are fixed then); listed per customer or contact, and read with lines and both parties.
 */
export class InvoiceService {
  constructor(private readonly db: Database) {}

  async list(_context: RequestContext, query: InvoiceListQuery) {
    const { rows, total } = await repository.listInvoices(
      this.db,
      {
        customerErpId: query.customerErpId,
        contactErpId: query.contactErpId,
        orderNumber: query.orderNumber,
        webShopOrderId: query.webShopOrderId,
        issuedFrom: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
        issuedBefore: query.to ? new Date(Date.parse(`${query.to}T00:00:00Z`) + DAY_MS) : undefined,
      },
      query,
    );
    return { items: rows.map(summaryOf), total, limit: query.limit, offset: query.offset };
  }

  async get(_context: RequestContext, invoiceNumber: string): Promise<InvoiceDetail> {
    const row = await repository.findInvoice(this.db, invoiceNumber);
    if (!row) throw notFound('invoice-not-found', `No invoice ${invoiceNumber}.`);
    const [lines, parties] = await Promise.all([
      repository.invoiceLines(this.db, row.invoice.orderNumber),
      repository.partiesOf(this.db, row.order),
    ]);
    const { customer, seller, address } = parties;
    return {
      ...summaryOf(row),
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
      lines: lines.map(({ line, itemName }) => ({
        lineNumber: line.lineNumber,
        webShopLineItemId: line.webShopLineItemId,
        salesItemNumber: line.salesItemNumber,
        description: itemName ?? line.salesItemNumber,
        quantity: line.quantity,
        unitPrice: line.unitPrice,
        lineAmount: multiplyMinorUnits(line.unitPrice, line.quantity),
      })),
    };
  }
}
