/**
 * Whole journeys across the real platform, middleware, price service and back office: a clean order
 * to Invoiced with two shipments, an order that needs approval (sent to the ERP only once approved),
 * and a subscription whose order the platform's job creates and the middleware submits.
 */
import { DEMO_LOGINS } from '@actuate/catalog-data';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, expectOk, loginAs } from '../../../apps/platform/src/testing/harness.ts';
import {
  addressBody,
  adminKey,
  backoffice,
  connectCheckout,
  erpAddress,
  placeOrder,
  platformAdmin,
  platformOrder,
  requireApprovalOfEveryOrder,
  settledSubmission,
  waitFor,
} from './support/checkout.ts';
import { HASH_KEY, signedPost, startWorld, type World } from './support/harness.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 240_000 });

type Body = Record<string, unknown>;
let world: World;
let bo: ReturnType<typeof backoffice>;
let admin: ReturnType<typeof platformAdmin>;
let anna: string;
let acmeAddress: Body;

beforeAll(async () => {
  world = await startWorld(['acme-dk'], { backoffice: true });
  await connectCheckout(world, [{ id: 'acme-dk', currency: 'DKK' }], ['B10001', 'A10001']);
  bo = backoffice(world);
  admin = platformAdmin(world);
  anna = await loginAs(world.platform.app, DEMO_LOGINS.shopper);
  acmeAddress = addressBody(erpAddress(world, 'acme-dk'));
});
afterAll(() => world?.close());

const submission = async (orderId: string) =>
  (await world.middleware.inject({ url: `/erp/orders/${orderId}`, headers: adminKey })).json() as Body;

