/**
 * Shop addresses and the ERP, both ways, over real HTTP between the platform, the middleware and the
 * back office: an address a buyer adds in the shop gets its ERP id through the platform's post-hook;
 * an order to an address the ERP does not know yet waits (AwaitingAddress) and reaches the ERP by
 * itself once the address has its id; the ERP closing an address reaches the shop's address.
 */
import { DEMO_LOGINS } from '@actuate/catalog-data';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, expectOk, loginAs } from '../../../../apps/platform/src/testing/harness.ts';
import {
  adminKey,
  backoffice,
  connectCheckout,
  placeOrder,
  platformAdmin,
  platformOrder,
  waitFor,
} from '../support/checkout.ts';
import { HASH_KEY, startWorld, type World } from '../support/harness.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 240_000 });

type Body = Record<string, unknown>;
let world: World;
let anna: string;

const homeAddress = (id: string, street1: string): Body => ({
  ID: id,
  AddressName: 'Home office',
  FirstName: 'Anna',
  LastName: 'Jensen',
  Street1: street1,
  City: 'Aarhus',
  Zip: '8000',
  State: 'Midtjylland',
  Country: 'DK',
  Shipping: true,
  Billing: false,
});

async function hookAddresses(withWebhook: boolean): Promise<void> {
  if (!withWebhook) return;
  await expectOk(
    await platformAdmin(world)('POST', '/v1/webhooks', {
      ID: 'addresschanged',
      Name: 'Shop address changed',
      Url: `${world.middlewareUrl}/webhooks/address-changed`,
      HashKey: HASH_KEY,
      BeforeProcessRequest: false,
      ApiClientIDs: ['actuate-storefront'],
      WebhookRoutes: [
        { Route: 'v1/me/addresses', Verb: 'POST' },
        { Route: 'v1/me/addresses/{addressID}', Verb: 'PATCH' },
      ],
    }),
    201,
  );
}

const addressXp = async (id: string): Promise<Body> =>
  ((await expectOk<Body>(await platformAdmin(world)('GET', `/v1/buyers/acme-dk/addresses/${id}`))).xp ??
    {}) as Body;

beforeAll(async () => {
  world = await startWorld(['acme-dk'], { backoffice: true });
  await connectCheckout(world, [{ id: 'acme-dk', currency: 'DKK' }], ['B10001']);
  anna = await loginAs(world.platform.app, DEMO_LOGINS.shopper);
});
afterAll(() => world?.close());

