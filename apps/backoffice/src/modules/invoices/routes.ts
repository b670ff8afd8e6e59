import { baseContext, type ServiceApp } from '@actuate/service-kit';
import type { CreditNoteService } from './credit-notes.ts';
import {
  CreditNoteRequest,
  DocumentNumberParams,
  InvoiceDetail,
  InvoiceListQuery,
  InvoiceNumberParams,
  InvoicePage,
} from './models.ts';
import type { InvoiceService } from './service.ts';

const tags = ['erp-invoices'];

export function invoiceRoutes(
  app: ServiceApp,
  { invoices, creditNotes }: { invoices: InvoiceService; creditNotes: CreditNoteService },
) {
  app.get(
    '/erp/invoices',
    {
      schema: {
        tags,
        summary:
          'Invoices and credit notes, newest first, filtered by kind, customer, contact, order and issue date',
        description:
          'The ERP issues an invoice when a shipped order is invoiced (`POST /erp/sales-orders/{orderNumber}/invoice`) and a credit note when an operator credits an invoice (`POST /erp/invoices/{invoiceNumber}/credit-notes`). Amounts are minor units of the currency; a credit note’s are negative.',
        querystring: InvoiceListQuery,
        response: { 200: InvoicePage },
      },
    },
    (request) => invoices.list(baseContext(request), request.query),
  );

  app.get(
    '/erp/invoices/:invoiceNumber',
    {
      schema: {
        tags,
        summary:
          'An invoice or credit note with its lines, VAT, totals, due date, seller, buyer and linked documents',
        params: DocumentNumberParams,
        response: { 200: InvoiceDetail },
      },
    },
    (request) => invoices.get(baseContext(request), request.params.invoiceNumber),
  );

  app.post(
    '/erp/invoices/:invoiceNumber/credit-notes',
    {
      schema: {
        tags,
        summary: 'Issue a credit note against an invoice: some of its lines, or a net amount, with a reason',
        description:
          'Never more than is left to credit: per line the invoiced quantity less earlier credit notes, in all the invoice’s net amount with shipping less earlier credits (else 409 `credit-exceeds-invoice`). VAT at the invoice’s rate. Sends the signed callback `credit-note.issued`. Answers the credit note as `GET /erp/invoices/{creditNoteNumber}` does.',
        params: InvoiceNumberParams,
        body: CreditNoteRequest,
        response: { 201: InvoiceDetail },
      },
    },
    async (request, reply) => {
      const note = await creditNotes.issue(baseContext(request), request.params.invoiceNumber, request.body);
      return reply.code(201).send(note);
    },
  );
}
