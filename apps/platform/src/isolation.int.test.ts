import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from './testing/catalog-fixtures.ts';
import {
  call,
  createBuyerWithUser,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from './testing/harness.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const address = (id: string) => ({
  ID: id,
  Street1: 'Vej 1',
  City: 'By',
  State: 'R',
  Zip: '1000',
  Country: 'DK',
});

/**
 * Isolation: a buyer user of one company tries every `/me` and buyer endpoint against another
 * company's data, even holding admin roles by mistake, and finds nothing.
 */
describe('isolation between buyer companies', () => {
  let platform: Platform;
  let intruder: string;

  beforeAll(async () => {
    platform = await startPlatform();
    // The intruder even holds admin roles by mistake: confinement must still hold.
    await expectOk(
      await call(platform.app, platform.adminToken, 'POST', '/v1/securityprofiles', {
        ID: 'misassigned',
        Name: 'Misassigned admin',
        Roles: [
          'BuyerAdmin',
          'BuyerUserAdmin',
          'AddressAdmin',
          'UserGroupAdmin',
          'ProductAdmin',
          'CatalogAdmin',
          'PriceScheduleAdmin',
        ],
      }),
      201,
    );
    await createBuyerWithUser(platform, {
      buyerId: 'victim',
      userId: 'vera',
      username: 'vera@victim.example',
    });
    await createBuyerWithUser(platform, {
      buyerId: 'intruder',
      userId: 'ivan',
      username: 'ivan@intruder.example',
      profiles: ['misassigned'],
    });
    await seedSmallCatalog(platform, ['victim', 'intruder']);
    const admin = (method: Method, url: string, body: unknown) =>
      call(platform.app, platform.adminToken, method, url, body);
    await expectOk(await admin('POST', '/v1/buyers/victim/addresses', address('victim-hq')), 201);
    await expectOk(
      await admin('POST', '/v1/buyers/victim/addresses/assignments', {
        AddressID: 'victim-hq',
        IsShipping: true,
      }),
      204,
    );
    await expectOk(
      await admin('POST', '/v1/buyers/victim/usergroups', { ID: 'victim-group', Name: 'Victims' }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/buyers/victim/usergroups/assignments', {
        UserGroupID: 'victim-group',
        UserID: 'vera',
      }),
      204,
    );
    const vera = await loginAs(platform.app, 'vera@victim.example');
    await expectOk(await call(platform.app, vera, 'POST', '/v1/me/addresses', address('vera-home')), 201);
    // Vera's cart and her submitted order.
    const cart = await expectOk<{ ID: string }>(
      await call(platform.app, vera, 'POST', '/v1/orders/Outgoing', { ID: 'vera-cart' }),
      201,
    );
    await expectOk(
      await call(platform.app, vera, 'POST', `/v1/orders/Outgoing/${cart.ID}/lineitems`, {
        ID: 'vera-line',
        ProductID: 'la-48-hall',
        Quantity: 1,
      }),
      201,
    );
    await expectOk(
      await call(platform.app, vera, 'POST', `/v1/orders/Outgoing/${cart.ID}/payments`, {
        ID: 'vera-pay',
        Type: 'PurchaseOrder',
      }),
      201,
    );
    await expectOk(await call(platform.app, vera, 'POST', '/v1/orders/Outgoing', { ID: 'vera-open' }), 201);
    await expectOk(
      await call(platform.app, vera, 'POST', '/v1/orders/Outgoing/vera-open/lineitems', {
        ProductID: 'la-48-hall',
        Quantity: 1,
      }),
      201,
    );
    await expectOk(await call(platform.app, vera, 'POST', '/v1/orders/Outgoing/vera-open/submit'));
    intruder = await loginAs(platform.app, 'ivan@intruder.example');
  });
  afterAll(() => platform?.close());

  const foreignIds = [
    'victim',
    'vera',
    'victim-hq',
    'vera-home',
    'victim-group',
    'la-special',
    'vera-cart',
    'vera-open',
    'vera-line',
    'vera-pay',
  ];

  const attempts: [Method, string, unknown?][] = [
    ['GET', '/v1/buyers'],
    ['GET', '/v1/buyers/victim'],
    ['PATCH', '/v1/buyers/victim', { Name: 'pwned' }],
    ['PUT', '/v1/buyers/victim', { Name: 'pwned' }],
    ['DELETE', '/v1/buyers/victim'],
    ['GET', '/v1/buyers/victim/users'],
    ['GET', '/v1/buyers/victim/users/vera'],
    [
      'POST',
      '/v1/buyers/victim/users',
      { Username: 'x@x', FirstName: 'x', LastName: 'x', Email: 'x', Active: true },
    ],
    ['PATCH', '/v1/buyers/victim/users/vera', { Active: false }],
    ['DELETE', '/v1/buyers/victim/users/vera'],
    ['GET', '/v1/buyers/victim/usergroups'],
    ['GET', '/v1/buyers/victim/usergroups/victim-group'],
    ['GET', '/v1/buyers/victim/usergroups/assignments'],
    ['POST', '/v1/buyers/victim/usergroups/assignments', { UserGroupID: 'victim-group', UserID: 'ivan' }],
    ['DELETE', '/v1/buyers/victim/usergroups/victim-group/assignments/vera'],
    ['GET', '/v1/buyers/victim/addresses'],
    ['GET', '/v1/buyers/victim/addresses/victim-hq'],
    ['PATCH', '/v1/buyers/victim/addresses/victim-hq', { City: 'pwned' }],
    ['DELETE', '/v1/buyers/victim/addresses/victim-hq'],
    ['GET', '/v1/buyers/victim/addresses/assignments'],
    ['POST', '/v1/buyers/victim/addresses/assignments', { AddressID: 'victim-hq', UserID: 'ivan' }],
    ['GET', '/v1/me/addresses/victim-hq'],
    ['GET', '/v1/me/addresses/vera-home'],
    ['PUT', '/v1/me/addresses/vera-home', address('vera-home')],
    ['PATCH', '/v1/me/addresses/vera-home', { City: 'pwned' }],
    ['DELETE', '/v1/me/addresses/vera-home'],
    ['GET', '/v1/me/products/la-special'],
    ['GET', '/v1/me/products/la-special/specs'],
    ['GET', '/v1/products'],
    ['PATCH', '/v1/products/la-special', { Name: 'pwned' }],
    ['GET', '/v1/priceschedules/special-dkk'],
    ['GET', '/v1/catalogs/assignments'],
    ['POST', '/v1/products/assignments', { ProductID: 'la-special', BuyerID: 'intruder' }],
    ['GET', '/v1/securityprofiles/assignments'],
    ...(['Outgoing', 'Incoming', 'All'] as const).flatMap((direction): [Method, string, unknown?][] => [
      ['GET', `/v1/orders/${direction}/vera-cart`],
      ['PATCH', `/v1/orders/${direction}/vera-cart`, { Comments: 'pwned' }],
      ['DELETE', `/v1/orders/${direction}/vera-cart`],
      ['PUT', `/v1/orders/${direction}/vera-cart/billto`, address('x')],
      ['PUT', `/v1/orders/${direction}/vera-cart/shipto`, address('x')],
      ['POST', `/v1/orders/${direction}/vera-cart/submit`],
      ['POST', `/v1/orders/${direction}/vera-cart/cancel`],
      ['POST', `/v1/orders/${direction}/vera-open/approve`],
      ['POST', `/v1/orders/${direction}/vera-open/decline`, {}],
      ['GET', `/v1/orders/${direction}/vera-cart/worksheet`],
      ['POST', `/v1/orders/${direction}/vera-cart/estimateshipping`],
      ['POST', `/v1/orders/${direction}/vera-cart/calculate`],
      ['GET', `/v1/orders/${direction}/vera-cart/lineitems`],
      ['GET', `/v1/orders/${direction}/vera-cart/lineitems/vera-line`],
      ['POST', `/v1/orders/${direction}/vera-cart/lineitems`, { ProductID: 'la-48-hall', Quantity: 1 }],
      ['PATCH', `/v1/orders/${direction}/vera-cart/lineitems/vera-line`, { Quantity: 5 }],
      ['DELETE', `/v1/orders/${direction}/vera-cart/lineitems/vera-line`],
      ['GET', `/v1/orders/${direction}/vera-cart/payments`],
      ['GET', `/v1/orders/${direction}/vera-cart/payments/vera-pay`],
      ['POST', `/v1/orders/${direction}/vera-cart/payments`, { Type: 'PurchaseOrder' }],
      ['PATCH', `/v1/orders/${direction}/vera-cart/payments/vera-pay`, { Description: 'pwned' }],
      ['DELETE', `/v1/orders/${direction}/vera-cart/payments/vera-pay`],
      ['GET', `/v1/orders/${direction}/vera-open`],
    ]),
  ];

  it.each(attempts)('%s %s is refused', async (method, url, body) => {
    const response = await call(platform.app, intruder, method, url, body);
    expect([403, 404]).toContain(response.statusCode);
  });

  const lists = [
    '/v1/me/addresses',
    '/v1/me/addresses?ID=victim*|vera*',
    '/v1/me/usergroups',
    '/v1/me/products',
    '/v1/me/products?search=special',
    '/v1/me/products?ID=la-special',
    '/v1/me/catalogs',
    '/v1/me/categories',
    '/v1/me/orders',
    '/v1/orders/Outgoing',
    '/v1/orders/Incoming',
    '/v1/orders/All',
    '/v1/orders/All?ID=vera*',
  ];

  it.each(lists)('%s shows nothing of the other company', async (url) => {
    const page = await expectOk<{ Items: { ID: string }[] }>(await call(platform.app, intruder, 'GET', url));
    for (const item of page.Items) expect(foreignIds).not.toContain(item.ID);
  });

  it('left the victim data untouched', async () => {
    const admin = (url: string) => call(platform.app, platform.adminToken, 'GET', url);
    expect((await expectOk(await admin('/v1/buyers/victim'))).Name).toBe('Buyer victim');
    expect((await expectOk(await admin('/v1/buyers/victim/users/vera'))).Active).toBe(true);
    expect((await expectOk(await admin('/v1/buyers/victim/addresses/vera-home'))).City).toBe('By');
    expect((await expectOk(await admin('/v1/products/la-special'))).Name).toBe('LA44 special');
    const cart = await expectOk(await admin('/v1/orders/Incoming/vera-cart'));
    expect(cart).toMatchObject({ Status: 'Unsubmitted', Comments: null, LineItemCount: 1 });
    expect((await expectOk(await admin('/v1/orders/Incoming/vera-open'))).Status).toBe('Open');
  });
});
