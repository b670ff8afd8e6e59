import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Jobs } from '@actuate/service-kit';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  call,
  createBuyerWithUser,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';
import { SUBSCRIPTION_RUN_QUEUE } from './jobs.ts';

type Body = Record<string, unknown>;

/** The scheduled path: pg-boss's cron enqueues `subscription-run`; its worker runs the due subscriptions. */
describe('subscription runs on pg-boss', () => {
  let platform: Platform;
  let sender: Jobs | undefined;
  const posts: string[] = [];
  const hooks: Server = createServer((request, response) => {
    posts.push(request.url ?? '');
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"HttpStatusCode":200,"UnhandledErrorBody":null}');
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
    platform = await startPlatform({
      SUBSCRIPTION_RUN_INTERVAL_MINUTES: '2',
      JOB_POLLING_INTERVAL_SECONDS: '1',
      MIDDLEWARE_URL: 'http://127.0.0.1:9',
    });
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await seedSmallCatalog(platform, ['acme']);
    // Wired with the middleware at start-up: its subscription hooks, called as actuate-middleware.
    expect(
      await expectOk(await call(platform.app, platform.adminToken, 'GET', '/v1/integrations/subscription')),
    ).toMatchObject({
      Url: 'http://127.0.0.1:9/subscriptions',
      ApiClientID: 'actuate-middleware',
      Active: true,
    });
    const { port } = hooks.address() as AddressInfo;
    await expectOk(
      await call(platform.app, platform.adminToken, 'PUT', '/v1/integrations/subscription', {
        Url: `http://127.0.0.1:${port}`,
        HashKey: 'job-hash-key',
      }),
    );
  });
  afterAll(async () => {
    await sender?.stop();
    await platform?.close();
    await new Promise((resolve) => hooks.close(resolve));
  });

  it('is scheduled every SUBSCRIPTION_RUN_INTERVAL_MINUTES, and its job runs the due subscriptions', async () => {
    const schedules = await platform.database.db.execute(
      sql`select name, cron from jobs.schedule where name = ${SUBSCRIPTION_RUN_QUEUE}`,
    );
    expect((schedules as unknown as { rows: Body[] }).rows ?? schedules).toEqual([
      { name: SUBSCRIPTION_RUN_QUEUE, cron: '*/2 * * * *' },
    ]);

    const anna = await loginAs(platform.app, 'anna@acme.example');
    await expectOk(
      await call(platform.app, anna, 'POST', '/v1/me/subscriptions', {
        ID: 'by-job',
        Frequency: 1,
        Interval: 'Months',
        NextOrderDate: new Date(Date.now() - 60_000).toISOString(),
      }),
      201,
    );
    await expectOk(
      await call(platform.app, anna, 'POST', '/v1/me/subscriptions/by-job/items', {
        ProductID: 'la-48-hall',
        Quantity: 1,
      }),
      201,
    );
    // Instead of waiting for the next tick, send the job the schedule would send.
    sender = await Jobs.start(platform.database, { log: platform.app.log });
    await sender.boss.send(SUBSCRIPTION_RUN_QUEUE, {});
    const deadline = Date.now() + 30_000;
    let subscription: Body = {};
    while (Date.now() < deadline) {
      subscription = await expectOk<Body>(
        await call(platform.app, platform.adminToken, 'GET', '/v1/subscriptions/by-job'),
      );
      if (subscription.LastOrderDate) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(subscription.LastOrderDate).not.toBeNull();
    expect(posts).toEqual(['/success']);
  });
});
