import { Id } from '@actuate/contracts';
import { baseContext, type ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import {
  SalesOrderStatus,
  SalesOrderView,
  SubmissionLogEntry,
  SubmissionResult,
  SubmitSalesOrderRequest,
} from './models.ts';
import type { SalesOrderService } from './service.ts';

const tags = ['erp-sales-orders'];

export function salesOrderRoutes(app: ServiceApp, { salesOrders }: { salesOrders: SalesOrderService }) {
  app.post(
    '/erp/sales-orders',
    {
      schema: {
        tags,
        summary: 'Submit a web-shop order (idempotent by webShopOrderId)',
        description: [
          'Validates the customer (MissingCustomer), the contact (MissingContact), the delivery address (MissingDeliveryAddress) and every line',
          "against the customer's sales company and the item's factory. Answers a typed result: Accepted (201 when the sales order is created),",
          'PartiallySubmitted (some lines refused, each with its issue) or Refused (200, no sales order; LineItemIssue when every line failed).',
          'The same webShopOrderId with the same body returns the same sales order (never a second one) and re-checks lines refused before;',
          'a different body for an existing sales order is a 409.',
        ].join(' '),
        body: SubmitSalesOrderRequest,
        response: { 200: SubmissionResult, 201: SubmissionResult },
      },
    },
    async (request, reply) => {
      const { created, result } = await salesOrders.submit(baseContext(request), request.body);
      return reply.status(created ? 201 : 200).send(result);
    },
  );

  app.get(
    '/erp/sales-orders',
    {
      schema: {
        tags,
        summary: 'Sales orders, newest first',
        querystring: z.object({
          customerErpId: z.string().min(1).optional(),
          status: SalesOrderStatus.optional(),
          limit: z.coerce.number().int().min(1).max(200).default(50),
        }),
        response: { 200: z.array(SalesOrderView) },
      },
    },
    (request) => salesOrders.list(baseContext(request), request.query),
  );

  app.get(
    '/erp/sales-orders/:orderNumber',
    {
      schema: {
        tags,
        summary: 'A sales order with lines, shipments and invoice',
        params: z.object({ orderNumber: z.string().min(1).max(40) }),
        response: { 200: SalesOrderView },
      },
    },
    (request) => salesOrders.get(baseContext(request), request.params.orderNumber),
  );

  app.get(
    '/erp/web-shop-orders/:webShopOrderId/sales-order',
    {
      schema: {
        tags,
        summary: 'The sales order of a web-shop order',
        params: z.object({ webShopOrderId: Id }),
        response: { 200: SalesOrderView },
      },
    },
    (request) => salesOrders.getByWebShopOrderId(baseContext(request), request.params.webShopOrderId),
  );

  app.get(
    '/erp/web-shop-orders/:webShopOrderId/submissions',
    {
      schema: {
        tags,
        summary: 'Every submission of a web-shop order and what the ERP answered',
        params: z.object({ webShopOrderId: Id }),
        response: { 200: z.array(SubmissionLogEntry) },
      },
    },
    (request) => salesOrders.submissions(baseContext(request), request.params.webShopOrderId),
  );
}
