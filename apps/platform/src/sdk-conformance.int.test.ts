import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  Auth,
  Buyers,
  IntegrationEvents,
  LineItems,
  Me,
  type OrderCloudError,
  Orders,
  Payments,
  Promotions,
  SecurityProfiles,
  SubscriptionIntegrations,
  Subscriptions,
  Tokens,
} from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIDDLEWARE_CLIENT_ID, STOREFRONT_CLIENT_ID } from './modules/auth/bootstrap.ts';
import { seedSmallCatalog } from './testing/catalog-fixtures.ts';
import { connectCheckout } from './testing/checkout-setup.ts';
import { fakeMiddleware } from './testing/fake-middleware.ts';
import {
  createBuyerWithUser,
  DEMO_PASSWORD,
  MIDDLEWARE_SECRET,
  type Platform,
  startPlatform,
} from './testing/harness.ts';
import { serveToSdk } from './testing/sdk.ts';

/**
 * The official OrderCloud JavaScript SDK (v12) against this platform on a loopback port, configured
 * only with `baseApiUrl`: what the storefront does, call for call.
 */
describe('ordercloud-javascript-sdk conformance', () => {
  let platform: Platform;
  let adminToken: string;
  let baseUrl: string;
  const middleware = fakeMiddleware();
  /** The middleware's subscription hooks: acknowledge every run. */
  const subscriptionCalls: string[] = [];
  const subscriptionHooks: Server = createServer((request, response) => {
    subscriptionCalls.push(request.url ?? '');
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"HttpStatusCode":200,"UnhandledErrorBody":null}');
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => middleware.server.listen(0, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => subscriptionHooks.listen(0, '127.0.0.1', resolve));
    platform = await startPlatform();
    await createBuyerWithUser(platform, {
      buyerId: 'acme-dk',
      userId: 'anna',
      username: 'anna@acme-dk.example',
    });
    await seedSmallCatalog(platform, ['acme-dk']);
    // The extension's Kind is the integration's to set (the middleware's client, as here).
    await platform.app.inject({
      method: 'PATCH',
      url: '/v1/buyers/acme-dk/users/anna',
      headers: { authorization: `Bearer ${platform.adminToken}` },
      payload: { xp: { Kind: 'Anonymous' } },
    });
    await connectCheckout(platform, middleware.server);
    baseUrl = await serveToSdk(platform);
  });
  afterAll(async () => {
    await platform?.close();
    await new Promise((resolve) => middleware.server.close(resolve));
    await new Promise((resolve) => subscriptionHooks.close(resolve));
  });

  it('logs in with Auth.Login and keeps the tokens', async () => {
    const token = await Auth.Login('anna@acme-dk.example', DEMO_PASSWORD, STOREFRONT_CLIENT_ID, [
      'Shopper',
      'MeAdmin',
      'MeAddressAdmin',
      'MeXpAdmin',
    ]);
    expect(token.token_type).toBe('bearer');
    Tokens.SetAccessToken(token.access_token);
    Tokens.SetRefreshToken(token.refresh_token);
  });

  it('reads and patches the current user', async () => {
    const me = await Me.Get();
    expect(me).toMatchObject({ ID: 'anna', Username: 'anna@acme-dk.example' });
    // Her own xp fields; the extension's Kind and ERP/CRM ids are the integration's to write.
    const patched = await Me.Patch({ FirstName: 'Anna', xp: { Newsletter: true } });
    expect(patched).toMatchObject({ FirstName: 'Anna', xp: { Kind: 'Anonymous', Newsletter: true } });
  });

  it('manages the address book with list options and filters', async () => {
    await Me.CreateAddress({
      ID: 'anna-home',
      AddressName: 'Home',
      Street1: 'Strandvejen 1',
      City: 'Aarhus',
      State: 'Midtjylland',
      Zip: '8000',
      Country: 'DK',
      Shipping: true,
      Billing: true,
    });
    const list = await Me.ListAddresses({ filters: { City: 'Aar*' }, sortBy: ['AddressName'], pageSize: 10 });
    expect(list.Meta).toMatchObject({ Page: 1, PageSize: 10, TotalCount: 1, ItemRange: [1, 1] });
    expect(list.Items[0]).toMatchObject({ ID: 'anna-home', Editable: true });
    await Me.PatchAddress('anna-home', { Street2: 'st. tv.' });
    expect((await Me.GetAddress('anna-home')).Street2).toBe('st. tv.');
    await Me.DeleteAddress('anna-home');
    expect((await Me.ListAddresses()).Items).toHaveLength(0);
  });

  it('surfaces platform errors as OrderCloudError with the error code', async () => {
    const missing = await Me.GetAddress('nope').catch((error: unknown) => error);
    expect((missing as OrderCloudError).isOrderCloudError).toBe(true);
    expect((missing as OrderCloudError).errorCode).toBe('NotFound');
    expect((missing as OrderCloudError).status).toBe(404);
    const denied = await Buyers.List().catch((error: unknown) => error);
    expect((denied as OrderCloudError).errorCode).toBe('Auth.InsufficientRoles');
  });

  it('refreshes an expired access token with the stored refresh token', async () => {
    const expired = Tokens.GetAccessToken() as string;
    const [header, payload] = expired.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    // An expired-looking token makes the SDK refresh before the call; the platform never sees it.
    const stale = `${header}.${Buffer.from(JSON.stringify({ ...claims, exp: 1 })).toString('base64url')}.x`;
    Tokens.SetAccessToken(stale);
    const me = await Me.Get();
    expect(me.ID).toBe('anna');
    expect(Tokens.GetAccessToken()).not.toBe(stale);
  });

  it('lets the middleware work as admin with client credentials', async () => {
    const token = await Auth.ClientCredentials(MIDDLEWARE_SECRET, MIDDLEWARE_CLIENT_ID, ['FullAccess']);
    adminToken = token.access_token;
    const buyers = await Buyers.List({ search: 'acme' }, { accessToken: token.access_token });
    expect(buyers.Items.map((buyer) => buyer.ID)).toEqual(['acme-dk']);
    const assignments = await SecurityProfiles.ListAssignments(
      { userID: 'anna' },
      { accessToken: token.access_token },
    );
    expect(assignments.Meta.TotalCount).toBeGreaterThan(0);
  });

  it('lists products with facet filters and facet counts', async () => {
    const page = await Me.ListProducts({
      filters: { 'xp.Facets.voltage': '24', 'xp.Facets.feedback': 'Hall' },
    });
    expect(page.Items.map((product) => product.ID)).toEqual(['la-24-hall', 'la-special']);
    expect(page.Meta.Facets?.find((facet) => facet.Name === 'Voltage')?.Values).toEqual([
      { Value: '24', Count: 2 },
    ]);
    const specs = await Me.ListSpecs('la-24-pot');
    expect(specs.Items[0]?.Options?.map((option) => option.ID)).toEqual(['100', '300']);
    expect((await Me.GetProduct('la-special')).PriceSchedule?.ID).toBe('special-dkk');
  });

  it('checks out an order: line items with specs, addresses, shipping, calculate, payment, submit', async () => {
    const order = await Orders.Create('Outgoing', { Comments: 'SDK order' });
    expect(order.Status).toBe('Unsubmitted');
    const line = await LineItems.Create('Outgoing', order.ID, {
      ProductID: 'la-24-pot',
      Quantity: 10,
      Specs: [{ SpecID: 'stroke', OptionID: '300' }],
    });
    expect(line).toMatchObject({ UnitPrice: 1050, LineSubtotal: 10500 });
    const address = { Street1: 'Havnegade 1', City: 'Aarhus', State: 'MJ', Zip: '8000', Country: 'DK' };
    await Orders.SetBillingAddress('Outgoing', order.ID, address);
    await Orders.SetShippingAddress('Outgoing', order.ID, address);
    const estimated = await IntegrationEvents.EstimateShipping('Outgoing', order.ID);
    const estimate = estimated.ShipEstimateResponse.ShipEstimates[0];
    expect(estimate?.ShipMethods.map((method) => method.ID)).toEqual(['standard', 'express']);
    await IntegrationEvents.SelectShipmethods('Outgoing', order.ID, {
      ShipMethodSelections: [{ ShipEstimateID: estimate?.ID as string, ShipMethodID: 'standard' }],
    });
    const worksheet = await IntegrationEvents.Calculate('Outgoing', order.ID);
    expect(worksheet.Order).toMatchObject({
      Subtotal: 5000,
      ShippingCost: 95,
      TaxCost: 262.5,
      Total: 5357.5,
    });
    const payment = await Payments.Create('Outgoing', order.ID, { Type: 'PurchaseOrder' });
    // The admin reads buyer orders as Incoming.
    await Payments.Patch('Incoming', order.ID, payment.ID, { Accepted: true }, { accessToken: adminToken });
    const submitted = await Orders.Submit('Outgoing', order.ID);
    expect(submitted).toMatchObject({
      Status: 'Open',
      IsSubmitted: true,
      BillingAddress: { City: 'Aarhus' },
    });
    const mine = await Me.ListOrders({ filters: { Status: 'Open' } });
    expect(mine.Items.map((item) => item.ID)).toContain(order.ID);
    const outgoing = await Orders.List('Outgoing', { sortBy: ['!DateCreated'] });
    expect(outgoing.Items[0]?.ID).toBe(order.ID);
    expect((await Orders.Get('Outgoing', order.ID)).Total).toBe(5357.5);
    expect((await IntegrationEvents.GetWorksheet('Outgoing', order.ID)).OrderSubmitResponse).toMatchObject({
      Succeeded: true,
    });
  });

  it('applies a promotion code to an order', async () => {
    await Promotions.Create(
      {
        ID: 'sdk-ten',
        Code: 'SDK10',
        AllowAllBuyers: true,
        EligibleExpression: 'order.Subtotal >= 1000',
        ValueExpression: 'min(order.Subtotal * .1, 100)',
      },
      { accessToken: adminToken },
    );
    expect((await Me.ListPromotions()).Items.map((promotion) => promotion.Code)).toContain('SDK10');
    const order = await Orders.Create('Outgoing', {});
    await LineItems.Create('Outgoing', order.ID, { ProductID: 'la-48-hall', Quantity: 2 });
    const applied = await Orders.AddPromotion('Outgoing', order.ID, 'SDK10');
    expect(applied).toMatchObject({ Code: 'SDK10', Amount: 100, LineItemID: null });
    expect(await Orders.Get('Outgoing', order.ID)).toMatchObject({
      Subtotal: 2000,
      PromotionDiscount: 100,
      Total: 1900,
    });
    expect((await Orders.ListPromotions('Outgoing', order.ID)).Items).toEqual([
      expect.objectContaining({ Code: 'SDK10', Amount: 100 }),
    ]);
    const again = await Orders.AddPromotion('Outgoing', order.ID, 'SDK10').catch((error: unknown) => error);
    expect((again as OrderCloudError).errorCode).toBe('Promotion.AlreadyAdded');
    expect((await Orders.RemovePromotion('Outgoing', order.ID, 'SDK10')).PromotionDiscount).toBe(0);
  });

  it('runs a subscription: /me/subscriptions with items, the integration, a run, the generated order', async () => {
    const { port } = subscriptionHooks.address() as AddressInfo;
    await SubscriptionIntegrations.Save(
      {
        Url: `http://127.0.0.1:${port}/subscriptions`,
        HashKey: 'sdk-subscriptions',
        ApiClientID: MIDDLEWARE_CLIENT_ID,
      },
      { accessToken: adminToken },
    );
    const login = await Auth.Login('anna@acme-dk.example', DEMO_PASSWORD, STOREFRONT_CLIENT_ID, [
      'Shopper',
      'MeSubscriptionAdmin',
    ]);
    const asAnna = { accessToken: login.access_token };
    const due = new Date(Date.now() - 60_000).toISOString();
    const subscription = await Me.CreateSubscription(
      {
        ID: 'sdk-monthly',
        Frequency: 1,
        Interval: 'Months',
        NextOrderDate: due,
        Payment: { Type: 'PurchaseOrder' },
      },
      asAnna,
    );
    expect(subscription).toMatchObject({
      ID: 'sdk-monthly',
      Interval: 'Months',
      Active: true,
      FromUserID: 'anna',
    });
    const item = await Me.CreateSubscriptionItem(
      'sdk-monthly',
      { ProductID: 'la-48-hall', Quantity: 3 },
      asAnna,
    );
    expect(item).toMatchObject({ ProductID: 'la-48-hall', Quantity: 3, UnitPrice: 1000, LineSubtotal: 3000 });
    expect((await Me.ListSubscriptionItems('sdk-monthly', undefined, asAnna)).Items).toHaveLength(1);

    // The run the schedule would make (POST /v1/integrations/subscription/run, admin only).
    const response = await fetch(`${baseUrl}/v1/integrations/subscription/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    const { Runs } = (await response.json()) as { Runs: { OrderID: string; Status: string }[] };
    expect(Runs).toEqual([expect.objectContaining({ SubscriptionID: 'sdk-monthly', Status: 'Succeeded' })]);
    expect(subscriptionCalls).toEqual(['/subscriptions/success']);

    const generated = await Orders.Get('Incoming', Runs[0]?.OrderID as string, { accessToken: adminToken });
    expect(generated).toMatchObject({ SubscriptionID: 'sdk-monthly', FromUserID: 'anna', Subtotal: 3000 });
    const advanced = await Subscriptions.Get('sdk-monthly', { accessToken: adminToken });
    expect(new Date(advanced.NextOrderDate).getTime()).toBeGreaterThan(Date.now());
    expect(advanced.LastOrderDate).toBeTruthy();
    const worksheet = await IntegrationEvents.GetWorksheet('Incoming', generated.ID, {
      accessToken: adminToken,
    });
    expect(worksheet.SubscriptionIntegrationResponse).toMatchObject({ HttpStatusCode: 200, Succeeded: true });
  });
});
