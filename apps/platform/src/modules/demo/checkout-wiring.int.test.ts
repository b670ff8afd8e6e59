import { createTestDatabase } from '@actuate/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { readConfig } from '../../config.ts';
import { call, expectOk, MIDDLEWARE_SECRET, requestToken } from '../../testing/harness.ts';
import { MIDDLEWARE_CLIENT_ID } from '../auth/bootstrap.ts';
import {
  ADDRESS_CHANGED_WEBHOOK_ID,
  ORDER_CANCELLED_WEBHOOK_ID,
  PROFILE_CHANGED_WEBHOOK_ID,
} from './checkout-wiring.ts';

type Body = Record<string, unknown>;

describe('middleware wiring', () => {
  it('ensures the order-cancelled post-hook at every start, once', async () => {
    const database = await createTestDatabase();
    const config = readConfig({
      MIDDLEWARE_CLIENT_SECRET: MIDDLEWARE_SECRET,
      SUBSCRIPTION_RUN_INTERVAL_MINUTES: '0',
      MIDDLEWARE_URL: 'http://127.0.0.1:4100/',
    });
    try {
      // Two starts on the same database: the second finds the wiring and leaves one of each.
      for (const _start of [1, 2]) {
        const app = await buildApp(config, { database, logger: false });
        try {
          const token = (
            await requestToken(app, {
              grant_type: 'client_credentials',
              client_id: MIDDLEWARE_CLIENT_ID,
              client_secret: MIDDLEWARE_SECRET,
            })
          ).json().access_token as string;
          const hook = await expectOk<Body>(
            await call(app, token, 'GET', `/v1/webhooks/${ORDER_CANCELLED_WEBHOOK_ID}`),
          );
          expect(hook).toMatchObject({
            Url: 'http://127.0.0.1:4100/webhooks/order-cancelled',
            HashKey: config.CHECKOUT_INTEGRATION_HASH_KEY,
            BeforeProcessRequest: false,
            ApiClientIDs: [],
            WebhookRoutes: [
              { Route: 'v1/orders/{direction}/{orderID}/cancel', Verb: 'POST' },
              { Route: 'v1/orders/{direction}/{orderID}/decline', Verb: 'POST' },
            ],
          });
          const all = await expectOk<{ Items: Body[] }>(await call(app, token, 'GET', '/v1/webhooks'));
          expect(all.Items.map((item) => item.ID).sort()).toEqual([
            ADDRESS_CHANGED_WEBHOOK_ID,
            ORDER_CANCELLED_WEBHOOK_ID,
            'presubmit',
            PROFILE_CHANGED_WEBHOOK_ID,
          ]);
        } finally {
          await app.close();
        }
      }
    } finally {
      await database.close();
    }
  });
});
