/**
 * Registration and company sync across the real platform, middleware and back office (CRM/ERP):
 * a new company registers (pending user on the platform, CRM intake), the ERP completes it and the
 * callback makes the user complete; a colleague of an existing company is matched by VAT number; the
 * ERP's credit hold and currency reach the platform buyer (the currency with its price schedules).
 */
import { CURRENT_PRIVACY_VERSION, CURRENT_TERMS_VERSION } from '@actuate/catalog-data';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiHeaders } from '../../../../apps/backoffice/src/testing/index.ts';
import { DEMO_SECRETS } from '../../../../apps/middleware/src/config.ts';
import { salesItem } from '../../../../apps/platform/src/testing/catalog-fixtures.ts';
import { call, expectOk, loginAs } from '../../../../apps/platform/src/testing/harness.ts';
import { storefrontKey, waitFor } from '../support/checkout.ts';
import { startWorld, type World } from '../support/harness.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

type Body = Record<string, unknown>;
let world: World;
const admin = { 'x-api-key': DEMO_SECRETS.MIDDLEWARE_ADMIN_KEY };

beforeAll(async () => {
  // The ERP completes registrations only when told (the trigger endpoint), so "pending" can be seen.
  world = await startWorld(['acme-dk'], {
    backoffice: true,
    backofficeEnv: { CRM_REGISTRATION_DELAY_SECONDS: '3600' },
    env: { REGISTRATIONS_PER_MINUTE: '20' },
  });
  await sellAsTheDemoWorld(['B10001', 'B10002']);
});

/**
 * The demo world's pricing on a small scale: catalog `actuate`, each item with a `<SKU>-EUR` default
 * schedule and a `<SKU>-DKK` one that Danish buyers are assigned per product.
 */
