import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ocHash } from '@actuate/contracts/signatures';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createBuyerWithUser,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';
import { STOREFRONT_CLIENT_ID } from '../auth/bootstrap.ts';
import { routeTemplate } from './post-hooks.ts';

type Body = Record<string, unknown>;
const HASH_KEY = 'post-hook-hash-key';
const CANCEL_ROUTE = 'v1/orders/{direction}/{orderID}/cancel';

/** A real local receiver: records every delivery; answers 500 while `failures` is above zero. */
function receiver() {
  const deliveries: { path: string; raw: string; body: Body; headers: IncomingHttpHeaders }[] = [];
  const state = { failures: 0 };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      deliveries.push({ path: request.url ?? '', raw, body: JSON.parse(raw), headers: request.headers });
      const failing = state.failures > 0;
      if (failing) state.failures -= 1;
      response.writeHead(failing ? 500 : 200, { 'content-type': 'application/json' });
      response.end(failing ? '{"message":"receiver down"}' : '{}');
    });
  });
  return { server, deliveries, state };
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('post-hook webhooks', () => {
  let platform: Platform;
  let anna: string;
  let url: string;
  const hooks = receiver();
  const admin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    call(platform.app, platform.adminToken, method, path, body);
  const delivered = (path: string) => hooks.deliveries.filter((delivery) => delivery.path === path);
  const webhook = (ID: string, Route: string, Verb: string, extra: Body = {}) =>
    admin('POST', '/v1/webhooks', {
      ID,
      Name: ID,
      Url: `${url}/${ID}`,
      HashKey: HASH_KEY,
      BeforeProcessRequest: false,
      ConfigData: { Hook: ID },
      WebhookRoutes: [{ Route, Verb }],
      ...extra,
    });

  beforeAll(async () => {
    await new Promise<void>((resolve) => hooks.server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(hooks.server.address() as AddressInfo).port}`;
    platform = await startPlatform({ JOB_POLLING_INTERVAL_SECONDS: '1' });
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    anna = await loginAs(platform.app, 'anna@acme.example');
    await expectOk(
      await webhook('cancel', CANCEL_ROUTE, 'POST', { ApiClientIDs: [STOREFRONT_CLIENT_ID] }),
      201,
    );
    await expectOk(await webhook('users', 'v1/buyers/{buyerID}/users', 'POST'), 201);
    await expectOk(await webhook('flaky', 'v1/buyers/{buyerID}', 'PATCH'), 201);
    await expectOk(
      await webhook('other-client', 'v1/buyers', 'POST', { ApiClientIDs: ['someone-else'] }),
      201,
    );
  });
  afterAll(async () => {
    await platform?.close();
    await new Promise((resolve) => hooks.server.close(resolve));
  });

  const newOrder = async () =>
    expectOk<Body>(await call(platform.app, anna, 'POST', '/v1/orders/Outgoing', {}), 201);

  it('turns Fastify routes into OrderCloud route templates', () => {
    expect(routeTemplate('/v1/orders/:direction/:orderID/cancel')).toBe(CANCEL_ROUTE);
  });

  it('delivers once, after the request succeeded, with OrderCloud’s payload and a verifiable signature', async () => {
    const order = await newOrder();
    const cancelled = await call(platform.app, anna, 'POST', `/v1/orders/Outgoing/${order.ID}/cancel?note=x`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const delivery = await waitFor(() =>
      delivered('/cancel').find((candidate) => (candidate.body.RouteParams as Body).orderID === order.ID),
    );
    expect(delivery.headers['x-oc-hash']).toBe(ocHash(HASH_KEY, delivery.raw));
    expect(delivery.body).toMatchObject({
      Route: CANCEL_ROUTE,
      RouteParams: { direction: 'Outgoing', orderID: order.ID },
      QueryParams: { note: 'x' },
      Verb: 'POST',
      Date: expect.any(String),
      LogID: expect.any(String),
      UserToken: anna,
      Request: { Body: null, Headers: expect.any(Object) },
      Response: { Body: { ID: order.ID, Status: 'Canceled' }, Headers: expect.any(Object) },
      ConfigData: { Hook: 'cancel' },
    });
    expect(delivery.body.Request as Body).not.toHaveProperty('Headers.authorization');
    // Exactly one delivery for the request, even after the worker has polled again.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(
      delivered('/cancel').filter((candidate) => (candidate.body.RouteParams as Body).orderID === order.ID),
    ).toHaveLength(1);
  });

  it('delivers nothing for a failed request or another API client', async () => {
    const before = hooks.deliveries.length;
    // Cancelled already: 400, no delivery.
    const order = await newOrder();
    await expectOk(await call(platform.app, anna, 'POST', `/v1/orders/Outgoing/${order.ID}/cancel`));
    await waitFor(() => (hooks.deliveries.length > before ? true : undefined));
    const again = await call(platform.app, anna, 'POST', `/v1/orders/Outgoing/${order.ID}/cancel`);
    expect(again.statusCode).toBe(400);
    // The admin client cancels: the hook lists only the storefront's client.
    const other = await newOrder();
    await expectOk(await admin('POST', `/v1/orders/All/${other.ID}/cancel`));
    await expectOk(await admin('POST', '/v1/buyers', { ID: 'other', Name: 'Other', Active: true }), 201);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(hooks.deliveries.slice(before).map((delivery) => delivery.path)).toEqual(['/cancel']);
    expect(delivered('/other-client')).toHaveLength(0);
  });

  it('leaves passwords out of the payload', async () => {
    await expectOk(
      await admin('POST', '/v1/buyers/acme/users', {
        ID: 'bo',
        Username: 'bo@acme.example',
        Password: 'a-secret-password-1',
        FirstName: 'Bo',
        LastName: 'Berg',
        Email: 'bo@acme.example',
        Active: true,
      }),
      201,
    );
    const delivery = await waitFor(() => delivered('/users')[0]);
    expect(delivery.body).toMatchObject({ Request: { Body: { ID: 'bo', Username: 'bo@acme.example' } } });
    expect(delivery.raw).not.toContain('a-secret-password-1');
    expect(delivery.raw).not.toContain('Password');
  });

  it('leaves issued tokens out of the payload (impersonation)', async () => {
    await expectOk(await webhook('tokens', 'v1/buyers/{buyerID}/users/{userID}/accesstoken', 'POST'), 201);
    await expectOk(
      await admin('POST', '/v1/securityprofiles', { ID: 'shop-as', Name: 'Shop as', Roles: ['Shopper'] }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/impersonationconfig', {
        ID: 'desk',
        BuyerID: 'acme',
        SecurityProfileID: 'shop-as',
        ClientID: STOREFRONT_CLIENT_ID,
      }),
      201,
    );
    const issued = await expectOk<Body>(
      await admin('POST', '/v1/buyers/acme/users/anna/accesstoken', {
        ClientID: STOREFRONT_CLIENT_ID,
        Roles: ['Shopper'],
      }),
    );
    const delivery = await waitFor(() => delivered('/tokens')[0]);
    expect(delivery.body).toMatchObject({ Request: { Body: { ClientID: STOREFRONT_CLIENT_ID } } });
    expect(delivery.raw).not.toContain(issued.access_token as string);
    expect(delivery.raw).not.toContain('access_token');
  });

  it('retries after the receiver answered 500, with the same payload', async () => {
    hooks.state.failures = 1;
    await expectOk(await admin('PATCH', '/v1/buyers/acme', { Name: 'ACME renamed' }));
    const [first, second] = await waitFor(() => {
      const attempts = delivered('/flaky');
      return attempts.length >= 2 ? attempts : undefined;
    }, 30_000);
    expect(second?.raw).toBe(first?.raw);
    expect(second?.headers['x-oc-hash']).toBe(ocHash(HASH_KEY, second?.raw ?? ''));
    expect(second?.body).toMatchObject({ Route: 'v1/buyers/{buyerID}', Verb: 'PATCH' });
  });

  it('uses a webhook from the next write after it is created, and none after it is deleted', async () => {
    const renamed = (name: string) => admin('PATCH', '/v1/buyers/other', { Name: name });
    // A write first, so the webhook list is cached before the new hook exists.
    await expectOk(await renamed('Other 1'));
    await expectOk(
      await admin('POST', '/v1/webhooks', {
        ID: 'late',
        Name: 'late',
        Url: `${url}/late`,
        HashKey: HASH_KEY,
        BeforeProcessRequest: false,
        WebhookRoutes: [{ Route: 'v1/buyers/{buyerID}', Verb: 'PATCH' }],
      }),
      201,
    );
    await expectOk(await renamed('Other 2'));
    const delivery = await waitFor(() => delivered('/late')[0]);
    expect(delivery.body).toMatchObject({ Request: { Body: { Name: 'Other 2' } } });
    await expectOk(await admin('DELETE', '/v1/webhooks/late'), 204);
    await expectOk(await renamed('Other 3'));
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(delivered('/late')).toHaveLength(1);
  });
});
