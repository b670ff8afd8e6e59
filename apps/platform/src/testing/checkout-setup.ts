import type { AddressInfo } from 'node:net';
import { STOREFRONT_CLIENT_ID } from '../modules/auth/bootstrap.ts';
import { FAKE_MIDDLEWARE_HASH_KEY } from './fake-middleware.ts';
import { call, expectOk, type Platform } from './harness.ts';

/** Links the storefront's API client to a checkout integration at the fake middleware, with its pre-submit hook. */
export async function connectCheckout(platform: Platform, middleware: { address(): unknown }): Promise<void> {
  const { port } = middleware.address() as AddressInfo;
  const admin = (method: 'POST' | 'PATCH', url: string, body: unknown) =>
    call(platform.app, platform.adminToken, method, url, body);
  await expectOk(
    await admin('POST', '/v1/integrationEvents', {
      ID: 'checkout',
      Name: 'Middleware checkout',
      EventType: 'OrderCheckout',
      CustomImplementationUrl: `http://127.0.0.1:${port}`,
      HashKey: FAKE_MIDDLEWARE_HASH_KEY,
      ConfigData: { Tenant: 'actuate' },
    }),
    201,
  );
  await expectOk(
    await admin('PATCH', `/v1/apiclients/${STOREFRONT_CLIENT_ID}`, {
      OrderCheckoutIntegrationEventID: 'checkout',
    }),
  );
  await expectOk(
    await admin('POST', '/v1/webhooks', {
      ID: 'presubmit',
      Name: 'Pre-submit check',
      Url: `http://127.0.0.1:${port}/presubmit`,
      HashKey: FAKE_MIDDLEWARE_HASH_KEY,
      BeforeProcessRequest: true,
      WebhookRoutes: [{ Route: 'v1/orders/{direction}/{orderID}/submit', Verb: 'POST' }],
    }),
    201,
  );
}
