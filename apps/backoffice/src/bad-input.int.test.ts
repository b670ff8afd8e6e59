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

/** The shop-address upsert and an address's validity: bad input is a documented 4xx and changes nothing. */
describe('back office: delivery addresses', () => {
  const send = (method: 'PUT' | 'PATCH' | 'GET', url: string, payload?: unknown, raw?: string) =>
    app.inject({
      method,
      url,
      headers: {
        ...apiHeaders,
        ...(payload !== undefined || raw ? { 'content-type': 'application/json' } : {}),
      },
      ...(raw !== undefined
        ? { payload: raw }
        : payload !== undefined
          ? { payload: JSON.stringify(payload) }
          : {}),
    });
  const address = {
    companyName: 'Bad Input A/S',
    street1: 'Vejen 1',
    city: 'Aarhus',
    zip: '8000',
    state: 'Midtjylland',
    countryCode2: 'DK',
  };
  async function someCustomer() {
    const [customer] = (await send('GET', '/erp/customers?salesCompanyId=ADK')).json();
    const detail = (await send('GET', `/erp/customers/${customer.erpId}`)).json();
    return { erpId: customer.erpId as string, addresses: detail.deliveryAddresses as { erpId: string }[] };
  }
  const expectProblem = (response: Answer, status: number, type?: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toContain('application/problem+json');
    if (type) expect(response.json().type).toBe(`urn:actuate:problem:${type}`);
  };

  it('refuses malformed shop addresses, unknown customers and bad ids with 4xx, creating nothing', async () => {
    const customer = await someCustomer();
    const url = `/erp/customers/${customer.erpId}/shop-addresses/bad-input-address`;
    for (const payload of [
      [],
      null,
      'text',
      {},
      { ...address, street1: '' },
      { ...address, street1: 42 },
      { ...address, zip: ['8000'] },
      { ...address, countryCode2: 'Denmark' },
      { ...address, countryCode2: 7 },
      { ...address, countryCode3: 'DK' },
      { ...address, city: null },
    ]) {
      expectProblem(await send('PUT', url, payload), 400, 'validation');
    }
    expectProblem(await send('PUT', url, undefined, '{"street1": "Vejen 1",'), 400);
    expectProblem(await send('PUT', '/erp/customers/acme/shop-addresses/a-1', address), 400, 'validation');
    expectProblem(
      await send('PUT', `/erp/customers/${customer.erpId}/shop-addresses/${'x'.repeat(101)}`, address),
      414,
      'bad-request',
    );
    expectProblem(
      await send('PUT', `/erp/customers/${customer.erpId}/shop-addresses/bad%20id!`, address),
      400,
      'validation',
    );
    expectProblem(
      await send('PUT', '/erp/customers/ADK-999999/shop-addresses/bad-input-address', address),
      404,
      'customer-not-found',
    );
    const after = await someCustomer();
    expect(after.addresses).toEqual(customer.addresses);
  });

  it('reads and closes an address only with a valid id and body; refused input leaves it as it was', async () => {
    const customer = await someCustomer();
    const erpId = customer.addresses[0]?.erpId as string;
    const before = await send('GET', `/erp/delivery-addresses/${erpId}`);
    expect(before.statusCode).toBe(200);
    expectProblem(await send('GET', '/erp/delivery-addresses/nonsense'), 400, 'validation');
    expectProblem(await send('GET', '/erp/delivery-addresses/ADK-999999'), 404, 'address-not-found');
    const url = `/erp/delivery-addresses/${erpId}`;
    for (const payload of [
      {},
      [],
      null,
      { validTo: 'tomorrow' },
      { validTo: 1767225600000 },
      { validTo: '2027-01-01' },
      { validTo: '2027-13-01T00:00:00Z' },
      { validTo: true },
    ]) {
      expectProblem(await send('PATCH', url, payload), 400, 'validation');
    }
    expectProblem(await send('PATCH', url, undefined, '{"validTo":'), 400);
    expectProblem(
      await send('PATCH', '/erp/delivery-addresses/ADK-999999', { validTo: null }),
      404,
      'address-not-found',
    );
    expectProblem(await send('PATCH', '/erp/delivery-addresses/x', { validTo: null }), 400, 'validation');
    expect((await send('GET', url)).json()).toEqual(before.json());
  });
});
