import type { AddressInfo } from 'node:net';
import {
  CATALOG_ID,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  DEMO_PROMOTION_CODES,
  type DemoWorld,
  generateDemoWorld,
  priceScheduleFor,
} from '@actuate/catalog-data';
import { BuyerCompanyXp, CompleteUserXp, ProductXp } from '@actuate/contracts';
import {
  Auth,
  Configuration,
  IntegrationEvents,
  LineItems,
  Me,
  type OrderCloudError,
  Orders,
} from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { readConfig } from '../../config.ts';
import { FAKE_MIDDLEWARE_HASH_KEY, fakeMiddleware } from '../../testing/fake-middleware.ts';
import { call, expectOk, MIDDLEWARE_SECRET, type Platform, startPlatform } from '../../testing/harness.ts';
import { ANONYMOUS_CLIENT_ID, ANONYMOUS_USER_ID, STOREFRONT_CLIENT_ID } from '../auth/bootstrap.ts';
import { CHECKOUT_EVENT_ID, PRE_SUBMIT_WEBHOOK_ID } from './checkout-wiring.ts';

/** A scaled-down world (the scenario items and every company are the same at any size). */
const SALES_ITEMS = 300;

type Body = Record<string, unknown>;
interface FacetCount {
  Name: string;
  XpPath: string;
  Values: { Value: string; Count: number }[];
}

const rolesOf = (token: string): string[] => {
  const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as {
    role: string | string[];
  };
  return Array.isArray(payload.role) ? payload.role : [payload.role];
};

