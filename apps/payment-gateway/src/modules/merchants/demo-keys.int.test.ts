import { createTestDatabase } from '@actuate/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { DEMO_API_KEY, DEMO_CLIENT_KEY, readConfig } from '../../config.ts';
import { DEMO, merchantCall } from '../../testing/index.ts';
import { MerchantService } from './service.ts';

const production = {
  NODE_ENV: 'production',
  PAYMENT_API_KEY: 'live-merchant-api-key-0123456789',
  PAYMENT_CLIENT_KEY: 'live_client_key_0123456789',
  PAYMENT_WEBHOOK_HMAC_KEY: 'AB'.repeat(32),
};

const paymentMethods = (app: Parameters<typeof merchantCall>[0], apiKey: string) =>
  merchantCall(
    app,
    'POST',
    '/v71/paymentMethods',
    { merchantAccount: DEMO.merchantAccount },
    {
      'x-api-key': apiKey,
    },
  );

describe('the demo merchant’s published keys in production mode', () => {
  it('stop working on a database that ran the demo, while the configured keys work', async () => {
    const database = await createTestDatabase();
    try {
      const demo = await buildApp(readConfig({}), { database, logger: false });
      expect((await paymentMethods(demo, DEMO_API_KEY)).statusCode).toBe(200);
      await demo.close();

      const live = await buildApp(readConfig(production), { database, logger: false });
      try {
        const refused = await paymentMethods(live, DEMO_API_KEY);
        expect(refused.statusCode).toBe(401);
        expect((await paymentMethods(live, production.PAYMENT_API_KEY)).statusCode).toBe(200);
        const merchants = new MerchantService(database.db);
        expect(await merchants.findClientKey(DEMO_CLIENT_KEY)).toBeUndefined();
        expect(await merchants.findClientKey(production.PAYMENT_CLIENT_KEY)).toBeDefined();
      } finally {
        await live.close();
      }
    } finally {
      await database.close();
    }
  });
});
