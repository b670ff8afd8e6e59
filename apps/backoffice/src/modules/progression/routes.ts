import { baseContext, type ServiceApp } from '@actuate/service-kit';
import { SalesOrderView } from '../sales-orders/models.ts';
import { CancelRequest, ConfirmRequest, OrderNumberParams, ShipRequest } from './models.ts';
import type { ProgressionService } from './service.ts';

const tags = ['erp-progression'];
const response = { 200: SalesOrderView };

export function progressionRoutes(app: ServiceApp, { progression }: { progression: ProgressionService }) {
  app.post(
    '/erp/sales-orders/:orderNumber/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm a received order (sets ConfirmedShippingDate)',
        params: OrderNumberParams,
        body: ConfirmRequest,
        response,
      },
    },
    (request) => progression.confirm(baseContext(request), request.params.orderNumber, request.body),
  );

  app.post(
    '/erp/sales-orders/:orderNumber/ship',
    {
      schema: {
        tags,
        summary:
          'Ship the next part of a confirmed order (PartlyShipped, or Shipped when every line has shipped)',
        description:
          'Without lines: the first shipment carries about half of the order, the second the rest (two shipments by default).',
        params: OrderNumberParams,
        body: ShipRequest,
        response,
      },
    },
    (request) => progression.ship(baseContext(request), request.params.orderNumber, request.body),
  );

  app.post(
    '/erp/sales-orders/:orderNumber/invoice',
    {
      schema: { tags, summary: 'Invoice a shipped order', params: OrderNumberParams, response },
    },
    (request) => progression.invoice(baseContext(request), request.params.orderNumber),
  );

  app.post(
    '/erp/sales-orders/:orderNumber/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel an order that has not shipped',
        params: OrderNumberParams,
        body: CancelRequest,
        response,
      },
    },
    (request) => progression.cancel(baseContext(request), request.params.orderNumber, request.body),
  );
}
