import { baseContext, notFound, type ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { type CallerKeys, requireStorefrontKey } from '../../shared/admin-key.ts';
import { bearerToken } from '../../shared/bearer-token.ts';
import { problems } from '../../shared/responses.ts';
import type { OrderExportService } from './service.ts';

const ExportParams = z.object({ orderId: z.string().min(1).max(100) });
const ExportQuery = z.object({
  format: z.enum(['csv', 'pdf']),
  locale: z.enum(['en', 'da', 'de']).default('en'),
});

export function exportRoutes(app: ServiceApp, service: OrderExportService, keys: CallerKeys): void {
  app.get(
    '/orders/:orderId/export',
    {
      onRequest: requireStorefrontKey(keys),
      schema: {
        tags: ['exports'],
        summary: 'The buyer’s cart (an unsubmitted order) or order as CSV or PDF',
        description:
          'Roles: whoever may read the order on the platform (Shopper, OrderReader or OrderAdmin for `GET /v1/orders/Outgoing/{id}`). Called by the storefront’s server (`x-api-key`) with the buyer’s platform token (`Authorization: Bearer …`); the order is read with that token, so an order the buyer may not read is a 404. CSV: `salesItemNumber,quantity,name,unitPrice,lineTotal,currency` (the quick order reads the first two columns back); PDF: labelled and formatted in `locale`.',
        params: ExportParams,
        querystring: ExportQuery,
        response: {
          200: z.string().describe('The file (`text/csv` or `application/pdf`, as an attachment)'),
          ...problems(400, 401, 404, 502),
        },
      },
    },
    async (request, reply) => {
      const { orderId } = request.params;
      const { format, locale } = request.query;
      const file = await service.file(
        baseContext(request),
        bearerToken(request.headers.authorization),
        orderId,
        format,
        locale,
      );
      if (!file) throw notFound('order-not-found', `No order ${orderId} of yours.`);
      // A plain name: the order ID is the buyer's but may hold characters a header cannot.
      const name = file.isCart ? 'cart' : `order-${orderId.replace(/[^A-Za-z0-9_-]/g, '_')}`;
      return (
        reply
          .header('content-type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/pdf')
          .header('content-disposition', `attachment; filename="${name}.${format}"`)
          .header('cache-control', 'private, no-store')
          // The bytes go out as they are; the typed reply only knows the documented string.
          .send((typeof file.body === 'string' ? file.body : Buffer.from(file.body)) as unknown as string)
      );
    },
  );
}
