import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from './testing/catalog-fixtures.ts';
import {
  callers,
  errorCode,
  expectOk,
  loginAs,
  type Method,
  type Platform,
  startPlatform,
} from './testing/harness.ts';
import { createIsolationCast } from './testing/isolation-cast.ts';

type Body = Record<string, unknown>;
type Attempt = [Method, string, unknown?];

const DIRECTIONS = ['Outgoing', 'Incoming', 'All'] as const;
const address = (city: string) => ({ Street1: 'Vej 1', City: city, State: 'R', Zip: '1000', Country: 'DK' });

/**
 * Isolation of `/v1/cart`, the order routes added with it and `/v1/lineitems/{direction}`: vera's
 * carts and orders can never be set active, read or changed by another user, neither ivan of another
 * company nor walt of her own (OrderCloud scopes orders by user), both holding misassigned admin roles.
 */
describe('isolation of the cart, order additions and lines across orders', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  let vera: string;
  let ivan: string;
  let walt: string;

  beforeAll(async () => {
    platform = await startPlatform();
    await createIsolationCast(platform, [
      'OrderAdmin',
      'OrderReader',
      'UnsubmittedOrderReader',
      'ShipmentAdmin',
      'ShipmentReader',
      'BuyerAdmin',
    ]);
    await seedSmallCatalog(platform, ['victim', 'intruder']);
    await expectOk(
      await admin('POST', '/v1/promotions', {
        ID: 'everyone',
        Code: 'EVERY10',
        AllowAllBuyers: true,
        EligibleExpression: 'true',
        ValueExpression: '10',
      }),
      201,
    );

    vera = await loginAs(platform.app, 'vera@victim.example');
    const asVera = as(vera);
    // Vera's orders: a submitted one, another unsubmitted one, and her cart (chosen explicitly).
    await expectOk(await asVera('PUT', '/v1/cart', { ID: 'vera-open' }));
    await expectOk(
      await asVera('POST', '/v1/cart/lineitems', {
        ID: 'vera-open-line',
        ProductID: 'la-48-hall',
        Quantity: 1,
      }),
      201,
    );
    await expectOk(await asVera('POST', '/v1/cart/submit'));
    await expectOk(await asVera('POST', '/v1/orders/Outgoing', { ID: 'vera-cart', Comments: 'vera' }), 201);
    await expectOk(await asVera('POST', '/v1/orders/Outgoing', { ID: 'vera-other' }), 201);
    await expectOk(await asVera('PUT', '/v1/cart/vera-cart'), 204);
    await expectOk(
      await asVera('POST', '/v1/cart/lineitems', { ID: 'vera-line', ProductID: 'la-48-hall', Quantity: 2 }),
      201,
    );
    await expectOk(await asVera('PUT', '/v1/cart/billto', address('Vera')));
    await expectOk(await asVera('PUT', '/v1/cart/shipto', address('Vera')));
    await expectOk(await asVera('POST', '/v1/cart/payments', { ID: 'vera-pay', Type: 'PurchaseOrder' }), 201);
    await expectOk(
      await admin('POST', '/v1/orders/Incoming/vera-cart/payments/vera-pay/transactions', {
        ID: 'vera-tx',
        Type: 'PurchaseOrder',
      }),
      201,
    );
    await expectOk(await asVera('POST', '/v1/cart/promotions/EVERY10'), 201);
    await expectOk(await admin('POST', '/v1/shipments', { ID: 'vera-shipment', BuyerID: 'victim' }), 201);
    await expectOk(
      await admin('POST', '/v1/shipments/vera-shipment/items', {
        OrderID: 'vera-open',
        LineItemID: 'vera-open-line',
        QuantityShipped: 1,
      }),
      201,
    );

    ivan = await loginAs(platform.app, 'ivan@intruder.example');
    walt = await loginAs(platform.app, 'walt@victim.example');
  });
  afterAll(() => platform?.close());

  it('vera herself reaches all of it (the refusals below are not wrong URLs)', async () => {
    expect((await expectOk<Body>(await as(vera)('GET', '/v1/cart'))).ID).toBe('vera-cart');
    for (const url of [
      '/v1/cart/lineitems/vera-line',
      '/v1/cart/payments/vera-pay',
      '/v1/orders/Outgoing/vera-other',
    ])
      await expectOk(await as(vera)('GET', url));
    const lines = await expectOk<{ Items: Body[] }>(await as(vera)('GET', '/v1/lineitems/Outgoing'));
    expect(lines.Items.map((line) => line.ID)).toEqual(['vera-open-line']);
  });

  const orderAttempts = (orderId: string): Attempt[] =>
    DIRECTIONS.flatMap((direction): Attempt[] => {
      const url = `/v1/orders/${direction}/${orderId}`;
      return [
        ['PUT', url, { Comments: 'pwned' }],
        ['POST', `${url}/validate`],
        ['PATCH', `${url}/billto`, { City: 'pwned' }],
        ['PATCH', `${url}/shipto`, { City: 'pwned' }],
        ['PATCH', `${url}/fromuser`, { FirstName: 'pwned' }],
        ['PUT', `${url}/lineitems/vera-line/shipto`, address('pwned')],
        ['PATCH', `${url}/lineitems/vera-line/shipto`, { City: 'pwned' }],
        ['DELETE', `${url}/payments/vera-pay/transactions/vera-tx`],
      ];
    });
  const attempts: Attempt[] = [
    ['PUT', '/v1/cart/vera-cart'],
    ['PUT', '/v1/cart/vera-other'],
    ['PUT', '/v1/cart/vera-open'],
    ...orderAttempts('vera-cart'),
    ...orderAttempts('vera-other'),
    ['GET', '/v1/shipments/vera-shipment/items/vera-open/vera-open-line'],
    ['PUT', '/v1/shipments/vera-shipment/shipto', address('pwned')],
    ['PUT', '/v1/shipments/vera-shipment/shipfrom', address('pwned')],
  ];

  describe.each(['ivan', 'walt'])('%s', (name) => {
    const token = () => (name === 'ivan' ? ivan : walt);

    it.each(attempts)('%s %s is refused', async (method, url, body) => {
      const response = await as(token())(method, url, body);
      expect([403, 404], `${response.statusCode} ${response.body}`).toContain(response.statusCode);
    });

    it('has a cart of his own, never vera’s, whatever he does through /cart', async () => {
      const cart = as(token());
      expect((await expectOk<Body>(await cart('GET', '/v1/cart'))).ID).toBeNull();
      for (const list of ['lineitems', 'payments', 'promotions'])
        expect((await expectOk<{ Items: Body[] }>(await cart('GET', `/v1/cart/${list}`))).Items).toEqual([]);
      const line = await expectOk<Body>(
        await cart('POST', '/v1/cart/lineitems', { ID: 'vera-line', ProductID: 'la-48-hall', Quantity: 7 }),
        201,
      );
      const own = await expectOk<Body>(await cart('GET', '/v1/cart'));
      expect(own).toMatchObject({ FromUserID: name, LineItemCount: 1 });
      expect(own.ID).not.toMatch(/^vera/);
      expect(line).toMatchObject({ ID: 'vera-line', Quantity: 7 });
      await expectOk(await cart('PATCH', '/v1/cart/lineitems/vera-line', { Quantity: 8 }));
      expect(errorCode(await cart('DELETE', '/v1/cart/payments/vera-pay'))).toBe('NotFound');
      await expectOk(await cart('DELETE', '/v1/cart'), 204);
      expect((await expectOk<Body>(await cart('GET', '/v1/cart'))).ID).toBeNull();
    });

    it.each(DIRECTIONS)('GET /v1/lineitems/%s never shows vera’s lines', async (direction) => {
      for (const query of [
        '',
        '?OrderID=vera*',
        '?buyerID=victim',
        '?ID=vera*',
        '?search=vera&pageSize=100',
      ]) {
        const page = await expectOk<{ Items: Body[] }>(
          await as(token())('GET', `/v1/lineitems/${direction}${query}`),
        );
        for (const line of page.Items) expect(String(line.OrderID)).not.toMatch(/^vera/);
      }
    });
  });

  it('left vera’s cart, orders and choice untouched', async () => {
    const get = async (url: string) => expectOk<Body>(await admin('GET', url));
    expect(await get('/v1/orders/Incoming/vera-cart')).toMatchObject({
      Status: 'Unsubmitted',
      Comments: 'vera',
      LineItemCount: 1,
      BillingAddress: { City: 'Vera' },
      FromUser: { FirstName: 'Test' },
      PromotionDiscount: 10,
    });
    expect(await get('/v1/orders/Incoming/vera-cart/lineitems/vera-line')).toMatchObject({
      Quantity: 2,
      ShippingAddress: { City: 'Vera' },
    });
    const payment = await get('/v1/orders/Incoming/vera-cart/payments/vera-pay');
    expect((payment.Transactions as Body[]).map((transaction) => transaction.ID)).toEqual(['vera-tx']);
    expect((await get('/v1/orders/Incoming/vera-other')).Status).toBe('Unsubmitted');
    expect((await get('/v1/orders/Incoming/vera-open')).Status).toBe('Completed');
    const shipment = await get('/v1/shipments/vera-shipment');
    expect(shipment).toMatchObject({ ToAddress: null, FromAddress: null });
    // Vera's active cart is still the one she chose.
    expect((await expectOk<Body>(await as(vera)('GET', '/v1/cart'))).ID).toBe('vera-cart');
  });
});