describe('demo world seeded into the platform', () => {
  let platform: Platform;
  let world: DemoWorld;
  let middlewareUrl: string;
  const middleware = fakeMiddleware();
  const tokens = new Map<string, string>();
  const login = async (username: string) => {
    let token = tokens.get(username);
    if (!token) {
      token = (await Auth.Login(username, DEMO_PASSWORD, STOREFRONT_CLIENT_ID, [])).access_token;
      tokens.set(username, token);
    }
    return token;
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => middleware.server.listen(0, '127.0.0.1', resolve));
    middlewareUrl = `http://127.0.0.1:${(middleware.server.address() as AddressInfo).port}`;
    world = generateDemoWorld({ salesItems: SALES_ITEMS });
    platform = await startPlatform({
      SEED_DEMO_DATA: 'true',
      DEMO_SALES_ITEMS: String(SALES_ITEMS),
      MIDDLEWARE_URL: middlewareUrl,
      CHECKOUT_INTEGRATION_HASH_KEY: FAKE_MIDDLEWARE_HASH_KEY,
    });
    await platform.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = platform.app.server.address() as AddressInfo;
    Configuration.Set({ baseApiUrl: `http://127.0.0.1:${port}`, clientID: STOREFRONT_CLIENT_ID });
  });
  afterAll(async () => {
    await platform?.close();
    await new Promise((resolve) => middleware.server.close(resolve));
  });

  const admin = (method: 'GET' | 'PUT' | 'PATCH', url: string, body?: unknown) =>
    call(platform.app, platform.adminToken, method, url, body);

  it('lets every demo user sign in with the demo password', async () => {
    for (const user of world.users) {
      const token = await login(user.username);
      const me = await Me.Get({ accessToken: token });
      expect(me).toMatchObject({ ID: user.id, Username: user.username, CompanyID: user.companyId });
    }
  });

  it('stores the BuyerCompany extension the middleware reads, credit hold included', async () => {
    for (const company of world.companies) {
      const buyer = await expectOk<{ xp: Body; DefaultCatalogID: string }>(
        await admin('GET', `/v1/buyers/${company.id}`),
      );
      expect(buyer.DefaultCatalogID).toBe(CATALOG_ID);
      if (company.registrationStatus === 'complete') {
        expect(BuyerCompanyXp.parse(buyer.xp)).toMatchObject({
          ErpId: company.erpId,
          SalesCompanyId: company.salesCompanyId,
          CreditHold: company.creditHold,
          Currency: company.currency,
          TaxGroup: company.taxGroup,
        });
      } else {
        // A pending registration has no CRM/ERP ids: the middleware treats it as not set up.
        expect(BuyerCompanyXp.safeParse(buyer.xp).success).toBe(false);
      }
    }
    const hold = await expectOk<{ xp: Body }>(await admin('GET', '/v1/buyers/hold-dk'));
    expect(hold.xp.CreditHold).toBe(true);
    const dan = await Me.Get({ accessToken: await login(DEMO_LOGINS.creditHoldShopper) });
    expect(dan.CompanyID).toBe('hold-dk');
  });

  it('gives complete users the Complete extension and the shopper roles', async () => {
    const anna = await login(DEMO_LOGINS.shopper);
    const me = await Me.Get({ accessToken: anna });
    expect(CompleteUserXp.parse(me.xp)).toMatchObject({ ErpId: 'ADK-200001', SalesCompanyId: 'ADK' });
    expect(me.Locale).toMatchObject({ Currency: 'DKK' });
    expect(rolesOf(anna)).toEqual(expect.arrayContaining(['Shopper', 'MeAddressAdmin', 'MeXpAdmin']));
    expect(rolesOf(anna)).not.toContain('BuyerAdmin');
  });

  it('makes bo a buyer admin and order approver', async () => {
    const bo = await login(DEMO_LOGINS.buyerAdminApprover);
    expect(rolesOf(bo)).toEqual(
      expect.arrayContaining([
        'Shopper',
        'BuyerAdmin',
        'BuyerUserAdmin',
        'ApprovalRuleAdmin',
        'OrderApprover',
      ]),
    );
    const groups = await Me.ListUserGroups({}, { accessToken: bo });
    // Both roles come from the company's user groups, which the storefront's users page changes.
    expect(groups.Items.map((group) => group.ID).sort()).toEqual(['buyer-admins', 'order-approvers']);
  });

  it("lets eva's pending registration sign in and keep her profile, but not order", async () => {
    const eva = await login(DEMO_LOGINS.pendingRegistrant);
    const me = await Me.Get({ accessToken: eva });
    expect(me.xp).toMatchObject({ Kind: 'Pending', CompanyName: 'Nordhavn Robotics ApS' });
    expect(rolesOf(eva)).not.toContain('Shopper');
    const refused = await Orders.Create('Outgoing', {}, { accessToken: eva }).catch(
      (error: OrderCloudError) => error,
    );
    expect((refused as OrderCloudError).status).toBe(403);
    expect((refused as OrderCloudError).errorCode).toBe('Auth.InsufficientRoles');
  });

  it('prices the catalogue in DKK for anna and in EUR for clara, with the quantity breaks', async () => {
    for (const [username, currency] of [
      [DEMO_LOGINS.shopper, 'DKK'],
      [DEMO_LOGINS.germanShopper, 'EUR'],
    ] as const) {
      const token = await login(username);
      const page = await Me.ListProducts(
        { pageSize: 100, filters: { 'xp.Kind': 'SalesItem' } },
        { accessToken: token },
      );
      expect(page.Items.length).toBe(100);
      for (const product of page.Items) expect(product.PriceSchedule?.Currency).toBe(currency);
      const item = await Me.GetProduct('B10001', {}, { accessToken: token });
      const expected = priceScheduleFor(world, 'B10001', currency);
      expect(item.PriceSchedule?.ID).toBe(`B10001-${currency}`);
      expect(item.PriceSchedule?.PriceBreaks?.map((priceBreak) => priceBreak.Quantity)).toEqual(
        expected?.priceBreaks.map((priceBreak) => priceBreak.quantity),
      );
      expect(item.PriceSchedule?.PriceBreaks?.[0]?.Price).toBe((expected?.priceBreaks[0]?.price ?? 0) / 100);
    }
  });

  it('shows every active sales item with its extension, and the facet counts of the world', async () => {
    const anna = await login(DEMO_LOGINS.shopper);
    const active = world.salesItems.filter((item) => item.productState !== 'Blocked');
    const all = await Me.ListProducts(
      { pageSize: 1, filters: { 'xp.Kind': 'SalesItem' } },
      { accessToken: anna },
    );
    expect(all.Meta?.TotalCount).toBe(active.length);
    const facets = (all.Meta as unknown as { Facets: FacetCount[] }).Facets;
    const voltage = facets.find((facet) => facet.XpPath === 'Facets.voltage');
    const expected = new Map<string, number>();
    for (const item of active) {
      const value = item.configuration.voltage;
      if (value) expected.set(value, (expected.get(value) ?? 0) + 1);
    }
    expect(new Map(voltage?.Values.map((value) => [value.Value, value.Count]))).toEqual(expected);

    const [value, count] = [...expected].sort((a, b) => b[1] - a[1])[0] as [string, number];
    const filtered = await Me.ListProducts(
      { pageSize: 5, filters: { 'xp.Kind': 'SalesItem', 'xp.Facets.voltage': value } },
      { accessToken: anna },
    );
    expect(filtered.Meta?.TotalCount).toBe(count);
    for (const product of filtered.Items) {
      expect(ProductXp.parse(product.xp)).toMatchObject({ Kind: 'SalesItem', Facets: { voltage: value } });
    }
    const stroke = facets.find((facet) => facet.XpPath === 'Facets.strokeLength.value');
    expect(stroke?.Values.length).toBeGreaterThan(1);
    const long = await Me.ListProducts(
      { pageSize: 1, filters: { 'xp.Kind': 'SalesItem', 'xp.Facets.strokeLength.value': '>=400' } },
      { accessToken: anna },
    );
    expect(long.Meta?.TotalCount).toBe(
      active.filter((item) => (item.configuration.strokeLength?.value ?? 0) >= 400).length,
    );
  });

  it("finds a family's commercial variants and sales items through its category", async () => {
    const anna = await login(DEMO_LOGINS.shopper);
    const family = world.families[0];
    if (!family) throw new Error('no family');
    const variants = await Me.ListProducts(
      { categoryID: family.id, filters: { 'xp.Kind': 'CommercialVariant' } },
      { accessToken: anna },
    );
    expect(variants.Items.map((product) => product.ID).sort()).toEqual(
      family.commercialVariants.map((variant) => variant.id).sort(),
    );
    for (const variant of variants.Items) {
      expect(ProductXp.parse(variant.xp)).toMatchObject({ Kind: 'CommercialVariant' });
      expect(variant.PriceSchedule).toBeNull();
    }
    const items = await Me.ListProducts(
      { categoryID: family.id, pageSize: 1, filters: { 'xp.Kind': 'SalesItem' } },
      { accessToken: anna },
    );
    const variant = family.commercialVariants[0]?.id as string;
    const ofVariant = await Me.ListProducts(
      { pageSize: 1, filters: { 'xp.Kind': 'SalesItem', 'xp.CommercialVariantID': variant } },
      { accessToken: anna },
    );
    expect(ofVariant.Meta?.TotalCount).toBe(
      world.salesItems.filter(
        (item) => item.commercialVariantId === variant && item.productState !== 'Blocked',
      ).length,
    );
    expect(items.Meta?.TotalCount).toBe(
      world.salesItems.filter((item) => item.familyId === family.id && item.productState !== 'Blocked')
        .length,
    );
  });

  it('offers the demo promotion codes: an order discount that does not combine, a line discount on HD25', async () => {
    const anna = await login(DEMO_LOGINS.shopper);
    const [hd25] = (
      await Me.ListProducts(
        { categoryID: 'HD25', pageSize: 1, filters: { 'xp.Kind': 'SalesItem', 'xp.ProductState': 'Active' } },
        { accessToken: anna },
      )
    ).Items;
    const [other] = (
      await Me.ListProducts(
        {
          pageSize: 1,
          filters: { 'xp.Kind': 'SalesItem', 'xp.ProductState': 'Active', 'xp.FamilyID': '!HD25' },
        },
        { accessToken: anna },
      )
    ).Items;
    if (!hd25?.ID || !other?.ID) throw new Error('no HD25 or other active sales item in the demo world');
    const order = await Orders.Create('Outgoing', {}, { accessToken: anna });
    const id = order.ID as string;
    const hd25Line = await LineItems.Create(
      'Outgoing',
      id,
      { ProductID: hd25.ID, Quantity: 4 },
      { accessToken: anna },
    );
    await LineItems.Create('Outgoing', id, { ProductID: other.ID, Quantity: 4 }, { accessToken: anna });

    const line = await Orders.AddPromotion('Outgoing', id, DEMO_PROMOTION_CODES.heavyDuty, {
      accessToken: anna,
    });
    expect(line).toMatchObject({
      LineItemID: hd25Line.ID,
      Amount: Math.round((hd25Line.LineSubtotal ?? 0) * 5) / 100,
    });
    // WELCOME10 does not combine with another promotion; alone it takes 10 % of the subtotal.
    const refused = await Orders.AddPromotion('Outgoing', id, DEMO_PROMOTION_CODES.welcome, {
      accessToken: anna,
    }).catch((error: OrderCloudError) => error);
    expect((refused as OrderCloudError).errorCode).toMatch(/^Promotion\./);
    await Orders.RemovePromotion('Outgoing', id, DEMO_PROMOTION_CODES.heavyDuty, { accessToken: anna });
    await Orders.AddPromotion('Outgoing', id, DEMO_PROMOTION_CODES.welcome, { accessToken: anna });
    const discounted = await Orders.Get('Outgoing', id, { accessToken: anna });
    expect(discounted.PromotionDiscount).toBeCloseTo((discounted.Subtotal ?? 0) * 0.1, 2);
  });

  it("gives anna the company's ERP addresses and her personal address", async () => {
    const anna = await login(DEMO_LOGINS.shopper);
    const addresses = await Me.ListAddresses({ pageSize: 100 }, { accessToken: anna });
    const home = addresses.Items.find((address) => address.ID === 'acme-dk-anna-home');
    expect(home).toMatchObject({ Editable: true, Shipping: true, Street1: 'Vestergade 9', xp: {} });
    const office = addresses.Items.find((address) => address.ID === 'acme-dk-head-office');
    expect(office).toMatchObject({
      Editable: false,
      Shipping: true,
      Billing: true,
      xp: { ErpId: expect.stringMatching(/^ADK-3/), CountryCode3: 'DNK', ValidTo: null },
    });
  });

  it("lets the storefront's anonymous client browse the catalogue without a secret (Auth.Anonymous)", async () => {
    const { access_token: token, refresh_token } = await Auth.Anonymous(ANONYMOUS_CLIENT_ID, ['Shopper']);
    expect(refresh_token ?? null).toBeNull();
    expect(rolesOf(token)).toEqual(['Shopper']);
    const me = await Me.Get({ accessToken: token });
    expect(me).toMatchObject({ ID: ANONYMOUS_USER_ID, xp: { Kind: 'Anonymous' } });
    const items = await Me.ListProducts(
      { pageSize: 1, filters: { 'xp.Kind': 'SalesItem' } },
      { accessToken: token },
    );
    // The same catalogue a customer sees (blocked items hidden).
    expect(items.Meta?.TotalCount).toBe(
      world.salesItems.filter((item) => item.productState !== 'Blocked').length,
    );
    const families = await Me.ListCategories({ depth: 'all' }, { accessToken: token });
    expect(families.Items.length).toBeGreaterThan(0);
  });

  it('wires the checkout integration and the pre-submit webhook to the middleware', async () => {
    const event = await expectOk<Body>(await admin('GET', `/v1/integrationEvents/${CHECKOUT_EVENT_ID}`));
    expect(event).toMatchObject({ CustomImplementationUrl: middlewareUrl, EventType: 'OrderCheckout' });
    const client = await expectOk<Body>(await admin('GET', `/v1/apiclients/${STOREFRONT_CLIENT_ID}`));
    expect(client.OrderCheckoutIntegrationEventID).toBe(CHECKOUT_EVENT_ID);
    const hook = await expectOk<Body>(await admin('GET', `/v1/webhooks/${PRE_SUBMIT_WEBHOOK_ID}`));
    expect(hook).toMatchObject({
      Url: `${middlewareUrl}/webhooks/presubmit`,
      BeforeProcessRequest: true,
      WebhookRoutes: [{ Route: 'v1/orders/{direction}/{orderID}/submit', Verb: 'POST' }],
    });
  });

  it("sends anna's order above 50,000 DKK to bo for approval", async () => {
    // The fake middleware answers pre-submit at /presubmit (the real one at /webhooks/presubmit).
    const hook = await expectOk<Body>(await admin('GET', `/v1/webhooks/${PRE_SUBMIT_WEBHOOK_ID}`));
    await expectOk(
      await admin('PUT', `/v1/webhooks/${PRE_SUBMIT_WEBHOOK_ID}`, {
        ...hook,
        Url: `${middlewareUrl}/presubmit`,
      }),
    );
    const anna = await login(DEMO_LOGINS.shopper);
    const order = await Orders.Create(
      'Outgoing',
      { xp: { CustomerReference: 'PO-BIG' } },
      { accessToken: anna },
    );
    // The fake prices every unit at 500 DKK: 101 units are above the rule's 50,000 DKK.
    await LineItems.Create(
      'Outgoing',
      order.ID as string,
      { ProductID: 'B10001', Quantity: 101 },
      {
        accessToken: anna,
      },
    );
    const calculated = await IntegrationEvents.Calculate('Outgoing', order.ID as string, {
      accessToken: anna,
    });
    expect(calculated.Order?.Total).toBeGreaterThan(50_000);
    const submitted = await Orders.Submit('Outgoing', order.ID as string, { accessToken: anna });
    expect(submitted.Status).toBe('AwaitingApproval');
    const bo = await login(DEMO_LOGINS.buyerAdminApprover);
    const approvable = await Me.ListApprovableOrders({}, { accessToken: bo });
    expect(approvable.Items.map((candidate) => candidate.ID)).toContain(order.ID);
  });

  it('seeds once, and re-wires the middleware at every start', async () => {
    const again = await buildApp(
      readConfig({
        MIDDLEWARE_CLIENT_SECRET: MIDDLEWARE_SECRET,
        SEED_DEMO_DATA: 'true',
        DEMO_SALES_ITEMS: String(SALES_ITEMS),
        MIDDLEWARE_URL: 'http://127.0.0.1:9/elsewhere',
      }),
      { database: platform.database, logger: false },
    );
    await again.ready();
    await again.close();
    const users = await expectOk<{ Meta: { TotalCount: number } }>(
      await admin('GET', '/v1/buyers/acme-dk/users'),
    );
    expect(users.Meta.TotalCount).toBe(world.users.filter((user) => user.companyId === 'acme-dk').length);
    const event = await expectOk<Body>(await admin('GET', `/v1/integrationEvents/${CHECKOUT_EVENT_ID}`));
    expect(event.CustomImplementationUrl).toBe('http://127.0.0.1:9/elsewhere');
  });
});