describe('order journeys', () => {
  it('a clean order goes all the way to Invoiced in two shipments, visible on the platform', async () => {
    const order = await placeOrder(
      world,
      anna,
      [
        { product: 'B10001', quantity: 2 },
        { product: 'A10001', quantity: 1 },
      ],
      acmeAddress,
    );
    expect(order.submit.statusCode, order.submit.body).toBe(200);
    const received = await settledSubmission(world, order.id);
    expect(received).toMatchObject({ Outcome: 'Accepted', WebShopStatus: 'Received' });
    const orderNumber = received.OrderNumber as string;

    const steps: [string, object, string][] = [
      ['confirm', { confirmedShippingDate: '2026-12-04' }, 'Confirmed'],
      ['ship', {}, 'PartlyShipped'],
      ['ship', {}, 'Shipped'],
      ['invoice', {}, 'Invoiced'],
    ];
    for (const [step, body, status] of steps) {
      const moved = await bo('POST', `/erp/sales-orders/${orderNumber}/${step}`, body);
      expect(moved.statusCode, moved.body).toBe(200);
      // Each status reaches the platform order before the next step.
      await waitFor(async () => {
        const current = await platformOrder(world, order.id);
        return (current.xp as Body).WebShopStatus === status ? current : undefined;
      });
    }
    const done = await platformOrder(world, order.id);
    expect(done).toMatchObject({ Status: 'Completed' });
    expect(done.xp).toMatchObject({
      OrderNumber: orderNumber,
      WebShopStatus: 'Invoiced',
      ErpSubmissionIssue: 'None',
      ConfirmedShippingDate: '2026-12-04T00:00:00+00:00',
    });
    const row = await submission(order.id);
    expect(row.WebShopStatus).toBe('Invoiced');
    const shipments = row.Shipments as Body[];
    expect(shipments).toHaveLength(2);
    for (const shipment of shipments) {
      expect(shipment).toMatchObject({
        erpShipmentId: expect.stringMatching(/^SHP-/),
        trackingNumber: expect.stringMatching(/^\d{15}$/),
        trackingUrl: expect.stringContaining('/tracking/'),
        containerIds: [expect.stringMatching(/^CONT-/)],
      });
    }
    // The ERP's shipments are platform shipments too, with their items and tracking.
    const platformShipments = await expectOk<{ Items: Body[] }>(
      await admin('GET', `/v1/orders/All/${order.id}/shipments`),
    );
    expect(platformShipments.Items).toHaveLength(2);
    for (const shipment of platformShipments.Items) {
      const erp = shipments.find((candidate) => candidate.erpShipmentId === shipment.ID);
      expect(shipment).toMatchObject({
        BuyerID: 'acme-dk',
        TrackingNumber: erp?.trackingNumber,
        Shipper: erp?.carrier,
        xp: { ErpShipmentId: shipment.ID, ErpContainerIds: erp?.containerIds, TrackingUrl: erp?.trackingUrl },
      });
    }
    const lines = await expectOk<{ Items: Body[] }>(
      await admin('GET', `/v1/orders/All/${order.id}/lineitems`),
    );
    for (const line of lines.Items) expect(line.QuantityShipped).toBe(line.Quantity);
    const salesOrder = (await bo('GET', `/erp/sales-orders/${orderNumber}`)).json() as Body;
    expect(salesOrder).toMatchObject({ status: 'Invoiced', invoice: { invoiceNumber: expect.any(String) } });
  });

  it('an order that needs approval reaches the ERP only after it is approved', async () => {
    const removeRule = await requireApprovalOfEveryOrder(world);
    try {
      const order = await placeOrder(world, anna, [{ product: 'B10001', quantity: 1 }], acmeAddress);
      expect(order.submit.statusCode, order.submit.body).toBe(200);
      expect(order.submit.json()).toMatchObject({ Status: 'AwaitingApproval' });
      // Recorded, not sent: nothing reaches the ERP while it waits.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const waiting = await world.middleware.inject({ url: `/erp/orders/${order.id}`, headers: adminKey });
      expect(waiting.statusCode).toBe(404);
      expect((await bo('GET', `/erp/web-shop-orders/${order.id}/submissions`)).json()).toEqual([]);

      const approver = await loginAs(world.platform.app, DEMO_LOGINS.buyerAdminApprover);
      const approved = await call(
        world.platform.app,
        approver,
        'POST',
        `/v1/orders/Incoming/${order.id}/approve`,
        {
          Comments: 'OK',
        },
      );
      expect(approved.statusCode, approved.body).toBe(200);
      const sent = await settledSubmission(world, order.id);
      expect(sent).toMatchObject({ Outcome: 'Accepted', WebShopStatus: 'Received' });
      expect((await platformOrder(world, order.id)).xp).toMatchObject({ OrderNumber: sent.OrderNumber });
      expect((await bo('GET', `/erp/web-shop-orders/${order.id}/submissions`)).json()).toHaveLength(1);
    } finally {
      await removeRule();
    }
  });

  it('a subscription’s order is created by the platform’s job and submitted by the middleware, once', async () => {
    if (!world.middlewareUrl) throw new Error('middleware not listening');
    await expectOk(
      await admin('PUT', '/v1/integrations/subscription', {
        Url: `${world.middlewareUrl}/subscriptions`,
        HashKey: HASH_KEY,
        ApiClientID: 'actuate-middleware',
      }),
    );
    const mine = await expectOk<Body>(
      await call(world.platform.app, anna, 'POST', '/v1/me/addresses', {
        ...acmeAddress,
        // A personal address: its ERP extension is the ERP's to give (a shopper may not set it).
        xp: undefined,
        ID: 'anna-office',
        Shipping: true,
        Billing: true,
      }),
      201,
    );
    const dueAgo = new Date(Date.now() - 60_000).toISOString();
    await expectOk(
      await call(world.platform.app, anna, 'POST', '/v1/me/subscriptions', {
        ID: 'monthly-refill',
        Frequency: 1,
        Interval: 'Months',
        NextOrderDate: dueAgo,
        Payment: { Type: 'PurchaseOrder' },
        ShippingAddressID: mine.ID,
        BillingAddressID: mine.ID,
        xp: { ShipMethodID: 'EXPRESS', CustomerReference: 'Refill contract 7' },
      }),
      201,
    );
    await expectOk(
      await call(world.platform.app, anna, 'POST', '/v1/me/subscriptions/monthly-refill/items', {
        ProductID: 'B10001',
        Quantity: 3,
      }),
      201,
    );
    // One without items: the platform cannot make its order and reports the failure.
    await expectOk(
      await call(world.platform.app, anna, 'POST', '/v1/me/subscriptions', {
        ID: 'empty',
        Frequency: 1,
        Interval: 'Weeks',
        NextOrderDate: dueAgo,
        Payment: { Type: 'PurchaseOrder' },
        ShippingAddressID: mine.ID,
      }),
      201,
    );

    const runs = (await expectOk<{ Runs: Body[] }>(await admin('POST', '/v1/integrations/subscription/run')))
      .Runs;
    const run = runs.find((candidate) => candidate.SubscriptionID === 'monthly-refill');
    expect(run, JSON.stringify(runs)).toMatchObject({
      Route: 'success',
      Status: 'Succeeded',
      HttpStatusCode: 200,
    });
    const orderId = run?.OrderID as string;

    const order = await platformOrder(world, orderId);
    expect(order).toMatchObject({ Status: 'Open', SubscriptionID: 'monthly-refill' });
    expect(order.xp).toMatchObject({ CustomerReference: 'Refill contract 7' });
    const recorded = (
      await world.middleware.inject({ url: `/subscriptions/orders/${orderId}`, headers: adminKey })
    ).json() as Body;
    expect(recorded).toMatchObject({
      State: 'Submitted',
      ShipMethodID: 'EXPRESS',
      SubscriptionID: 'monthly-refill',
    });
    const sent = await settledSubmission(world, orderId);
    expect(sent).toMatchObject({ Outcome: 'Accepted' });
    // The subscription's ship method, not the cheapest.
    const worksheet = await expectOk<Body>(await admin('GET', `/v1/orders/All/${orderId}/worksheet`));
    expect(worksheet.ShipEstimateResponse).toMatchObject({
      ShipEstimates: [expect.objectContaining({ SelectedShipMethodID: 'EXPRESS' })],
    });

    const failed = runs.find((candidate) => candidate.SubscriptionID === 'empty');
    expect(failed).toMatchObject({ Route: 'failure' });
    // Without an order the platform's payload names no subscription; the run's error code is kept.
    const failures = (
      await world.middleware.inject({ url: '/subscriptions/failures', headers: adminKey })
    ).json() as { Items: Body[] };
    expect(failures.Items).toEqual([
      expect.objectContaining({
        ErrorCode: failed?.ErrorCode,
        OrderID: null,
        DateReceived: expect.any(String),
      }),
    ]);

    // The same call again (a lost answer, a retry): answered from the first, never submitted twice.
    const again = await signedPost(world.middleware, '/subscriptions/success', {
      Environment: 'Sandbox',
      OrderCloudAccessToken: 'unused',
      OrderWorksheet: worksheet,
      UnavailableProductIDs: [],
      ErrorCode: null,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({ HttpStatusCode: 200, UnhandledErrorBody: null });
    expect((await bo('GET', `/erp/web-shop-orders/${orderId}/submissions`)).json()).toHaveLength(1);
    // The platform moved the subscription on: the next run has nothing due.
    const next = (await expectOk<{ Runs: Body[] }>(await admin('POST', '/v1/integrations/subscription/run')))
      .Runs;
    expect(next.filter((candidate) => candidate.SubscriptionID === 'monthly-refill')).toEqual([]);
    // A wrong signature is refused before anything happens.
    const forged = await signedPost(
      world.middleware,
      '/subscriptions/success',
      { OrderWorksheet: worksheet },
      'wrong-key-123',
    );
    expect(forged.statusCode).toBe(401);
  });
});
