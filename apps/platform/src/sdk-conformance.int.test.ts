import type { AddressInfo } from 'node:net';
import {
  Auth,
  Buyers,
  Configuration,
  IntegrationEvents,
  LineItems,
  Me,
  type OrderCloudError,
  Orders,
  Payments,
  SecurityProfiles,
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

/**
 * The official OrderCloud JavaScript SDK (v12) against this platform on a loopback port, configured
 * only with `baseApiUrl`: what the storefront does, call for call.
 */
describe('ordercloud-javascript-sdk conformance', () => {
  let platform: Platform;
  let adminToken: string;
  const middleware = fakeMiddleware();

  beforeAll(async () => {
    await new Promise<void>((resolve) => middleware.server.listen(0, '127.0.0.1', resolve));
    platform = await startPlatform();
    await createBuyerWithUser(platform, {
      buyerId: 'acme-dk',
      userId: 'anna',
      username: 'anna@acme-dk.example',
    });
    await seedSmallCatalog(platform, ['acme-dk']);
    await connectCheckout(platform, middleware.server);
    await platform.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = platform.app.server.address() as AddressInfo;
    Configuration.Set({ baseApiUrl: `http://127.0.0.1:${port}`, clientID: STOREFRONT_CLIENT_ID });
  });
  afterAll(async () => {
    await platform?.close();
    await new Promise((resolve) => middleware.server.close(resolve));
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
    const patched = await Me.Patch({ FirstName: 'Anna', xp: { Kind: 'Anonymous', Newsletter: true } });
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
});
