import { baseContext, forbidden, notFound, type ServiceApp, unauthorized } from '@actuate/service-kit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type CallerKeys, requireStorefrontKey } from '../../shared/admin-key.ts';
import { bearerToken } from '../../shared/bearer-token.ts';
import { problems } from '../../shared/responses.ts';
import { InvoiceDetail, InvoiceListQuery, InvoicePage, InvoiceParams, PdfQuery } from './models.ts';
import type { InvoiceService, InvoiceViewer } from './service.ts';

const tags = ['invoices'];
const WHO =
  'Called by the storefront’s server (`x-api-key`) with the buyer’s platform token (`Authorization: Bearer …`): buyer admins (BuyerAdmin, BuyerUserAdmin) see every invoice of their company, other users those of the orders they placed; any other invoice is a 404.';

export function invoiceRoutes(app: ServiceApp, service: InvoiceService, keys: CallerKeys): void {
  const viewerOf = async (request: FastifyRequest): Promise<InvoiceViewer> => {
    const viewer = await service.viewerOfToken(bearerToken(request.headers.authorization));
    if (viewer === 'unauthorized') throw unauthorized('invalid-token', 'The platform token is not valid.');
    if (viewer === 'forbidden') throw forbidden('no-erp-customer', 'Your company has no ERP customer yet.');
    return viewer;
  };
  const missing = (invoiceNumber: string) =>
    notFound('invoice-not-found', `No invoice ${invoiceNumber} of yours.`);

  const storefrontOnly = requireStorefrontKey(keys);
  app.get(
    '/invoices',
    {
      onRequest: storefrontOnly,
      schema: {
        tags,
        summary:
          'The buyer’s invoices, newest first (filters: web-shop order, ERP order number, issue dates)',
        description: WHO,
        querystring: InvoiceListQuery,
        response: { 200: InvoicePage, ...problems(400, 401, 403, 502) },
      },
    },
    async (request) => service.list(baseContext(request), await viewerOf(request), request.query),
  );

  app.get(
    '/invoices/:invoiceNumber',
    {
      onRequest: storefrontOnly,
      schema: {
        tags,
        summary: 'An invoice with lines, VAT, totals, due date, seller and buyer',
        description: WHO,
        params: InvoiceParams,
        response: { 200: InvoiceDetail, ...problems(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      const { invoiceNumber } = request.params;
      const invoice = await service.get(baseContext(request), await viewerOf(request), invoiceNumber);
      if (!invoice) throw missing(invoiceNumber);
      return invoice;
    },
  );

  app.get(
    '/invoices/:invoiceNumber/pdf',
    {
      onRequest: storefrontOnly,
      schema: {
        tags,
        summary: 'The invoice as a PDF, labelled and formatted in the given locale (en, da, de)',
        description: `${WHO} Answers \`application/pdf\` with \`Content-Disposition: attachment\`.`,
        params: InvoiceParams,
        querystring: PdfQuery,
        // The PDF's bytes are sent as they are (a Buffer is never serialised); the schema documents them.
        response: {
          200: z.string().describe('The PDF document (`application/pdf`)'),
          ...problems(400, 401, 403, 404, 502),
        },
      },
    },
    async (request, reply) => {
      const { invoiceNumber } = request.params;
      const viewer = await viewerOf(request);
      const pdf = await service.pdf(baseContext(request), viewer, invoiceNumber, request.query.locale);
      if (!pdf) throw missing(invoiceNumber);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${invoiceNumber}.pdf"`)
          .header('cache-control', 'private, no-store')
          // The bytes go out as they are; the typed reply only knows the documented string.
          .send(Buffer.from(pdf) as unknown as string)
      );
    },
  );
}
