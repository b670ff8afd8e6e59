import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ocHash } from '@actuate/contracts/signatures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesItem, seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  callers,
  createBuyerWithUser,
  decodeClaims,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';
import { MIDDLEWARE_CLIENT_ID } from '../auth/bootstrap.ts';
import { advance } from './schedule.ts';

type Body = Record<string, unknown>;
const HASH_KEY = 'subscription-hash-key';

/** A stand-in for the middleware's subscription hooks: records signed calls, answers as told. */
function subscriptionHooks() {
  const calls: { path: string; body: Body; signatureValid: boolean; auth: string | undefined }[] = [];
  const state: { status: number; reply: unknown; onSuccess?: (body: Body) => Promise<void> } = {
    status: 200,
    reply: { HttpStatusCode: 200, UnhandledErrorBody: null },
  };
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let raw = '';
      request.on('data', (chunk) => {
        raw += chunk;
      });
      request.on('end', () => resolve(raw));
    });
  const server: Server = createServer(async (request, response) => {
    const raw = await read(request);
    const body = JSON.parse(raw) as Body;
    calls.push({
      path: request.url ?? '',
      body,
      signatureValid: request.headers['x-oc-hash'] === ocHash(HASH_KEY, raw),
      auth: request.headers['x-hook-key'] as string | undefined,
    });
    if (request.url === '/hooks/success' && state.onSuccess) await state.onSuccess(body);
    response.writeHead(state.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(state.reply));
  });
  return { server, calls, state };
}

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('subscriptions', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  let anna: string;
  let clara: string;
  const hooks = subscriptionHooks();
  const run = async () =>
    (await expectOk<{ Runs: Body[] }>(await admin('POST', '/v1/integrations/subscription/run'))).Runs;
  const ordersOf = async (subscriptionId: string) =>
    (
      await expectOk<{ Items: Body[] }>(
        await admin('GET', `/v1/orders/Incoming?SubscriptionID=${subscriptionId}&pageSize=100`),
      )
    ).Items;
  /** A subscription of anna's due a minute ago, with one item. */
  const dueSubscription = async (
    id: string,
    fields: Body = {},
    items: Body[] = [{ ProductID: 'la-sub', Quantity: 2 }],
  ) => {
    await expectOk(
      await as(anna)('POST', '/v1/me/subscriptions', {
        ID: id,
        Frequency: 2,
        Interval: 'Weeks',
        NextOrderDate: minutesAgo(1),
        Payment: { Type: 'PurchaseOrder' },
        ...fields,
      }),
      201,
    );
    for (const item of items)
      await expectOk(await as(anna)('POST', `/v1/me/subscriptions/${id}/items`, item), 201);
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => hooks.server.listen(0, '127.0.0.1', resolve));
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, {
      buyerId: 'bauer',
      userId: 'clara',
      username: 'clara@bauer.example',
    });
    await seedSmallCatalog(platform, ['acme', 'bauer']);
    // A product with a subscription price: 1000 DKK, 900 DKK when a subscription orders it.
    await expectOk(
      await admin('POST', '/v1/priceschedules', {
        ID: 'sub-dkk',
        Name: 'Subscription DKK',
        Currency: 'DKK',
        PriceBreaks: [{ Quantity: 1, Price: 1000, SubscriptionPrice: 900 }],
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/products', {
        ...salesItem('la-sub', 'LA36 refill', { voltage: '24' }),
        DefaultPriceScheduleID: 'sub-dkk',
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/catalogs/productassignments', { CatalogID: 'main', ProductID: 'la-sub' }),
      204,
    );
    const { port } = hooks.server.address() as AddressInfo;
    await expectOk(
      await admin('PUT', '/v1/integrations/subscription', {
        Url: `http://127.0.0.1:${port}/hooks`,
        HashKey: HASH_KEY,
        ApiClientID: MIDDLEWARE_CLIENT_ID,
        NotificationDays: 3,
        CustomAuthHeaderName: 'x-hook-key',
        CustomAuthHeaderValue: 'letmein',
      }),
    );
    anna = await loginAs(platform.app, 'anna@acme.example');
    clara = await loginAs(platform.app, 'clara@bauer.example');
  });
  afterAll(async () => {
    await platform?.close();
    await new Promise((resolve) => hooks.server.close(resolve));
  });

  it('advances by Frequency × Interval (months keep the day, clamped to the month)', () => {
    const from = new Date('2026-01-31T08:00:00.000Z');
    expect(advance(from, 3, 'Days').toISOString()).toBe('2026-02-03T08:00:00.000Z');
    expect(advance(from, 2, 'Weeks').toISOString()).toBe('2026-02-14T08:00:00.000Z');
    expect(advance(from, 1, 'Months').toISOString()).toBe('2026-02-28T08:00:00.000Z');
    expect(advance(from, 12, 'Months').toISOString()).toBe('2027-01-31T08:00:00.000Z');
  });

  it('/me/subscriptions: CRUD of one’s own subscriptions and items (LineItem shape, SubscriptionPrice)', async () => {
    const created = await expectOk<Body>(
      await as(anna)('POST', '/v1/me/subscriptions', {
        ID: 'weekly',
        Frequency: 1,
        Interval: 'Weeks',
        NextOrderDate: '2099-03-10T06:00:00.000Z',
        Payment: { Type: 'PurchaseOrder' },
        xp: { Note: 'refills' },
      }),
      201,
    );
    expect(created).toMatchObject({
      ID: 'weekly',
      Frequency: 1,
      Interval: 'Weeks',
      NextOrderDate: '2099-03-10T06:00:00.000Z',
      NotificationDate: '2099-03-07T06:00:00.000Z',
      LastOrderDate: null,
      EndDate: null,
      Active: true,
      FromCompanyID: 'acme',
      FromUserID: 'anna',
      ToCompanyID: 'actuate',
      Payment: { Type: 'PurchaseOrder' },
      ProjectedSubtotal: 0,
    });
    const item = await expectOk<Body>(
      await as(anna)('POST', '/v1/me/subscriptions/weekly/items', {
        ID: 'refill',
        ProductID: 'la-sub',
        Quantity: 3,
      }),
      201,
    );
    expect(item).toMatchObject({
      ID: 'refill',
      ProductID: 'la-sub',
      Quantity: 3,
      UnitPrice: 900,
      LineSubtotal: 2700,
    });
    expect(await expectOk<Body>(await as(anna)('GET', '/v1/me/subscriptions/weekly'))).toMatchObject({
      ProjectedSubtotal: 2700,
    });
    await expectOk(await as(anna)('PATCH', '/v1/me/subscriptions/weekly/items/refill', { Quantity: 1 }));
    expect(
      await expectOk<{ Items: Body[] }>(await as(anna)('GET', '/v1/me/subscriptions/weekly/items')),
    ).toMatchObject({ Items: [{ ID: 'refill', Quantity: 1, LineSubtotal: 900 }] });
    const patched = await expectOk<Body>(
      await as(anna)('PATCH', '/v1/me/subscriptions/weekly', { Frequency: 3 }),
    );
    expect(patched).toMatchObject({ Frequency: 3, Interval: 'Weeks', xp: { Note: 'refills' } });

    // Not visible to other buyers; the admin resource sees it.
    expect((await as(clara)('GET', '/v1/me/subscriptions/weekly')).statusCode).toBe(404);
    expect(await expectOk<{ Items: Body[] }>(await as(clara)('GET', '/v1/me/subscriptions'))).toMatchObject({
      Items: [],
    });
    expect(await expectOk<Body>(await admin('GET', '/v1/subscriptions/weekly'))).toMatchObject({
      FromUserID: 'anna',
    });
    expect((await as(anna)('GET', '/v1/subscriptions')).statusCode).toBe(403);

    // Bad input: 4xx, nothing stored.
    const bad = await as(anna)('POST', '/v1/me/subscriptions', {
      ID: 'bad',
      Frequency: 0,
      Interval: 'Years',
      NextOrderDate: 'soon',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors[0].ErrorCode).toBe('InvalidRequest');
    const invisible = await as(clara)('POST', '/v1/me/subscriptions', {
      ID: 'clara-sub',
      Frequency: 1,
      Interval: 'Days',
      NextOrderDate: '2099-01-01T00:00:00Z',
    });
    await expectOk(invisible, 201);
    expect(
      (
        await as(clara)('POST', '/v1/me/subscriptions/clara-sub/items', {
          ProductID: 'la-special',
          Quantity: 1,
        })
      ).statusCode,
    ).toBe(404);
    expect((await admin('GET', '/v1/subscriptions/bad')).statusCode).toBe(404);

    await expectOk(await as(anna)('DELETE', '/v1/me/subscriptions/weekly/items/refill'), 204);
    await expectOk(await as(anna)('DELETE', '/v1/me/subscriptions/weekly'), 204);
    expect((await admin('GET', '/v1/subscriptions/weekly')).statusCode).toBe(404);
  });

  it('the SubscriptionIntegration resource; its API client must not have a checkout integration', async () => {
    expect(await expectOk<Body>(await admin('GET', '/v1/integrations/subscription'))).toMatchObject({
      ApiClientID: MIDDLEWARE_CLIENT_ID,
      HashKey: HASH_KEY,
      NotificationDays: 3,
      Active: true,
    });
    await expectOk(
      await admin('POST', '/v1/integrationEvents', {
        ID: 'checkout-x',
        Name: 'x',
        EventType: 'OrderCheckout',
        CustomImplementationUrl: 'http://127.0.0.1:1',
        HashKey: 'x',
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/apiclients', {
        ID: 'with-checkout',
        AppName: 'x',
        Active: true,
        OrderCheckoutIntegrationEventID: 'checkout-x',
      }),
      201,
    );
    const refused = await admin('PATCH', '/v1/integrations/subscription', { ApiClientID: 'with-checkout' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Errors[0].ErrorCode).toBe(
      'SubscriptionIntegration.ApiClientHasCheckoutIntegration',
    );
    expect(await expectOk<Body>(await admin('GET', '/v1/integrations/subscription'))).toMatchObject({
      ApiClientID: MIDDLEWARE_CLIENT_ID,
    });
  });

  it('a run creates the order, reports it signed to /success and advances NextOrderDate', async () => {
    // Its orders carry the subscription's comment (xp.Comments) and each item's cost center.
    await dueSubscription('fortnightly', { xp: { Comments: 'Standing order: gate 4' } }, [
      { ProductID: 'la-sub', Quantity: 2, CostCenter: 'CC-9 Service' },
    ]);
    const before = await expectOk<Body>(await admin('GET', '/v1/subscriptions/fortnightly'));
    hooks.calls.length = 0;
    const runs = await run();
    expect(runs).toEqual([
      expect.objectContaining({
        SubscriptionID: 'fortnightly',
        Route: 'success',
        Status: 'Succeeded',
        HttpStatusCode: 200,
      }),
    ]);
    const orderId = runs[0]?.OrderID as string;

    // The order: Outgoing for anna, SubscriptionID set, priced at SubscriptionPrice, with its payment.
    const order = await expectOk<Body>(await admin('GET', `/v1/orders/Incoming/${orderId}`));
    expect(order).toMatchObject({
      SubscriptionID: 'fortnightly',
      FromUserID: 'anna',
      Status: 'Unsubmitted',
      Subtotal: 1800,
      Currency: 'DKK',
      Comments: 'Standing order: gate 4',
    });
    const mine = await expectOk<Body>(await as(anna)('GET', `/v1/orders/Outgoing/${orderId}`));
    expect(mine.ID).toBe(orderId);
    const lines = await expectOk<{ Items: Body[] }>(
      await admin('GET', `/v1/orders/Incoming/${orderId}/lineitems`),
    );
    expect(lines.Items).toEqual([
      expect.objectContaining({
        ProductID: 'la-sub',
        Quantity: 2,
        UnitPrice: 900,
        LineSubtotal: 1800,
        CostCenter: 'CC-9 Service',
      }),
    ]);
    const payments = await expectOk<{ Items: Body[] }>(
      await admin('GET', `/v1/orders/Incoming/${orderId}/payments`),
    );
    expect(payments.Items).toEqual([
      expect.objectContaining({ Type: 'PurchaseOrder', Amount: null, Accepted: false }),
    ]);

    // The call: signed, with the custom auth header and OrderCloud's payload.
    expect(hooks.calls).toHaveLength(1);
    const [hook] = hooks.calls;
    expect(hook).toMatchObject({ path: '/hooks/success', signatureValid: true, auth: 'letmein' });
    expect(hook?.body).toMatchObject({
      Environment: 'Sandbox',
      UnavailableProductIDs: [],
      ErrorCode: null,
      OrderWorksheet: {
        Order: { ID: orderId, SubscriptionID: 'fortnightly' },
        LineItems: [{ ProductID: 'la-sub' }],
        Subscription: { ID: 'fortnightly' },
      },
    });
    // OrderCloudAccessToken: a token of the integration's API client's context user (the admin client),
    // narrowed to OrderAdmin and valid for five minutes: it reads the order, and nothing beyond orders.
    const token = hook?.body.OrderCloudAccessToken as string;
    expect((await as(token)('GET', `/v1/orders/Incoming/${orderId}`)).statusCode).toBe(200);
    const claims = decodeClaims(token) as { role: string[]; exp: number; nbf?: number; iat?: number };
    expect(claims.role).toEqual(['OrderAdmin']);
    expect(claims.exp * 1000 - Date.now()).toBeLessThanOrEqual(300_000);
    expect((await as(token)('GET', '/v1/buyers')).statusCode).toBe(403);
    expect((await as(token)('GET', '/v1/apiclients')).statusCode).toBe(403);

    // NextOrderDate advanced by 2 weeks from the scheduled date; the answer kept on the worksheet.
    const after = await expectOk<Body>(await admin('GET', '/v1/subscriptions/fortnightly'));
    expect(after.NextOrderDate).toBe(
      advance(new Date(before.NextOrderDate as string), 2, 'Weeks').toISOString(),
    );
    expect(after.LastOrderDate).not.toBeNull();
    const worksheet = await expectOk<Body>(await admin('GET', `/v1/orders/Incoming/${orderId}/worksheet`));
    expect(worksheet.SubscriptionIntegrationResponse).toMatchObject({
      HttpStatusCode: 200,
      UnhandledErrorBody: null,
      Succeeded: true,
    });

    // Nothing is due any more: a second run does nothing.
    expect(await run()).toEqual([]);
    expect(await ordersOf('fortnightly')).toHaveLength(1);
  });

  it('a failed answer keeps NextOrderDate; the next run reports the same order again', async () => {
    await dueSubscription('flaky', { Frequency: 1, Interval: 'Days' });
    hooks.state.status = 500;
    hooks.state.reply = { message: 'down' };
    const failed = await run();
    expect(failed).toEqual([
      expect.objectContaining({ SubscriptionID: 'flaky', Status: 'Failed', HttpStatusCode: 500 }),
    ]);
    const due = (await expectOk<Body>(await admin('GET', '/v1/subscriptions/flaky'))).NextOrderDate;

    // 200 with an UnhandledErrorBody is a failure too.
    hooks.state.status = 200;
    hooks.state.reply = { HttpStatusCode: 200, UnhandledErrorBody: 'price service unavailable' };
    expect(await run()).toEqual([expect.objectContaining({ SubscriptionID: 'flaky', Status: 'Failed' })]);
    expect((await expectOk<Body>(await admin('GET', '/v1/subscriptions/flaky'))).NextOrderDate).toBe(due);

    hooks.state.reply = { HttpStatusCode: 200, UnhandledErrorBody: null };
    const retried = await run();
    expect(retried).toEqual([
      expect.objectContaining({ SubscriptionID: 'flaky', Status: 'Succeeded', OrderID: failed[0]?.OrderID }),
    ]);
    expect(await ordersOf('flaky')).toHaveLength(1);
    const runs = await expectOk<Body[]>(await admin('GET', '/v1/subscriptions/flaky/runs'));
    expect(runs).toEqual([expect.objectContaining({ Status: 'Succeeded', Attempts: 3 })]);
  });

  it('never makes two orders for one NextOrderDate, even when runs overlap', async () => {
    await dueSubscription('raced');
    const before = await expectOk<Body>(await admin('GET', '/v1/subscriptions/raced'));
    const results = await Promise.all([run(), run(), run(), run(), run()]);
    const succeeded = results
      .flat()
      .filter((outcome) => outcome.SubscriptionID === 'raced' && outcome.Status === 'Succeeded');
    expect(succeeded).toHaveLength(1);
    expect(await ordersOf('raced')).toHaveLength(1);
    // The one that reported it also moved the subscription on (no run lost to a deadlock).
    const after = await expectOk<Body>(await admin('GET', '/v1/subscriptions/raced'));
    expect(after.NextOrderDate).toBe(
      advance(new Date(before.NextOrderDate as string), 2, 'Weeks').toISOString(),
    );
    const runs = await expectOk<Body[]>(await admin('GET', '/v1/subscriptions/raced/runs'));
    expect(runs).toEqual([expect.objectContaining({ Status: 'Succeeded', Attempts: 1 })]);
  });

  it('orders only what the user can still see; with nothing left it reports /failure without an order', async () => {
    await dueSubscription('partly', {}, [
      { ProductID: 'la-sub', Quantity: 1 },
      { ProductID: 'la-12-none', Quantity: 1 },
    ]);
    await dueSubscription('nothing', {}, [{ ProductID: 'la-12-none', Quantity: 1 }]);
    await expectOk(await admin('PATCH', '/v1/products/la-12-none', { Active: false }));
    hooks.calls.length = 0;
    const runs = await run();
    const partly = runs.find((outcome) => outcome.SubscriptionID === 'partly');
    expect(partly).toMatchObject({
      Route: 'success',
      UnavailableProductIDs: ['la-12-none'],
      Status: 'Succeeded',
    });
    const lines = await expectOk<{ Items: Body[] }>(
      await admin('GET', `/v1/orders/Incoming/${partly?.OrderID}/lineitems`),
    );
    expect(lines.Items.map((line) => line.ProductID)).toEqual(['la-sub']);
    const nothing = runs.find((outcome) => outcome.SubscriptionID === 'nothing');
    expect(nothing).toMatchObject({
      Route: 'failure',
      OrderID: null,
      ErrorCode: 'Subscription.NoAvailableProducts',
      UnavailableProductIDs: ['la-12-none'],
    });
    const failureCall = hooks.calls.find((entry) => entry.path === '/hooks/failure');
    expect(failureCall?.body).toMatchObject({
      OrderWorksheet: null,
      ErrorCode: 'Subscription.NoAvailableProducts',
      UnavailableProductIDs: ['la-12-none'],
    });
    expect(await ordersOf('nothing')).toHaveLength(0);
    await expectOk(await admin('PATCH', '/v1/products/la-12-none', { Active: true }));
  });

  it('selects only active subscriptions within the window whose EndDate has not passed', async () => {
    await dueSubscription('ended', { EndDate: minutesAgo(0.5), NextOrderDate: minutesAgo(2) });
    await dueSubscription('paused', { Active: false });
    await dueSubscription('too-late', { NextOrderDate: minutesAgo(6 * 60) });
    await dueSubscription('future', { NextOrderDate: '2099-01-01T00:00:00.000Z' });
    const runs = await run();
    expect(runs.map((outcome) => outcome.SubscriptionID)).toEqual([]);
  });

  it('the middleware can price and submit the generated order as the admin client (Incoming)', async () => {
    // What the middleware's /subscriptions/success does: estimate shipping, choose, calculate, submit.
    const steps: number[] = [];
    hooks.state.onSuccess = async (body) => {
      const token = body.OrderCloudAccessToken as string;
      const id = (body.OrderWorksheet as { Order: { ID: string } }).Order.ID;
      const url = `/v1/orders/Incoming/${id}`;
      // No checkout integration in this suite: the order is submitted as it is (PurchaseOrder accepted by the admin).
      const payments = await expectOk<{ Items: Body[] }>(await as(token)('GET', `${url}/payments`));
      steps.push(
        (await as(token)('PATCH', `${url}/payments/${payments.Items[0]?.ID}`, { Accepted: true })).statusCode,
      );
      steps.push((await as(token)('POST', `${url}/submit`)).statusCode);
    };
    await dueSubscription('submitted');
    const runs = await run();
    hooks.state.onSuccess = undefined;
    expect(steps).toEqual([200, 200]);
    const order = await expectOk<Body>(await admin('GET', `/v1/orders/All/${runs[0]?.OrderID}`));
    expect(order).toMatchObject({ Status: 'Open', IsSubmitted: true, SubscriptionID: 'submitted' });
  });
});