describe('shop addresses and the ERP', () => {
  it('an order to an address the ERP does not know waits, and reaches the ERP once the address has its id', async () => {
    // The address exists in the shop before the webhook does: the ERP has never heard of it.
    const address = homeAddress('anna-cabin', 'Skovvej 12');
    await expectOk(await call(world.platform.app, anna, 'POST', '/v1/me/addresses', address), 201);
    const order = await placeOrder(world, anna, [{ product: 'B10001', quantity: 1 }], address);
    expect(order.submit.statusCode, order.submit.body).toBe(200);

    // Waiting, not failed: an explicit state, no MissingDeliveryAddress for customer service.
    const waiting = await waitFor(async () => {
      const row = (
        await world.middleware.inject({ url: `/erp/orders/${order.id}`, headers: adminKey })
      ).json() as Body;
      return row.State === 'AwaitingAddress' || row.State === 'Submitted' ? row : undefined;
    });
    // The address job runs at once; either we saw the wait, or it had already resumed the order.
    if (waiting.State === 'AwaitingAddress') {
      expect(waiting).toMatchObject({ ErpSubmissionIssue: 'None' });
    }
    const submitted = await waitFor(async () => {
      const row = (
        await world.middleware.inject({ url: `/erp/orders/${order.id}`, headers: adminKey })
      ).json() as Body;
      return row.State === 'Submitted' && row.PlatformSync === 'Synced' ? row : undefined;
    }, 60_000);
    expect(submitted).toMatchObject({ Outcome: 'Accepted', ErpSubmissionIssue: 'None' });
    const xp = await addressXp('anna-cabin');
    expect(xp.ErpId).toMatch(/^ADK-3\d{5}$/);
    expect((await platformOrder(world, order.id)).xp).toMatchObject({
      ErpSubmissionIssue: 'None',
      WebShopStatus: 'Received',
      ErpSubmissionState: null,
    });
    const salesOrder = await backoffice(world)('GET', `/erp/web-shop-orders/${order.id}/sales-order`);
    expect(salesOrder.statusCode, salesOrder.body).toBe(200);
    expect(JSON.stringify(salesOrder.json())).toContain(String(xp.ErpId));
  });

  it('an address added in the shop gets its ERP id and reaches the CRM; the ERP closing it reaches the shop', async () => {
    await hookAddresses(true);
    const created = await call(
      world.platform.app,
      anna,
      'POST',
      '/v1/me/addresses',
      homeAddress('anna-studio', 'Havnegade 3'),
    );
    await expectOk(created, 201);
    const xp = await waitFor(async () => {
      const current = await addressXp('anna-studio');
      return typeof current.ErpId === 'string' ? current : undefined;
    });
    expect(xp).toMatchObject({ CountryCode2: 'DK', CountryCode3: 'DNK', ValidTo: null });
    const erpId = xp.ErpId as string;
    const bo = backoffice(world);
    const inErp = (await bo('GET', `/erp/delivery-addresses/${erpId}`)).json() as Body;
    expect(inErp).toMatchObject({ webShopAddressId: 'anna-studio', street1: 'Havnegade 3' });

    // An edit in the shop updates the same ERP address (idempotent by the shop's id).
    await expectOk(
      await call(world.platform.app, anna, 'PATCH', '/v1/me/addresses/anna-studio', {
        Street1: 'Havnegade 5',
      }),
    );
    await waitFor(async () => {
      const row = (await bo('GET', `/erp/delivery-addresses/${erpId}`)).json() as Body;
      return row.street1 === 'Havnegade 5' ? row : undefined;
    });
    expect((await addressXp('anna-studio')).ErpId).toBe(erpId);
    // The CRM account of the company keeps the shop's address too, with the ERP address it became.
    const crmAddress = await waitFor(async () => {
      const accounts = (
        await bo('GET', `/crm/accounts?erpCustomerId=${inErp.customerErpId as string}`)
      ).json() as { addresses: Body[] }[];
      const address = accounts[0]?.addresses.find((entry) => entry.webShopAddressId === 'anna-studio');
      return address?.street1 === 'Havnegade 5' ? address : undefined;
    });
    expect(crmAddress).toMatchObject({ erpAddressId: erpId, city: expect.any(String), countryCode2: 'DK' });

    // The buyer cannot write the ERP's fields herself.
    const forged = await call(world.platform.app, anna, 'PATCH', '/v1/me/addresses/anna-studio', {
      xp: { ValidTo: null, ErpId: 'ADK-399999' },
    });
    expect(forged.statusCode).toBe(403);

    // The ERP closes the address: the shop's address carries ValidTo.
    const validTo = '2026-01-31T00:00:00.000Z';
    const closed = await bo('PATCH', `/erp/delivery-addresses/${erpId}`, { validTo });
    expect(closed.statusCode, closed.body).toBe(200);
    const after = await waitFor(async () => {
      const current = await addressXp('anna-studio');
      return current.ValidTo ? current : undefined;
    });
    expect(new Date(after.ValidTo as string).toISOString()).toBe(validTo);
  });

  it('a profile change in the shop reaches the CRM contact', async () => {
    await expectOk(
      await platformAdmin(world)('POST', '/v1/webhooks', {
        ID: 'profilechanged',
        Name: 'Profile changed',
        Url: `${world.middlewareUrl}/webhooks/profile-changed`,
        HashKey: HASH_KEY,
        BeforeProcessRequest: false,
        ApiClientIDs: ['actuate-storefront'],
        WebhookRoutes: [{ Route: 'v1/me', Verb: 'PATCH' }],
      }),
      201,
    );
    const me = await expectOk<Body>(await call(world.platform.app, anna, 'GET', '/v1/me'));
    const crmId = (me.xp as Body).CrmId as string;
    expect(crmId).toBeTruthy();
    await expectOk(
      await call(world.platform.app, anna, 'PATCH', '/v1/me', {
        Phone: '+45 70 10 20 30',
        xp: { PreferredLanguage: 'da' },
      }),
    );
    const contact = await waitFor(async () => {
      const row = (await backoffice(world)('GET', `/crm/contacts/${crmId}`)).json() as Body;
      return row.phone === '+45 70 10 20 30' ? row : undefined;
    });
    expect(contact).toMatchObject({ language: 'da', firstName: me.FirstName, lastName: me.LastName });
    const bad = await backoffice(world)('PATCH', `/crm/contacts/${crmId}`, { language: 'xx' });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses a webhook without a valid signature and bad ERP validity input', async () => {
    const unsigned = await world.middleware.inject({
      method: 'POST',
      url: '/webhooks/address-changed',
      payload: { Route: 'v1/me/addresses', RouteParams: {}, Verb: 'POST' },
    });
    expect(unsigned.statusCode).toBe(401);
    const bad = await backoffice(world)('PATCH', '/erp/delivery-addresses/ADK-300001', { validTo: 'soon' });
    expect(bad.statusCode).toBe(400);
  });
});
