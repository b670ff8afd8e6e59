import { baseContext, type ServiceApp } from '@actuate/service-kit';
import { InvoiceDetail, InvoiceListQuery, InvoiceNumberParams, InvoicePage } from './models.ts';
import type { InvoiceService } from './service.ts';

const tags = ['erp-invoices'];

export function invoiceRoutes(app: ServiceApp, { invoices }: { invoices: InvoiceService }) {
  app.get(
    '/erp/invoices',
    {
      schema: {
        tags,
        summary: 'Invoices, newest first, filtered by customer, contact, order and issue date',
        description:
          'Read-only: the ERP issues an invoice when a shipped order is invoiced (`POST /erp/sales-orders/{orderNumber}/invoice`). Amounts are minor units of the currency.',
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
        summary: 'An invoice with its lines, VAT, totals, due date, seller and buyer',
        params: InvoiceNumberParams,
        response: { 200: InvoiceDetail },
      },
    },
    (request) => invoices.get(baseContext(request), request.params.invoiceNumber),
  );
}
