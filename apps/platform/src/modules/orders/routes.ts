import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { ListQuery, PatchBody } from '../../shared/validation.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import {
  AddressBody,
  DirectionParam,
  LineItemBody,
  OrderApprovalInfo,
  OrderBody,
  PaymentBody,
  ShipMethodSelections,
  TransactionBody,
} from './models.ts';
import type { OrdersService } from './service.ts';

const OrderParams = z.object({ direction: DirectionParam, orderID: z.string() });
const LineParams = OrderParams.extend({ lineItemID: z.string() });
const PaymentParams = OrderParams.extend({ paymentID: z.string() });
const TransactionParams = PaymentParams.extend({ transactionID: z.string() });
/** Parameters of LineItems.ListAcrossOrders that are not filters. */
const ACROSS_ORDERS_PARAMETERS = ['buyerID', 'supplierID', 'from', 'to'] as const;
const tags = ['orders'];

/** Who may read an order, change it, and act as the marketplace on it (the cart routes too). */
export const orderRoles = () => ({
  read: requireRoles('Shopper', 'OrderAdmin', 'OrderReader'),
  write: requireRoles('Shopper', 'OrderAdmin'),
  admin: requireRoles('OrderAdmin'),
});

export function orderRoutes(app: ServiceApp, orders: OrdersService): void {
  const { read, write, admin } = orderRoles();
  const base = '/v1/orders/:direction';
  const order = `${base}/:orderID`;

  app.get('/v1/me/orders', { ...read, schema: { tags: ['me'], querystring: ListQuery } }, (request) =>
    orders.listMine(contextOf(request), parseListQuery(request.query)),
  );
  app.get(
    '/v1/me/orders/approvable',
    { ...read, schema: { tags: ['me'], querystring: ListQuery } },
    (request) => orders.listApprovable(contextOf(request), parseListQuery(request.query)),
  );
  app.get(
    base,
    { ...read, schema: { tags, params: z.object({ direction: DirectionParam }), querystring: ListQuery } },
    (request) => orders.list(contextOf(request), request.params.direction, parseListQuery(request.query)),
  );
  app.post(
    base,
    { ...write, schema: { tags, params: z.object({ direction: DirectionParam }), body: OrderBody } },
    async (request, reply) =>
      reply.status(201).send(await orders.create(contextOf(request), request.params.direction, request.body)),
  );
  app.get(order, { ...read, schema: { tags, params: OrderParams } }, (request) =>
    orders.get(contextOf(request), request.params.direction, request.params.orderID),
  );
  app.put(order, { ...write, schema: { tags, params: OrderParams, body: OrderBody } }, (request) =>
    orders.save(contextOf(request), request.params.direction, request.params.orderID, request.body),
  );
  app.patch(order, { ...write, schema: { tags, params: OrderParams, body: PatchBody } }, (request) =>
    orders.patch(contextOf(request), request.params.direction, request.params.orderID, request.body),
  );
  app.delete(order, { ...write, schema: { tags, params: OrderParams } }, async (request, reply) => {
    await orders.delete(contextOf(request), request.params.direction, request.params.orderID);
    return reply.status(204).send();
  });
  app.put(
    `${order}/billto`,
    { ...write, schema: { tags, params: OrderParams, body: AddressBody } },
    (request) =>
      orders.setBillingAddress(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        request.body,
      ),
  );
  app.put(
    `${order}/shipto`,
    { ...write, schema: { tags, params: OrderParams, body: AddressBody } },
    (request) =>
      orders.setShippingAddress(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        request.body,
      ),
  );

  // Partial changes of the one-off addresses and of the order's user.
  const partial = (name: string, run: typeof orders.patchBillingAddress) =>
    app.patch(
      `${order}/${name}`,
      { ...write, schema: { tags, params: OrderParams, body: PatchBody } },
      (request) =>
        run.call(orders, contextOf(request), request.params.direction, request.params.orderID, request.body),
    );
  partial('billto', orders.patchBillingAddress);
  partial('shipto', orders.patchShippingAddress);
  partial('fromuser', orders.patchFromUser);

  // Status transitions
  const transition = (name: string, roles: ReturnType<typeof requireRoles>, run: typeof orders.submit) =>
    app.post(`${order}/${name}`, { ...roles, schema: { tags, params: OrderParams } }, (request) =>
      run.call(orders, contextOf(request), request.params.direction, request.params.orderID),
    );
  transition('submit', write, orders.submit);
  transition('cancel', write, orders.cancel);
  transition('complete', admin, orders.complete);
  transition('ship', admin, orders.ship);
  app.post(
    `${order}/approve`,
    { ...write, schema: { tags, params: OrderParams, body: OrderApprovalInfo.nullish() } },
    (request) =>
      orders.approve(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        request.body ?? {},
      ),
  );
  app.post(
    `${order}/validate`,
    { ...write, schema: { tags, params: OrderParams } },
    async (request, reply) => {
      await orders.validate(contextOf(request), request.params.direction, request.params.orderID);
      return reply.status(204).send();
    },
  );
  app.get(
    `${order}/approvals`,
    { ...read, schema: { tags, params: OrderParams, querystring: ListQuery } },
    (request) =>
      orders.listApprovals(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        parseListQuery(request.query),
      ),
  );
  app.get(
    `${order}/eligibleapprovers`,
    { ...read, schema: { tags, params: OrderParams, querystring: ListQuery } },
    (request) =>
      orders.eligibleApprovers(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        parseListQuery(request.query),
      ),
  );
  app.post(
    `${order}/decline`,
    { ...write, schema: { tags, params: OrderParams, body: OrderApprovalInfo.nullish() } },
    (request) =>
      orders.decline(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        request.body ?? {},
      ),
  );

  // Checkout integration
  app.get(`${order}/worksheet`, { ...read, schema: { tags, params: OrderParams } }, (request) =>
    orders.worksheet(contextOf(request), request.params.direction, request.params.orderID),
  );
  app.post(`${order}/estimateshipping`, { ...write, schema: { tags, params: OrderParams } }, (request) =>
    orders.estimateShipping(contextOf(request), request.params.direction, request.params.orderID),
  );
  app.post(
    `${order}/shipmethods`,
    { ...write, schema: { tags, params: OrderParams, body: ShipMethodSelections } },
    (request) =>
      orders.selectShipMethods(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        request.body.ShipMethodSelections,
      ),
  );
  app.post(`${order}/calculate`, { ...write, schema: { tags, params: OrderParams } }, (request) =>
    orders.calculate(contextOf(request), request.params.direction, request.params.orderID),
  );

  // Line items
  app.get(
    `${order}/lineitems`,
    { ...read, schema: { tags, params: OrderParams, querystring: ListQuery } },
    (request) =>
      orders.listLineItems(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        parseListQuery(request.query),
      ),
  );
  app.get(`${order}/lineitems/:lineItemID`, { ...read, schema: { tags, params: LineParams } }, (request) =>
    orders.getLineItem(
      contextOf(request),
      request.params.direction,
      request.params.orderID,
      request.params.lineItemID,
    ),
  );
  app.post(
    `${order}/lineitems`,
    { ...write, schema: { tags, params: OrderParams, body: LineItemBody } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await orders.createLineItem(
            contextOf(request),
            request.params.direction,
            request.params.orderID,
            request.body,
          ),
        ),
  );
  app.put(
    `${order}/lineitems/:lineItemID`,
    { ...write, schema: { tags, params: LineParams, body: LineItemBody } },
    (request) => {
      const { direction, orderID, lineItemID } = request.params;
      return orders.saveLineItem(contextOf(request), direction, orderID, lineItemID, request.body);
    },
  );
  app.patch(
    `${order}/lineitems/:lineItemID`,
    { ...write, schema: { tags, params: LineParams, body: PatchBody } },
    (request) => {
      const { direction, orderID, lineItemID } = request.params;
      return orders.patchLineItem(contextOf(request), direction, orderID, lineItemID, request.body);
    },
  );
  app.delete(
    `${order}/lineitems/:lineItemID`,
    { ...write, schema: { tags, params: LineParams } },
    async (request, reply) => {
      const { direction, orderID, lineItemID } = request.params;
      await orders.deleteLineItem(contextOf(request), direction, orderID, lineItemID);
      return reply.status(204).send();
    },
  );

  app.put(
    `${order}/lineitems/:lineItemID/shipto`,
    { ...write, schema: { tags, params: LineParams, body: AddressBody } },
    (request) => {
      const { direction, orderID, lineItemID } = request.params;
      return orders.setLineItemShippingAddress(
        contextOf(request),
        direction,
        orderID,
        lineItemID,
        request.body,
      );
    },
  );
  app.patch(
    `${order}/lineitems/:lineItemID/shipto`,
    { ...write, schema: { tags, params: LineParams, body: PatchBody } },
    (request) => {
      const { direction, orderID, lineItemID } = request.params;
      return orders.patchLineItemShippingAddress(
        contextOf(request),
        direction,
        orderID,
        lineItemID,
        request.body,
      );
    },
  );
  app.get(
    '/v1/lineitems/:direction',
    { ...read, schema: { tags, params: z.object({ direction: DirectionParam }), querystring: ListQuery } },
    (request) => {
      const query = request.query;
      const narrow = Object.fromEntries(
        ACROSS_ORDERS_PARAMETERS.flatMap((name) => {
          const value = query[name];
          return typeof value === 'string' ? [[name, value]] : [];
        }),
      );
      return orders.listLineItemsAcrossOrders(
        contextOf(request),
        request.params.direction,
        parseListQuery(query, [...ACROSS_ORDERS_PARAMETERS]),
        narrow,
      );
    },
  );

  // Payments
  app.get(
    `${order}/payments`,
    { ...read, schema: { tags, params: OrderParams, querystring: ListQuery } },
    (request) =>
      orders.listPayments(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        parseListQuery(request.query),
      ),
  );
  app.get(`${order}/payments/:paymentID`, { ...read, schema: { tags, params: PaymentParams } }, (request) =>
    orders.getPayment(
      contextOf(request),
      request.params.direction,
      request.params.orderID,
      request.params.paymentID,
    ),
  );
  app.post(
    `${order}/payments`,
    { ...write, schema: { tags, params: OrderParams, body: PaymentBody } },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await orders.createPayment(
            contextOf(request),
            request.params.direction,
            request.params.orderID,
            request.body,
          ),
        ),
  );
  app.patch(
    `${order}/payments/:paymentID`,
    { ...write, schema: { tags, params: PaymentParams, body: PatchBody } },
    (request) => {
      const { direction, orderID, paymentID } = request.params;
      return orders.patchPayment(contextOf(request), direction, orderID, paymentID, request.body);
    },
  );
  app.delete(
    `${order}/payments/:paymentID`,
    { ...write, schema: { tags, params: PaymentParams } },
    async (request, reply) => {
      const { direction, orderID, paymentID } = request.params;
      await orders.deletePayment(contextOf(request), direction, orderID, paymentID);
      return reply.status(204).send();
    },
  );
  app.post(
    `${order}/payments/:paymentID/transactions`,
    { ...admin, schema: { tags, params: PaymentParams, body: TransactionBody } },
    async (request, reply) => {
      const { direction, orderID, paymentID } = request.params;
      return reply
        .status(201)
        .send(
          await orders.createTransaction(contextOf(request), direction, orderID, paymentID, request.body),
        );
    },
  );
  app.delete(
    `${order}/payments/:paymentID/transactions/:transactionID`,
    { ...admin, schema: { tags, params: TransactionParams } },
    async (request, reply) => {
      const { direction, orderID, paymentID, transactionID } = request.params;
      await orders.deleteTransaction(contextOf(request), direction, orderID, paymentID, transactionID);
      return reply.status(204).send();
    },
  );
}
