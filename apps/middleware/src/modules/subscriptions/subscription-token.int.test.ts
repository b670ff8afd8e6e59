import { Writable } from 'node:stream';
import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase } from '@actuate/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { readConfig } from '../../config.ts';
import { adminKey, signedPost } from '../../testing/requests.ts';
import { subscriptionFailures } from './schema.ts';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.platform-token-of-the-hook.signature';

describe('subscription hooks: the platform token is neither stored nor logged', () => {
  let database: DatabaseHandle;
  let app: ServiceApp;
  const logged: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged.push(String(chunk));
        done();
      },
    });
    app = await buildApp(readConfig({}), { database, logger: { level: 'debug', stream } });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('records a failure without OrderCloudAccessToken', async () => {
    const response = await signedPost(app, '/subscriptions/failure', {
      Environment: 'Sandbox',
      OrderCloudAccessToken: TOKEN,
      OrderWorksheet: null,
      UnavailableProductIDs: ['gone-product'],
      ErrorCode: 'Subscription.NoProductsAvailable',
    });
    expect(response.statusCode, response.body).toBe(200);
    const rows = await database.db.select().from(subscriptionFailures);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.payload).toMatchObject({ UnavailableProductIDs: ['gone-product'] });
    expect(JSON.stringify(rows)).not.toContain(TOKEN);
    const listed = await app.inject({ url: '/subscriptions/failures', headers: adminKey });
    expect(listed.body).not.toContain(TOKEN);
    expect(logged.join('')).not.toContain(TOKEN);
  });
});