async function sellAsTheDemoWorld(numbers: string[]) {
  const admin = (method: 'POST', url: string, body: unknown) =>
    call(world.platform.app, world.platform.adminToken, method, url, body);
  await expectOk(await admin('POST', '/v1/catalogs', { ID: 'actuate', Name: 'Actuate' }), 201);
  for (const [index, number] of numbers.entries()) {
    for (const [currency, price] of [
      ['EUR', 100 + index],
      ['DKK', 750 + index],
    ] as const) {
      await expectOk(
        await admin('POST', '/v1/priceschedules', {
          ID: `${number}-${currency}`,
          Name: `${number} ${currency}`,
          Currency: currency,
          PriceBreaks: [{ Quantity: 1, Price: price }],
        }),
        201,
      );
    }
    const product = salesItem(number, `Actuator ${number}`, { voltage: '24' });
    await expectOk(
      await admin('POST', '/v1/products', {
        ...product,
        DefaultPriceScheduleID: `${number}-EUR`,
        xp: { ...product.xp, SalesItemNumber: number },
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/catalogs/productassignments', { CatalogID: 'actuate', ProductID: number }),
      204,
    );
  }
}
afterAll(() => world?.close());

let address = 0;
const register = (body: Body, remoteAddress = `10.0.0.${++address}`) =>
  world.middleware.inject({
    method: 'POST',
    url: '/registrations',
    payload: body,
    remoteAddress,
    headers: storefrontKey,
  });

const form = (overrides: Body = {}): Body => ({
  companyName: 'Nordhavn Robotics ApS',
  vatNumber: 'DK 43 12 87 90',
  country: 'DK',
  firstName: 'Eva',
  lastName: 'Holm',
  email: 'eva@nordhavn.example',
  phone: '+45 31 12 87 90',
  password: 'a-long-password',
  locale: 'da',
  termsVersionApproved: CURRENT_TERMS_VERSION,
  privacyVersionApproved: CURRENT_PRIVACY_VERSION,
  ...overrides,
});

const platformGet = async (url: string) =>
  expectOk<Body>(await call(world.platform.app, world.platform.adminToken, 'GET', url));

const backoffice = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => {
  const app = world.backoffice?.app;
  if (!app) throw new Error('no back office');
  return app.inject({ method, url, headers: apiHeaders, ...(payload ? { payload } : {}) });
};

const registration = async (id: string) =>
  (await world.middleware.inject({ url: `/registrations/${id}`, headers: storefrontKey })).json() as Body;

describe('registration', () => {
  it('creates a pending user in a new company, and completes it when the ERP has customer and contact', async () => {
    const response = await register(form());
    expect(response.statusCode, response.body).toBe(202);
    const created = response.json() as Body;
    expect(created).toMatchObject({
      Status: 'Pending',
      Email: 'eva@nordhavn.example',
      VatNumber: 'DK43128790',
      CompanyMatched: false,
      CustomerErpId: null,
    });
    const buyerId = created.BuyerID as string;
    const userId = created.UserID as string;

    // The user exists at once, pending, and can sign in (profile only).
    const user = await platformGet(`/v1/buyers/${buyerId}/users/${userId}`);
    expect(user.xp).toMatchObject({ Kind: 'Pending', CompanyName: 'Nordhavn Robotics ApS', Country: 'DK' });
    const token = await loginAs(world.platform.app, 'eva@nordhavn.example', 'a-long-password');
    const mine = await world.middleware.inject({
      url: '/registrations/me',
      headers: { ...storefrontKey, authorization: `Bearer ${token}` },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ ID: created.ID, Status: 'Pending' });

    // The job registers company and contact in the CRM (pending in the ERP).
    const intake = await waitFor(async () => {
      const current = await registration(created.ID as string);
      return current.CrmAccountId ? current : undefined;
    });
    const search = await backoffice('GET', '/crm/accounts?vatNumber=DK43128790');
    const [account] = search.json() as Body[];
    expect(account).toMatchObject({ crmId: intake.CrmAccountId, webShopCompanyId: buyerId });

    // Still pending: the ERP has not created customer and contact yet.
    const pending = await backoffice('GET', `/crm/accounts/${intake.CrmAccountId}`);
    expect(pending.json()).toMatchObject({ erpCustomerId: null });
    expect(intake.Status).toBe('Pending');

    // The ERP completes it: the callback makes the user complete and writes the company extension.
    const boId = await backofficeRegistrationId(created.ID as string);
    const completed = await backoffice('POST', `/crm/registrations/${boId}/complete`);
    expect(completed.statusCode, completed.body).toBe(200);

    const done = await waitFor(async () => {
      const current = await registration(created.ID as string);
      return current.Status === 'Complete' ? current : undefined;
    });
    expect(done.CustomerErpId).toMatch(/^ADK-\d{6}$/);
    expect(done.ContactErpId).toMatch(/^ADK-\d{6}$/);
    expect(done.SalesCompanyId).toBe('ADK');

    const buyer = await platformGet(`/v1/buyers/${buyerId}`);
    expect(buyer.xp).toMatchObject({
      CrmId: intake.CrmAccountId,
      ErpId: done.CustomerErpId,
      SalesCompanyId: 'ADK',
      CreditHold: false,
      Currency: 'DKK',
      CountryCode2: 'DK',
      CountryCode3: 'DNK',
      TaxGroup: 'DK-DOM',
      VatNumber: 'DK43128790',
    });
    expect((buyer.xp as Body).Locale).toEqual(expect.any(String));
    expect((buyer.xp as Body).InvoiceEmail).toEqual(expect.any(String));
    const after = await platformGet(`/v1/buyers/${buyerId}/users/${userId}`);
    expect(after.xp).toMatchObject({
      Kind: 'Complete',
      CrmId: intake.CrmContactId,
      ErpId: done.ContactErpId,
      SalesCompanyId: 'ADK',
      TermsVersionApproved: CURRENT_TERMS_VERSION,
      PrivacyVersionApproved: CURRENT_PRIVACY_VERSION,
    });
    // The buyer base profile: a new login may shop.
    const shopper = await loginAs(world.platform.app, 'eva@nordhavn.example', 'a-long-password');
    const me = await expectOk<Body>(await call(world.platform.app, shopper, 'GET', '/v1/me'));
    expect(me.AvailableRoles).toEqual(expect.arrayContaining(['Shopper', 'MeAdmin']));
    const order = await expectOk<Body>(
      await call(world.platform.app, shopper, 'POST', '/v1/orders/Outgoing', {}),
      201,
    );
    expect(order.Currency).toBe('DKK');

    // …in DKK: the company gets the DKK price schedules, as the demo world's Danish buyers have,
    // by a job that runs after the registration is complete.
    const schedule = await platformGet('/v1/priceschedules/B10001-DKK');
    await waitFor(async () => {
      const assigned = await platformGet(
        `/v1/products/assignments?buyerID=${buyerId}&priceScheduleID=B10001-DKK`,
      );
      return (assigned.Items as unknown[]).length > 0 ? true : undefined;
    });
    const line = await call(
      world.platform.app,
      shopper,
      'POST',
      `/v1/orders/Outgoing/${order.ID}/lineitems`,
      {
        ProductID: 'B10001',
        Quantity: 1,
      },
    );
    expect(line.statusCode, line.body).toBe(201);
    const firstBreak = (schedule.PriceBreaks as { Quantity: number; Price: number }[])[0];
    expect(firstBreak?.Price).toBe(750);
    expect(line.json()).toMatchObject({ ProductID: 'B10001', UnitPrice: 750 });
    const assignments = await platformGet(
      `/v1/products/assignments?buyerID=${buyerId}&priceScheduleID=B10001-DKK`,
    );
    expect(assignments.Items).toHaveLength(1);
  });

  it('makes a colleague of the company with the same VAT number a join request the CRM operator can approve', async () => {
    const acme = await platformGet('/v1/buyers/acme-dk');
    const response = await register(
      form({
        companyName: 'ACME Industri',
        vatNumber: (acme.xp as Body).VatNumber,
        email: 'new.colleague@acme-dk.example',
        firstName: 'Ny',
        lastName: 'Kollega',
      }),
    );
    expect(response.statusCode, response.body).toBe(202);
    const created = response.json() as Body;
    expect(created).toMatchObject({ BuyerID: 'acme-dk', CompanyMatched: true, Status: 'AwaitingApproval' });
    const boId = await backofficeRegistrationId(created.ID as string);
    expect((await backoffice('POST', `/crm/registrations/${boId}/complete`)).statusCode).toBe(409);
    expect((await backoffice('POST', `/crm/registrations/${boId}/approve`)).statusCode).toBe(200);
    const done = await waitFor(async () => {
      const current = await registration(created.ID as string);
      return current.Status === 'Complete' ? current : undefined;
    });
    expect(done.CustomerErpId).toBe((acme.xp as Body).ErpId);
    const user = await platformGet(`/v1/buyers/acme-dk/users/${created.UserID}`);
    expect(user).toMatchObject({ Active: true, xp: { Kind: 'Complete', ErpId: done.ContactErpId } });
    expect(done).toMatchObject({ Status: 'Complete' });
  });

  it('makes one buyer of two registrations of the same new company arriving together', async () => {
    const company = { companyName: 'Vestkyst Automation ApS', vatNumber: 'DK 39 51 22 74' };
    const [first, second] = await Promise.all([
      register(form({ ...company, email: 'ole@vestkyst.example', firstName: 'Ole' })),
      register(form({ ...company, email: 'mia@vestkyst.example', firstName: 'Mia' })),
    ]);
    expect(first?.statusCode, first?.body).toBe(202);
    expect(second?.statusCode, second?.body).toBe(202);
    const [a, b] = [first?.json() as Body, second?.json() as Body];
    expect(a.BuyerID).toBe(b.BuyerID);
    // One of them created the company, the other asks to join it.
    expect([a.CompanyMatched, b.CompanyMatched].sort()).toEqual([false, true]);
    expect([a.Status, b.Status].sort()).toEqual(['AwaitingApproval', 'Pending']);
    const buyerId = a.BuyerID as string;
    const users = await platformGet(`/v1/buyers/${buyerId}/users`);
    expect((users.Items as Body[]).map((user) => user.Username).sort()).toEqual([
      'mia@vestkyst.example',
      'ole@vestkyst.example',
    ]);

    // Both complete into that one company (one CRM account, one ERP customer), the second approved.
    for (const created of [a, b]) {
      const boId = await backofficeRegistrationId(created.ID as string);
      const step = created.Status === 'AwaitingApproval' ? 'approve' : 'complete';
      expect((await backoffice('POST', `/crm/registrations/${boId}/${step}`)).statusCode).toBe(200);
    }
    const [doneA, doneB] = await Promise.all(
      [a, b].map((created) =>
        waitFor(async () => {
          const current = await registration(created.ID as string);
          return current.Status === 'Complete' ? current : undefined;
        }),
      ),
    );
    expect(doneA?.CustomerErpId).toBe(doneB?.CustomerErpId);
    const buyers = await platformGet('/v1/buyers?xp.VatNumber=DK39512274');
    expect((buyers.Items as Body[]).map((buyer) => buyer.ID)).toEqual([buyerId]);
  });

  it('refuses bad input with problem details and changes nothing', async () => {
    const unknownField = await register({ ...form({ email: 'x1@example.com' }), admin: true });
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.headers['content-type']).toMatch(/problem\+json/);
    const badEmail = await register(form({ email: 'not-an-email' }));
    expect(badEmail.statusCode).toBe(400);
    const shortPassword = await register(form({ email: 'x2@example.com', password: 'short' }));
    expect(shortPassword.statusCode).toBe(400);
    const oldTerms = await register(
      form({ email: 'x3@example.com', vatNumber: 'DK11111111', termsVersionApproved: 1 }),
    );
    expect(oldTerms.statusCode).toBe(422);
    // The problem's extension members survive the response schema.
    expect(oldTerms.json()).toMatchObject({
      type: expect.stringContaining('terms-not-current'),
      field: 'termsVersionApproved',
      current: CURRENT_TERMS_VERSION,
    });
    const notServed = await register(form({ email: 'x4@example.com', country: 'US', vatNumber: 'US123456' }));
    expect(notServed.statusCode).toBe(422);
    const mismatch = await register(form({ email: 'x5@example.com', vatNumber: 'DE814736592' }));
    expect(mismatch.statusCode).toBe(422);
    // Anna has an account already.
    const taken = await register(
      form({ email: 'anna@acme-dk.example', vatNumber: 'DK22222222', companyName: 'Other ApS' }),
    );
    expect(taken.statusCode, taken.body).toBe(409);
    expect(taken.json()).toMatchObject({ type: expect.stringContaining('email-taken') });
    // …and no company was left behind for the refused one.
    const leftovers = await platformGet('/v1/buyers?xp.VatNumber=DK22222222');
    expect(leftovers.Items).toEqual([]);
    const again = await register(form());
    expect(again.statusCode).toBe(409);
    const unknown = await world.middleware.inject({
      url: '/registrations/00000000-0000-4000-8000-000000000000',
      headers: storefrontKey,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('limits registrations per address', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 22; index++) {
      const response = await register({ nonsense: true }, '10.9.9.9');
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
    expect(statuses.filter((status) => status === 400)).toHaveLength(20);
  });
});

describe('company sync', () => {
  it('copies the ERP’s credit hold onto the platform buyer (customer.updated callback)', async () => {
    const acme = await platformGet('/v1/buyers/acme-dk');
    const erpId = (acme.xp as Body).ErpId as string;
    expect((acme.xp as Body).CreditHold).toBe(false);
    const held = await backoffice('PATCH', `/erp/customers/${erpId}`, { creditHold: true });
    expect(held.statusCode, held.body).toBe(200);
    await waitFor(async () => {
      const buyer = await platformGet('/v1/buyers/acme-dk');
      return (buyer.xp as Body).CreditHold === true ? buyer : undefined;
    });
    // The job records the sync right after writing the platform.
    const sync = await waitFor(async () => {
      const response = await world.middleware.inject({ url: `/companies/sync/${erpId}`, headers: admin });
      return response.statusCode === 200 ? (response.json() as Body) : undefined;
    });
    expect(sync).toMatchObject({ State: 'Synced', BuyerIDs: ['acme-dk'] });

    await backoffice('PATCH', `/erp/customers/${erpId}`, {
      creditHold: false,
      invoiceEmail: 'ap@acme-dk.example',
      currency: 'EUR',
    });
    const released = await waitFor(async () => {
      const buyer = await platformGet('/v1/buyers/acme-dk');
      return (buyer.xp as Body).CreditHold === false ? buyer : undefined;
    });
    expect(released.xp).toMatchObject({ InvoiceEmail: 'ap@acme-dk.example', ErpId: erpId, Currency: 'EUR' });
    // A change of currency moves the company's prices to schedules in the new currency, and back.
    const schedulesOf = async () =>
      Object.fromEntries(
        ((await platformGet('/v1/products/assignments?buyerID=acme-dk&pageSize=100')).Items as Body[])
          .filter((assignment) => !assignment.UserGroupID)
          .map((assignment) => [assignment.ProductID, assignment.PriceScheduleID]),
      );
    const inCurrency = (currency: string) => ({ B10001: `B10001-${currency}`, B10002: `B10002-${currency}` });
    await backoffice('PATCH', `/erp/customers/${erpId}`, { currency: 'DKK' });
    await waitFor(async () => {
      const schedules = await schedulesOf();
      return schedules.B10002 === 'B10002-DKK' ? schedules : undefined;
    });
    expect(await schedulesOf()).toMatchObject(inCurrency('DKK'));
    expect((await platformGet('/v1/buyers/acme-dk')).xp).toMatchObject({ Currency: 'DKK' });
    await backoffice('PATCH', `/erp/customers/${erpId}`, { currency: 'EUR' });
    await waitFor(async () => {
      const schedules = await schedulesOf();
      return schedules.B10002 === 'B10002-EUR' ? schedules : undefined;
    });
    expect(await schedulesOf()).toMatchObject(inCurrency('EUR'));

    // The operator can pull it at any time; without the key nothing happens.
    const manual = await world.middleware.inject({
      method: 'POST',
      url: '/companies/acme-dk/sync',
      headers: admin,
    });
    expect(manual.statusCode, manual.body).toBe(200);
    const refused = await world.middleware.inject({ method: 'POST', url: '/companies/acme-dk/sync' });
    expect(refused.statusCode).toBe(401);
  });
});

/** The back office registration behind ours (stored by the intake job). */
function backofficeRegistrationId(id: string): Promise<string> {
  return waitFor(async () => {
    const body = await registration(id);
    return typeof body.BackofficeRegistrationID === 'string' ? body.BackofficeRegistrationID : undefined;
  });
}
