import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase } from '@actuate/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiHeaders, STARTUP_TIMEOUT_MS, startBackoffice } from './testing/index.ts';

let database: DatabaseHandle;
let app: ServiceApp;
beforeAll(async () => {
  database = await createTestDatabase();
  app = await startBackoffice(database);
  await app.ready();
}, STARTUP_TIMEOUT_MS);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

type Answer = Awaited<ReturnType<ServiceApp['inject']>>;
function expectRefused(response: Answer): void {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.headers['content-type']).toContain('application/problem+json');
  expect(response.json().type).toBe('urn:actuate:problem:validation');
}

/** Input no database can store is a 400 problem, never a 500, on every route. */
describe('back office: NUL bytes and unpaired surrogates', () => {
  it.each([
    '/erp/items/%00',
    '/erp/customers/a%00',
    '/erp/customers?vatNumber=%00',
    '/erp/contacts/%00',
    '/erp/sales-orders/%00',
    '/erp/web-shop-orders/%00/sales-order',
    '/crm/accounts/%00',
    '/crm/accounts?vatNumber=DK%00',
    '/crm/contacts/%00',
    '/crm/registrations/%00',
    '/callbacks/%00',
    '/jobs/failed?queue=%00',
  ])('refuses GET %s with a 400', async (url) => {
    expectRefused(await app.inject({ url, headers: apiHeaders }));
  });

  it('refuses a body string with an unpaired surrogate or a NUL, and registers nothing', async () => {
    for (const companyName of ['Surrogate \ud800 ApS', 'Nul \u0000 ApS']) {
      const response = await app.inject({
        method: 'POST',
        url: '/crm/registrations',
        headers: apiHeaders,
        payload: {
          company: { name: companyName, vatNumber: 'DK99999999', countryCode2: 'DK' },
          contact: { firstName: 'A', lastName: 'B', email: 'nobody@bad-input.example' },
        },
      });
      expectRefused(response);
    }
    const accounts = await app.inject({ url: '/crm/accounts?vatNumber=DK99999999', headers: apiHeaders });
    expect(accounts.json()).toEqual([]);
  });
});
