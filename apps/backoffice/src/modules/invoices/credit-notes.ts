import { applyPercentage, multiplyMinorUnits, sumMinorUnits } from '@actuate/contracts';
import { conflict, type Database, notFound, type RequestContext } from '@actuate/service-kit';
import type { CallbackService } from '../callbacks/service.ts';
import { numbering } from '../numbering/service.ts';
import type { CreditNoteRequest, InvoiceDetail } from './models.ts';
import * as repository from './repository.ts';
import type { InvoiceService } from './service.ts';

/**
 * Credit notes: an operator credits some of an invoice's lines or a net amount, never more than is
 * left on the invoice (per line: the invoiced quantity less what earlier credit notes credited; in all:
 * the invoice's net amount with shipping less earlier credits). Numbered per sales company and year,
 * with the invoice's currency and VAT rate; the subscriber hears of it by a signed `credit-note.issued`
 * callback in the same transaction. The invoice row is locked, so concurrent credit notes queue.
 */
export class CreditNoteService {
  constructor(
    private readonly db: Database,
    private readonly invoices: InvoiceService,
    private readonly callbacks: CallbackService,
  ) {}

  async issue(
    context: RequestContext,
    invoiceNumber: string,
    request: CreditNoteRequest,
  ): Promise<InvoiceDetail> {
    const creditNoteNumber = await this.db.transaction(async (tx) => {
      const invoice = await repository.findInvoiceForUpdate(tx, invoiceNumber);
      const row = invoice && (await repository.findInvoice(tx, invoiceNumber));
      if (!invoice || !row) throw notFound('invoice-not-found', `No invoice ${invoiceNumber}.`);
      const earlier = await repository.creditNotesOf(tx, invoiceNumber);
      const creditable =
        invoice.netAmount + invoice.shippingAmount - sumMinorUnits(earlier.map((n) => n.netAmount));

      let lines: { lineNumber: number; quantity: number; unitPrice: number }[] = [];
      if (request.lines) {
        const invoiced = new Map(
          (await repository.invoiceLines(tx, invoice.orderNumber)).map(({ line }) => [line.lineNumber, line]),
        );
        const credited = await repository.creditedQuantities(tx, invoiceNumber);
        lines = request.lines.map(({ lineNumber, quantity }) => {
          const line = invoiced.get(lineNumber);
          if (!line) {
            throw notFound('invoice-line-not-found', `Invoice ${invoiceNumber} has no line ${lineNumber}.`, {
              lineNumber,
            });
          }
          const left = line.quantityShipped - (credited.get(lineNumber) ?? 0);
          if (quantity > left) {
            throw conflict(
              'credit-exceeds-invoice',
              `Line ${lineNumber} of ${invoiceNumber} has ${left} left to credit, not ${quantity}.`,
              { lineNumber, creditableQuantity: left },
            );
          }
          return { lineNumber, quantity, unitPrice: line.unitPrice };
        });
      }
      const netAmount =
        request.amount ??
        sumMinorUnits(lines.map((line) => multiplyMinorUnits(line.unitPrice, line.quantity)));
      if (netAmount > creditable) {
        throw conflict(
          'credit-exceeds-invoice',
          `Invoice ${invoiceNumber} has ${creditable} (net, minor units) left to credit, not ${netAmount}.`,
          { creditableNetAmount: creditable },
        );
      }
      const vatAmount = applyPercentage(netAmount, invoice.vatRateBasisPoints);
      const parties = await repository.partiesOf(tx, row.order);
      const number = await numbering.creditNote(tx, row.order.salesCompanyId, context.now.getUTCFullYear());
      const note = {
        creditNoteNumber: number,
        invoiceNumber,
        reason: request.reason,
        currency: invoice.currency,
        netAmount,
        vatRateBasisPoints: invoice.vatRateBasisPoints,
        vatAmount,
        totalAmount: netAmount + vatAmount,
        invoiceEmail: parties.customer?.invoiceEmail || invoice.invoiceEmail,
        issuedAt: context.now,
      };
      await repository.insertCreditNote(tx, note, lines);
      const subject = `credit-note:${invoiceNumber}`;
      await this.callbacks.publish(tx, {
        type: 'credit-note.issued',
        subject,
        sequence: await numbering.eventSequence(tx, subject),
        occurredAt: context.now,
        data: {
          webShopOrderId: row.order.webShopOrderId,
          orderNumber: invoice.orderNumber,
          customerErpId: row.order.customerErpId,
          creditNote: {
            creditNoteNumber: number,
            invoiceNumber,
            currency: note.currency,
            totalAmount: -note.totalAmount,
            invoiceEmail: note.invoiceEmail,
            issueDate: context.now.toISOString().slice(0, 10),
            reason: note.reason,
          },
        },
      });
      context.log.info({ invoiceNumber, creditNoteNumber: number, netAmount }, 'credit note issued');
      return number;
    });
    return this.invoices.get(context, creditNoteNumber);
  }
}
