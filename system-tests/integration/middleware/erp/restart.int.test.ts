/**
 * Failure test: the middleware stops while ERP submissions are queued and failing, and a new
 * instance on the same database takes over — every order reaches the ERP, with one sales order each.
 */
import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase, freePort } from '@actuate/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiHeaders } from '../../../../apps/backoffice/src/testing/index.ts';
import { buildApp } from '../../../../apps/middleware/src/app.ts';
import { DEMO_SECRETS, readConfig } from '../../../../apps/middleware/src/config.ts';
import { MIDDLEWARE_SECRET } from '../../../../apps/platform/src/testing/harness.ts';
import { signedPost, startWorld, type World } from '../support/harness.ts';
import { orderSubmitEvent } from '../support/orders.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

let world: World;
let database: DatabaseHandle;
beforeAll(async () => {
  world = await startWorld(['acme-dk'], { backoffice: true });
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
  await world?.close();
});

const middleware = (backofficeUrl: string) =>
  buildApp(
    readConfig({
      PLATFORM_URL: world.platformUrl,
      PLATFORM_CLIENT_SECRET: MIDDLEWARE_SECRET,
      PRICE_SERVICE_URL: world.prices.url,
      BACKOFFICE_URL: backofficeUrl,
      JOB_POLLING_INTERVAL_SECONDS: '0.5',
    }),
    { database, logger: false },
  );

const submission = async (app: ServiceApp, orderId: string) =>
  (
    await app.inject({
      url: `/erp/orders/${orderId}`,
      headers: { 'x-api-key': DEMO_SECRETS.MIDDLEWARE_ADMIN_KEY },
    })
  ).json();

async function waitFor(probe: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('ERP submission across a restart', () => {
  it('delivers every order exactly once after the middleware is stopped and started again', async () => {
    // First instance: the ERP is unreachable, so every job fails and waits for a retry.
    const first = await middleware(`http://127.0.0.1:${await freePort()}`);
    await first.ready();
    const events = [1, 2, 3].map(() => orderSubmitEvent(world, [{ salesItemNumber: 'B10001', quantity: 1 }]));
    for (const { event } of events) {
      expect((await signedPost(first, '/OrderSubmit', event)).statusCode).toBe(200);
    }
    await waitFor(async () => {
      const rows = await Promise.all(events.map(({ orderId }) => submission(first, orderId)));
      return rows.every((row) => row.Attempts >= 1 && row.State === 'Pending');
    });
    await first.close();

    // Second instance on the same database, the ERP reachable: the queued jobs run there.
    const backofficeUrl = world.backoffice?.url;
    if (!backofficeUrl) throw new Error('no back office');
    const second = await middleware(backofficeUrl);
    await second.ready();
    try {
      await waitFor(async () => {
        const rows = await Promise.all(events.map(({ orderId }) => submission(second, orderId)));
        return rows.every((row) => row.State === 'Submitted');
      });
      const backoffice = world.backoffice?.app;
      if (!backoffice) throw new Error('no back office');
      for (const { orderId } of events) {
        const row = await submission(second, orderId);
        const salesOrder = await backoffice.inject({
          url: `/erp/web-shop-orders/${orderId}/sales-order`,
          headers: apiHeaders,
        });
        expect(salesOrder.json()).toMatchObject({ orderNumber: row.OrderNumber });
        const submissions = await backoffice.inject({
          url: `/erp/web-shop-orders/${orderId}/submissions`,
          headers: apiHeaders,
        });
        // Failed attempts never reached the ERP: it saw each order once.
        expect(submissions.json()).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });
});
