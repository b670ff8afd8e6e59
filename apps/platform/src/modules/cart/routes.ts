import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { notFoundError } from '../../shared/errors.ts';
import { parseListQuery } from '../../shared/list/list-query.ts';
import { ListQuery, PatchBody } from '../../shared/validation.ts';
import { contextOf } from '../auth/guard.ts';
import {
  AddressBody,
  LineItemBody,
  OrderBody,
  type OrderModule,
  orderRoles,
  PaymentBody,
  ShipMethodSelections,
  TransactionBody,
} from '../orders/index.ts';
import { type CartService, CART_DIRECTION as OUT } from './service.ts';

const tags = ['cart'];
const LineParams = z.object({ lineItemID: z.string() });
const PaymentParams = z.object({ paymentID: z.string() });
const TransactionParams = PaymentParams.extend({ transactionID: z.string() });
const PromoParams = z.object({ promoCode: z.string() });

/**
 * The SDK's Cart resource: each route finds the caller's active cart through the cart service and
 * calls the orders service as the matching `/v1/orders/Outgoing/{orderID}/…` route does, with its roles.
 */
export function cartRoutes(app: ServiceApp, cart: CartService, orders: OrderModule): void {
  const { read, write, admin } = orderRoles();

  // The cart itself
  app.get('/v1/cart', { ...read, schema: { tags } }, (request) => cart.get(contextOf(request)));
  app.put('/v1/cart', { ...write, schema: { tags, body: OrderBody } }, (request) =>
    cart.save(contextOf(request), request.body),
  );
  app.patch('/v1/cart', { ...write, schema: { tags, body: PatchBody } }, (request) => {
    const context = contextOf(request);
    return cart.use(context, (id) => orders.orders.patch(context, OUT, id, request.body));
  });
  app.delete('/v1/cart', { ...write, schema: { tags } }, async (request, reply) => {
    await cart.delete(contextOf(request));
    return reply.status(204).send();
  });
  app.put(
    '/v1/cart/:orderID',
    { ...write, schema: { tags, params: z.object({ orderID: z.string() }) } },
    async (request, reply) => {
      await cart.setActive(contextOf(request), request.params.orderID);
      return reply.status(204).send();
    },
  );

  // Addresses and the order's user
  for (const [path, set, patch] of [
    ['billto', orders.addresses.setBillingAddress, orders.addresses.patchBillingAddress],
    ['shipto', orders.addresses.setShippingAddress, orders.addresses.patchShippingAddress],
  ] as const) {
    app.put(`/v1/cart/${path}`, { ...write, schema: { tags, body: AddressBody } }, (request) => {
      const context = contextOf(request);
      return cart.use(context, (id) => set.call(orders.addresses, context, OUT, id, request.body));
    });
    app.patch(`/v1/cart/${path}`, { ...write, schema: { tags, body: PatchBody } }, (request) => {
      const context = contextOf(request);
      return cart.use(context, (id) => patch.call(orders.addresses, context, OUT, id, request.body));
    });
  }
  app.patch('/v1/cart/fromuser', { ...write, schema: { tags, body: PatchBody } }, (request) => {
    const context = contextOf(request);
    return cart.use(context, (id) => orders.addresses.patchFromUser(context, OUT, id, request.body));
  });

  // Promotions
  app.get('/v1/cart/promotions', { ...read, schema: { tags, querystring: ListQuery } }, (request) => {
    const context = contextOf(request);
    const options = parseListQuery(request.query);
    return cart.list(context, options, (id) => orders.promotions.list(context, OUT, id, options));
  });
  app.get('/v1/cart/eligiblepromotions', { ...read, schema: { tags, querystring: ListQuery } }, (request) => {
    const context = contextOf(request);
    const options = parseListQuery(request.query);
    return cart.list(context, options, (id) => orders.promotions.eligible(context, OUT, id, options));
  });
  app.post(
    '/v1/cart/promotions/:promoCode',
    { ...write, schema: { tags, params: PromoParams } },
    async (request, reply) => {
      const context = contextOf(request);
      const added = await cart.use(context, (id) =>
        orders.promotions.add(context, OUT, id, request.params.promoCode),
      );
      return reply.status(201).send(added);
    },
  );
  app.delete(
    '/v1/cart/promotions/:promoCode',
    { ...write, schema: { tags, params: PromoParams } },
    async (request, reply) => {
      const context = contextOf(request);
      await cart.use(context, (id) => orders.promotions.remove(context, OUT, id, request.params.promoCode));
      return reply.status(204).send();
    },
  );

  // Whole-cart actions, each the order route's
  const action = (
    name: string,
    run: (context: ReturnType<typeof contextOf>, id: string) => Promise<unknown>,
  ) =>
    app.post(`/v1/cart/${name}`, { ...write, schema: { tags } }, (request) => {
      const context = contextOf(request);
      return cart.use(context, (id) => run(context, id));
    });
  action('applypromotions', (context, id) => orders.promotions.applyAutomatic(context, OUT, id));
  action('refreshpromotions', (context, id) => orders.promotions.refresh(context, OUT, id));
  action('estimateshipping', (context, id) => orders.worksheet.estimateShipping(context, OUT, id));
  action('calculate', (context, id) => orders.worksheet.calculate(context, OUT, id));
  action('submit', (context, id) => orders.submission.submit(context, OUT, id));
  app.post('/v1/cart/shipmethods', { ...write, schema: { tags, body: ShipMethodSelections } }, (request) => {
    const context = contextOf(request);
    return cart.use(context, (id) =>
      orders.worksheet.selectShipMethods(context, OUT, id, request.body.ShipMethodSelections),
    );
  });
  app.post('/v1/cart/validate', { ...write, schema: { tags } }, async (request, reply) => {
    const context = contextOf(request);
    await cart.use(context, (id) => orders.submission.validate(context, OUT, id));
    return reply.status(204).send();
  });
  app.get('/v1/cart/worksheet', { ...read, schema: { tags } }, (request) => {
    const context = contextOf(request);
    return cart.use(context, (id) => orders.worksheet.worksheet(context, OUT, id));
  });

  // Line items: adding one (POST, or PUT of a new ID) starts the cart
  app.get('/v1/cart/lineitems', { ...read, schema: { tags, querystring: ListQuery } }, (request) => {
    const context = contextOf(request);
    const options = parseListQuery(request.query);
    return cart.list(context, options, (id) => orders.lineItems.list(context, OUT, id, options));
  });
  app.post(
    '/v1/cart/lineitems',
    { ...write, schema: { tags, body: LineItemBody } },
    async (request, reply) => {
      const context = contextOf(request);
      const line = await cart.addTo(context, (id) => orders.lineItems.create(context, OUT, id, request.body));
      return reply.status(201).send(line);
    },
  );
  app.get('/v1/cart/lineitems/:lineItemID', { ...read, schema: { tags, params: LineParams } }, (request) => {
    const context = contextOf(request);
    return cart.use(context, (id) => orders.lineItems.get(context, OUT, id, request.params.lineItemID));
  });
  app.put(
    '/v1/cart/lineitems/:lineItemID',
    { ...write, schema: { tags, params: LineParams, body: LineItemBody } },
    (request) => {
      const context = contextOf(request);
      return cart.addTo(context, (id) =>
        orders.lineItems.save(context, OUT, id, request.params.lineItemID, request.body),
      );
    },
  );
  app.patch(
    '/v1/cart/lineitems/:lineItemID',
    { ...write, schema: { tags, params: LineParams, body: PatchBody } },
    (request) => {
      const context = contextOf(request);
      return cart.use(context, (id) =>
        orders.lineItems.patch(context, OUT, id, request.params.lineItemID, request.body),
      );
    },
  );
  app.delete(
    '/v1/cart/lineitems/:lineItemID',
    { ...write, schema: { tags, params: LineParams } },
    async (request, reply) => {
      const context = contextOf(request);
      await cart.use(context, (id) => orders.lineItems.delete(context, OUT, id, request.params.lineItemID));
      return reply.status(204).send();
    },
  );

  // Payments
  app.get('/v1/cart/payments', { ...read, schema: { tags, querystring: ListQuery } }, (request) => {
    const context = contextOf(request);
    const options = parseListQuery(request.query);
    return cart.list(context, options, (id) => orders.payments.list(context, OUT, id, options));
  });
  app.post('/v1/cart/payments', { ...write, schema: { tags, body: PaymentBody } }, async (request, reply) => {
    const context = contextOf(request);
    const payment = await cart.use(context, (id) => orders.payments.create(context, OUT, id, request.body));
    return reply.status(201).send(payment);
  });
  app.get('/v1/cart/payments/:paymentID', { ...read, schema: { tags, params: PaymentParams } }, (request) => {
    const context = contextOf(request);
    return cart.use(context, (id) => orders.payments.get(context, OUT, id, request.params.paymentID));
  });
  app.patch(
    '/v1/cart/payments/:paymentID',
    { ...write, schema: { tags, params: PaymentParams, body: PatchBody } },
    (request) => {
      const context = contextOf(request);
      return cart.use(context, (id) =>
        orders.payments.patch(context, OUT, id, request.params.paymentID, request.body),
      );
    },
  );
  app.delete(
    '/v1/cart/payments/:paymentID',
    { ...write, schema: { tags, params: PaymentParams } },
    async (request, reply) => {
      const context = contextOf(request);
      await cart.use(context, (id) => orders.payments.delete(context, OUT, id, request.params.paymentID));
      return reply.status(204).send();
    },
  );
  app.post(
    '/v1/cart/payments/:paymentID/transactions',
    { ...admin, schema: { tags, params: PaymentParams, body: TransactionBody } },
    async (request, reply) => {
      const context = contextOf(request);
      const payment = await cart.use(context, (id) =>
        orders.payments.createTransaction(context, OUT, id, request.params.paymentID, request.body),
      );
      return reply.status(201).send(payment);
    },
  );
  app.delete(
    '/v1/cart/payments/:paymentID/transactions/:transactionID',
    { ...admin, schema: { tags, params: TransactionParams } },
    async (request, reply) => {
      const context = contextOf(request);
      const { paymentID, transactionID } = request.params;
      await cart.use(context, (id) =>
        orders.payments.deleteTransaction(context, OUT, id, paymentID, transactionID),
      );
      return reply.status(204).send();
    },
  );

  // Bundles: the platform has no Bundles resource, so no bundle exists to add or remove.
  const BundleParams = z.object({ bundleID: z.string() });
  app.post('/v1/cart/bundles/:bundleID', { ...write, schema: { tags, params: BundleParams } }, (request) => {
    throw notFoundError('Bundle', request.params.bundleID);
  });
  app.delete(
    '/v1/cart/bundles/:bundleID/:bundleItemID',
    { ...write, schema: { tags, params: BundleParams.extend({ bundleItemID: z.string() }) } },
    (request) => {
      throw notFoundError('Bundle', request.params.bundleID);
    },
  );
}
