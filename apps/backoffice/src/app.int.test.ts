import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase, describeOperationalEndpoints } from '@actuate/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_NAME, buildApp } from './app.ts';
import { DEMO_API_KEY, readConfig } from './config.ts';
import { TAX_GROUPS } from './modules/customers/tax-groups.ts';

describeOperationalEndpoints(APP_NAME, (database) => buildApp(readConfig({}), { database, logger: false }));

describe('API key on every business route', () => {
  let database: DatabaseHandle;
  let app: ServiceApp;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(readConfig({}), { database, logger: false });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answers 401 without the key on every documented route but health, readiness and tracking pages (the sales desk sends to its sign-in)', async () => {
    const document = (await app.inject({ url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[] }>>;
    };
    const open = ['operations', 'tracking'];
    let checked = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (operation.tags?.some((tag) => open.includes(tag))) continue;
        const url = path.replace(/\{[^}]+\}/g, 'X1');
        const response = await app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: { 'x-api-key': 'wrong-key-wrong-key' },
          ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
        });
        if (operation.tags?.includes('sales-desk')) {
          // The sales desk's pages sign in with a session cookie: without one they send to the sign-in page.
          if (path === '/sales-desk/sign-in') continue;
          expect([303, 401, 403], `${method} ${path}`).toContain(response.statusCode);
          if (response.statusCode === 303)
            expect(response.headers.location).toMatch(/^\/sales-desk\/(sign-in|quotes)/);
        } else expect(response.statusCode, `${method} ${path}`).toBe(401);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('answers a sales-desk form post whose fields are not text (JSON numbers, objects), or an unreachable middleware, with a page, never a failure', async () => {
    const refused = await app.inject({
      method: 'POST',
      url: '/sales-desk/sign-in',
      payload: { key: 12345 },
    });
    expect(refused.statusCode).toBe(401);
    const signedIn = await app.inject({
      method: 'POST',
      url: '/sales-desk/sign-in',
      payload: `key=${DEMO_API_KEY}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signedIn.statusCode).toBe(303);
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0] as string;
    for (const payload of [{ note: { x: 1 } }, ['note'], { 'price-1': 7 }]) {
      const answer = await app.inject({
        method: 'POST',
        url: '/sales-desk/quotes/Q1/decline',
        headers: { cookie },
        payload,
      });
      // No middleware runs in this suite: the page says it cannot be reached (502), it does not fail (500).
      expect(answer.statusCode, JSON.stringify(payload)).toBe(502);
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('serves the tax groups and their VAT rates to a caller with the key', async () => {
    const response = await app.inject({ url: '/erp/tax-groups', headers: { 'x-api-key': DEMO_API_KEY } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(TAX_GROUPS.map((group) => ({ ...group })));
  });
});
