import { baseContext, type ServiceApp } from '@actuate/service-kit';
import { SalesOrderView } from '../sales-orders/models.ts';
import {
  CancelRequest,
  CompleteShortRequest,
  ConfirmRequest,
  DeliverRequest,
  OrderNumberParams,
  ShipmentParams,
  ShipRequest,
} from './models.ts';
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
    '/erp/sales-orders/:orderNumber/shipments/:erpShipmentId/deliver',
    {
      schema: {
        tags,
        summary: 'Report a shipment delivered (the shop shows DateDelivered)',
        description:
          'Publishes `sales-order.shipment-delivered`. 404 for an unknown shipment, 409 when it is delivered already.',
        params: ShipmentParams,
        body: DeliverRequest,
        response,
      },
    },
    (request) =>
      progression.deliver(
        baseContext(request),
        request.params.orderNumber,
        request.params.erpShipmentId,
        request.body,
      ),
  );

  app.post(
    '/erp/sales-orders/:orderNumber/complete-short',
    {
      schema: {
        tags,
        summary: 'Complete a partly shipped order short: the rest will not ship (Shipped, completedShort)',
        description:
          'The shop releases what the payment has not captured; the invoice covers what shipped. `reason` is kept as the cancellation reason of the unshipped rest.',
        params: OrderNumberParams,
        body: CompleteShortRequest,
        response,
      },
    },
    (request) => progression.completeShort(baseContext(request), request.params.orderNumber, request.body),
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
