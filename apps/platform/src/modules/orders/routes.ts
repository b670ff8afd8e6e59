import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import type { PlatformContext } from '../../shared/context.ts';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { ListQuery, PatchBody } from '../../shared/validation.ts';
import { contextOf, requireRoles } from '../auth/guard.ts';
import {
  AddressBody,
  type Direction,
  DirectionParam,
  LineItemBody,
  OrderApprovalInfo,
  OrderBody,
  PaymentBody,
  ShipMethodSelections,
  TransactionBody,
} from './models.ts';
import type { OrderModule } from './module.ts';
import { orderRoles } from './roles.ts';

const OrderParams = z.object({ direction: DirectionParam, orderID: z.string() });
const LineParams = OrderParams.extend({ lineItemID: z.string() });
const PaymentParams = OrderParams.extend({ paymentID: z.string() });
const TransactionParams = PaymentParams.extend({ transactionID: z.string() });
/** Parameters of LineItems.ListAcrossOrders that are not filters. */
const ACROSS_ORDERS_PARAMETERS = ['buyerID', 'supplierID', 'from', 'to'] as const;
const tags = ['orders'];

export function orderRoutes(app: ServiceApp, orders: OrderModule): void {
  const { read, write, admin } = orderRoles();
  const base = '/v1/orders/:direction';
  const order = `${base}/:orderID`;

  app.get('/v1/me/orders', { ...read, schema: { tags: ['me'], querystring: ListQuery } }, (request) =>
    orders.orders.listMine(contextOf(request), parseListQuery(request.query)),
  );
  app.get(
    '/v1/me/orders/approvable',
    { ...read, schema: { tags: ['me'], querystring: ListQuery } },
    (request) => orders.approvals.listApprovable(contextOf(request), parseListQuery(request.query)),
  );
  app.get(
    base,
    { ...read, schema: { tags, params: z.object({ direction: DirectionParam }), querystring: ListQuery } },
    (request) =>
      orders.orders.list(contextOf(request), request.params.direction, parseListQuery(request.query)),
  );
  app.post(
    base,
    { ...write, schema: { tags, params: z.object({ direction: DirectionParam }), body: OrderBody } },
    async (request, reply) =>
      reply
        .status(201)
        .send(await orders.orders.create(contextOf(request), request.params.direction, request.body)),
  );
  app.get(order, { ...read, schema: { tags, params: OrderParams } }, (request) =>
    orders.orders.get(contextOf(request), request.params.direction, request.params.orderID),
  );
  app.put(order, { ...write, schema: { tags, params: OrderParams, body: OrderBody } }, (request) =>
    orders.orders.save(contextOf(request), request.params.direction, request.params.orderID, request.body),
  );
  app.patch(order, { ...write, schema: { tags, params: OrderParams, body: PatchBody } }, (request) =>
    orders.orders.patch(contextOf(request), request.params.direction, request.params.orderID, request.body),
  );
  app.delete(order, { ...write, schema: { tags, params: OrderParams } }, async (request, reply) => {
    await orders.orders.delete(contextOf(request), request.params.direction, request.params.orderID);
    return reply.status(204).send();
  });
  app.put(
    `${order}/billto`,
    { ...write, schema: { tags, params: OrderParams, body: AddressBody } },
    (request) =>
      orders.addresses.setBillingAddress(
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
      orders.addresses.setShippingAddress(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        request.body,
      ),
  );

  // Partial changes of the one-off addresses and of the order's user.
  const partial = (name: string, run: typeof orders.addresses.patchBillingAddress) =>
    app.patch(
      `${order}/${name}`,
      { ...write, schema: { tags, params: OrderParams, body: PatchBody } },
      (request) =>
        run.call(
          orders.addresses,
          contextOf(request),
          request.params.direction,
          request.params.orderID,
          request.body,
        ),
    );
  partial('billto', orders.addresses.patchBillingAddress);
  partial('shipto', orders.addresses.patchShippingAddress);
  partial('fromuser', orders.addresses.patchFromUser);

  // Status transitions
  const transition = (
    name: string,
    roles: ReturnType<typeof requireRoles>,
    run: (context: PlatformContext, direction: Direction, orderId: string) => Promise<unknown>,
  ) =>
    app.post(`${order}/${name}`, { ...roles, schema: { tags, params: OrderParams } }, (request) =>
      run(contextOf(request), request.params.direction, request.params.orderID),
    );
  transition('submit', write, (...args) => orders.submission.submit(...args));
  transition('cancel', write, (...args) => orders.lifecycle.cancel(...args));
  transition('complete', admin, (...args) => orders.lifecycle.complete(...args));
  transition('ship', admin, (...args) => orders.lifecycle.ship(...args));
  app.post(
    `${order}/approve`,
    { ...write, schema: { tags, params: OrderParams, body: OrderApprovalInfo.nullish() } },
    (request) =>
      orders.approvals.approve(
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
      await orders.submission.validate(contextOf(request), request.params.direction, request.params.orderID);
      return reply.status(204).send();
    },
  );
  app.get(
    `${order}/approvals`,
    { ...read, schema: { tags, params: OrderParams, querystring: ListQuery } },
    (request) =>
      orders.approvals.list(
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
      orders.approvals.eligibleApprovers(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        parseListQuery(request.query),
      ),
  );
  app.get(
    '/v1/buyers/:buyerID/approvalrules/:approvalRuleID/orders',
    {
      ...requireRoles('ApprovalRuleAdmin', 'ApprovalRuleReader'),
      schema: {
        tags: ['approvals'],
        description:
          "Actuate extension. The company's orders the approval rule stopped, each with the rule's `Approval` (Status, DateCreated, DateCompleted). Roles: ApprovalRuleAdmin or ApprovalRuleReader.",
        params: z.object({ buyerID: z.string(), approvalRuleID: z.string() }),
        querystring: ListQuery,
      },
    },
    (request) =>
      orders.approvals.listCaughtBy(
        contextOf(request),
        request.params.buyerID,
        request.params.approvalRuleID,
        parseListQuery(request.query),
      ),
  );
  app.get(`${order}/approvalpreview`, { ...read, schema: { tags, params: OrderParams } }, (request) =>
    orders.approvals.preview(contextOf(request), request.params.direction, request.params.orderID),
  );
  app.post(
    `${order}/decline`,
    { ...write, schema: { tags, params: OrderParams, body: OrderApprovalInfo.nullish() } },
    (request) =>
      orders.approvals.decline(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        request.body ?? {},
      ),
  );

  // Checkout integration
  app.get(`${order}/worksheet`, { ...read, schema: { tags, params: OrderParams } }, (request) =>
    orders.worksheet.worksheet(contextOf(request), request.params.direction, request.params.orderID),
  );
  app.post(`${order}/estimateshipping`, { ...write, schema: { tags, params: OrderParams } }, (request) =>
    orders.worksheet.estimateShipping(contextOf(request), request.params.direction, request.params.orderID),
  );
  app.post(
    `${order}/shipmethods`,
    { ...write, schema: { tags, params: OrderParams, body: ShipMethodSelections } },
    (request) =>
      orders.worksheet.selectShipMethods(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        request.body.ShipMethodSelections,
      ),
  );
  app.post(`${order}/calculate`, { ...write, schema: { tags, params: OrderParams } }, (request) =>
    orders.worksheet.calculate(contextOf(request), request.params.direction, request.params.orderID),
  );

  // Line items
  app.get(
    `${order}/lineitems`,
    { ...read, schema: { tags, params: OrderParams, querystring: ListQuery } },
    (request) =>
      orders.lineItems.list(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        parseListQuery(request.query),
      ),
  );
  app.get(`${order}/lineitems/:lineItemID`, { ...read, schema: { tags, params: LineParams } }, (request) =>
    orders.lineItems.get(
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
          await orders.lineItems.create(
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
      return orders.lineItems.save(contextOf(request), direction, orderID, lineItemID, request.body);
    },
  );
  app.patch(
    `${order}/lineitems/:lineItemID`,
    { ...write, schema: { tags, params: LineParams, body: PatchBody } },
    (request) => {
      const { direction, orderID, lineItemID } = request.params;
      return orders.lineItems.patch(contextOf(request), direction, orderID, lineItemID, request.body);
    },
  );
  app.delete(
    `${order}/lineitems/:lineItemID`,
    { ...write, schema: { tags, params: LineParams } },
    async (request, reply) => {
      const { direction, orderID, lineItemID } = request.params;
      await orders.lineItems.delete(contextOf(request), direction, orderID, lineItemID);
      return reply.status(204).send();
    },
  );

  app.put(
    `${order}/lineitems/:lineItemID/shipto`,
    { ...write, schema: { tags, params: LineParams, body: AddressBody } },
    (request) => {
      const { direction, orderID, lineItemID } = request.params;
      return orders.lineItems.setShippingAddress(
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
      return orders.lineItems.patchShippingAddress(
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
      return orders.lineItems.listAcrossOrders(
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
      orders.payments.list(
        contextOf(request),
        request.params.direction,
        request.params.orderID,
        parseListQuery(request.query),
      ),
  );
  app.get(`${order}/payments/:paymentID`, { ...read, schema: { tags, params: PaymentParams } }, (request) =>
    orders.payments.get(
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
          await orders.payments.create(
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
      return orders.payments.patch(contextOf(request), direction, orderID, paymentID, request.body);
    },
  );
  app.delete(
    `${order}/payments/:paymentID`,
    { ...write, schema: { tags, params: PaymentParams } },
    async (request, reply) => {
      const { direction, orderID, paymentID } = request.params;
      await orders.payments.delete(contextOf(request), direction, orderID, paymentID);
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
          await orders.payments.createTransaction(
            contextOf(request),
            direction,
            orderID,
            paymentID,
            request.body,
          ),
        );
    },
  );
  app.delete(
    `${order}/payments/:paymentID/transactions/:transactionID`,
    { ...admin, schema: { tags, params: TransactionParams } },
    async (request, reply) => {
      const { direction, orderID, paymentID, transactionID } = request.params;
      await orders.payments.deleteTransaction(
        contextOf(request),
        direction,
        orderID,
        paymentID,
        transactionID,
      );
      return reply.status(204).send();
    },
  );
}
