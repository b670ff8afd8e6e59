import type { ServiceApp } from '@actuate/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { readConfig } from '../../config.ts';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import { connectCheckout } from '../../testing/checkout-setup.ts';
import { fakeMiddleware } from '../../testing/fake-middleware.ts';
import {
  call,
  callers,
  createBuyerWithUser,
  errorCode,
  expectOk,
  loginAs,
  MIDDLEWARE_SECRET,
  type Platform,
  requestToken,
  startPlatform,
} from '../../testing/harness.ts';
import { STOREFRONT_CLIENT_ID } from '../auth/bootstrap.ts';

type Body = Record<string, unknown>;
type Page = { Meta: Body; Items: Body[] };

const address = (city: string) => ({
  Street1: 'Havnegade 1',
  City: city,
  State: 'MJ',
  Zip: '8000',
  Country: 'DK',
});

/** `/v1/cart`: the caller's active cart, every Cart route of the SDK but bundles. */
describe('cart', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  const middleware = fakeMiddleware();
  let users = 0;

  /** A new buyer user of acme, logged in (each test starts without a cart). */
  const newShopper = async (profiles: string[] = []) => {
    users += 1;
    const username = `shopper${users}@acme.example`;
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: `shopper${users}`, username, profiles });
    return { id: `shopper${users}`, token: await loginAs(platform.app, username) };
  };
  const myOrders = async (token: string) =>
    (await expectOk<Page>(await as(token)('GET', '/v1/me/orders?pageSize=100'))).Items;

  beforeAll(async () => {
    await new Promise<void>((resolve) => middleware.server.listen(0, '127.0.0.1', resolve));
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await seedSmallCatalog(platform, ['acme']);
    await connectCheckout(platform, middleware.server);
    await expectOk(
      await admin('POST', '/v1/securityprofiles', {
        ID: 'cart-order-admin',
        Name: 'Order admin',
        Roles: ['OrderAdmin'],
      }),
      201,
    );
  });
  afterAll(async () => {
    await platform?.close();
    await new Promise((resolve) => middleware.server.close(resolve));
  });

  it('before anything is added: an order with ID null, empty lists, nothing created', async () => {
    const { token } = await newShopper();
    const cart = await expectOk<Body>(await as(token)('GET', '/v1/cart'));
    expect(cart).toMatchObject({
      ID: null,
      FromUserID: `shopper${users}`,
      FromCompanyID: 'acme',
      Status: 'Unsubmitted',
      Currency: 'DKK',
      LineItemCount: 0,
      Total: 0,
      FromUser: { Username: `shopper${users}@acme.example` },
    });
    for (const list of ['lineitems', 'payments', 'promotions', 'eligiblepromotions']) {
      const page = await expectOk<Page>(await as(token)('GET', `/v1/cart/${list}?pageSize=5`));
      expect(page).toEqual({
        Meta: { Page: 1, PageSize: 5, TotalCount: 0, TotalPages: 0, ItemRange: [0, 0] },
        Items: [],
      });
    }
    for (const [method, url, body] of [
      ['PATCH', '/v1/cart', { Comments: 'x' }],
      ['PUT', '/v1/cart/billto', address('Aarhus')],
      ['POST', '/v1/cart/payments', { Type: 'PurchaseOrder' }],
      ['POST', '/v1/cart/submit'],
      ['POST', '/v1/cart/validate'],
      ['GET', '/v1/cart/worksheet'],
      ['GET', '/v1/cart/lineitems/x'],
    ] as const) {
      const response = await as(token)(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().Errors[0]).toMatchObject({
        ErrorCode: 'NotFound',
        Data: { ObjectType: 'Order' },
      });
    }
    await expectOk(await as(token)('DELETE', '/v1/cart'), 204);
    expect(await myOrders(token)).toEqual([]);
  });

  it('the first line item creates the cart; lines, the cart, addresses and the user act on it', async () => {
    const { token } = await newShopper();
    const cart = as(token);
    const line = await expectOk<Body>(
      await cart('POST', '/v1/cart/lineitems', { ProductID: 'la-48-hall', Quantity: 2 }),
      201,
    );
    expect(line).toMatchObject({ ProductID: 'la-48-hall', Quantity: 2, LineSubtotal: 2000 });
    const order = await expectOk<Body>(await cart('GET', '/v1/cart'));
    expect(order).toMatchObject({ Status: 'Unsubmitted', LineItemCount: 1, Total: 2000 });
    expect(order.ID).toMatch(/^\d{6}$/);
    expect((await myOrders(token)).map((entry) => entry.ID)).toEqual([order.ID]);

    // Lines: get, PUT (new and existing), PATCH, DELETE, list.
    expect(await expectOk<Body>(await cart('GET', `/v1/cart/lineitems/${line.ID}`))).toMatchObject({
      ID: line.ID,
    });
    // PUT of a new line creates it (200, as the order route answers a PUT).
    await expectOk(await cart('PUT', '/v1/cart/lineitems/second', { ProductID: 'la-24-hall', Quantity: 1 }));
    expect(
      await expectOk<Body>(
        await cart('PUT', '/v1/cart/lineitems/second', { ProductID: 'la-24-hall', Quantity: 3 }),
      ),
    ).toMatchObject({ Quantity: 3 });
    expect(
      await expectOk<Body>(await cart('PATCH', `/v1/cart/lineitems/${line.ID}`, { Quantity: 10 })),
    ).toMatchObject({ UnitPrice: 900 });
    expect(errorCode(await cart('PATCH', `/v1/cart/lineitems/${line.ID}`, { Quantity: 0 }))).toBe(
      'LineItem.QuantityMustBePositive',
    );
    expect(errorCode(await cart('POST', '/v1/cart/lineitems', { ProductID: 'nope', Quantity: 1 }))).toBe(
      'NotFound',
    );
    await expectOk(await cart('DELETE', '/v1/cart/lineitems/second'), 204);
    expect(errorCode(await cart('DELETE', '/v1/cart/lineitems/second'))).toBe('NotFound');
    const lines = await expectOk<Page>(await cart('GET', '/v1/cart/lineitems'));
    expect(lines.Items.map((entry) => entry.ID)).toEqual([line.ID]);

    // The cart: PATCH merges, PUT replaces (same ID only).
    expect(
      await expectOk<Body>(
        await cart('PATCH', '/v1/cart', { Comments: 'Gate 4', xp: { CustomerReference: 'PO-1' } }),
      ),
    ).toMatchObject({ ID: order.ID, Comments: 'Gate 4' });
    const saved = await expectOk<Body>(await cart('PUT', '/v1/cart', { xp: { CustomerReference: 'PO-2' } }));
    expect(saved).toMatchObject({
      ID: order.ID,
      Comments: null,
      xp: { CustomerReference: 'PO-2' },
      LineItemCount: 1,
    });
    expect(errorCode(await cart('PUT', '/v1/cart', { ID: 'other' }))).toBe('InvalidRequest');
    expect(errorCode(await cart('PATCH', '/v1/cart', { ShippingCost: 5 }))).toBe(
      'Order.OverrideShippingPermission',
    );

    // Addresses and the order's user.
    expect(
      (await expectOk<Body>(await cart('PUT', '/v1/cart/billto', address('Aarhus')))).BillingAddress,
    ).toMatchObject({ City: 'Aarhus' });
    expect(
      (await expectOk<Body>(await cart('PATCH', '/v1/cart/billto', { City: 'Odense' }))).BillingAddress,
    ).toMatchObject({ Street1: 'Havnegade 1', City: 'Odense' });
    await expectOk(await cart('PUT', '/v1/cart/shipto', address('Vejle')));
    await expectOk(await cart('PATCH', '/v1/cart/shipto', { Zip: '7100' }));
    expect(
      (await expectOk<Body>(await cart('GET', `/v1/cart/lineitems/${line.ID}`))).ShippingAddress,
    ).toMatchObject({ City: 'Vejle', Zip: '7100' });
    expect(errorCode(await cart('PUT', '/v1/cart/shipto', { City: 'Vejle' }))).toBe('InvalidRequest');
    expect(
      (await expectOk<Body>(await cart('PATCH', '/v1/cart/fromuser', { FirstName: 'Guest' }))).FromUser,
    ).toMatchObject({ FirstName: 'Guest' });
    expect(errorCode(await cart('PATCH', '/v1/cart/fromuser', { Username: 'x' }))).toBe('InvalidRequest');
  });

  it('promotions and payments of the cart', async () => {
    await expectOk(
      await admin('POST', '/v1/promotions', {
        ID: 'cart-ten',
        Code: 'CART10',
        AllowAllBuyers: true,
        EligibleExpression: 'true',
        ValueExpression: '10',
        CanCombine: true,
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/promotions', {
        ID: 'cart-auto',
        Code: 'AUTO5',
        AllowAllBuyers: true,
        AutoApply: true,
        EligibleExpression: 'true',
        ValueExpression: '5',
        CanCombine: true,
      }),
      201,
    );
    // A buyer user holding OrderAdmin: the role payment transactions need, on the cart as on the order.
    const { token } = await newShopper(['cart-order-admin']);
    const cart = as(token);
    await expectOk(await cart('POST', '/v1/cart/lineitems', { ProductID: 'la-48-hall', Quantity: 1 }), 201);
    const eligible = await expectOk<Page>(await cart('GET', '/v1/cart/eligiblepromotions'));
    expect(eligible.Items.map((promotion) => promotion.Code).sort()).toEqual(['AUTO5', 'CART10']);
    expect(await expectOk<Body>(await cart('POST', '/v1/cart/promotions/cart10'), 201)).toMatchObject({
      Code: 'CART10',
      Amount: 10,
    });
    expect(errorCode(await cart('POST', '/v1/cart/promotions/CART10'))).toBe('Promotion.AlreadyAdded');
    expect(errorCode(await cart('POST', '/v1/cart/promotions/NOPE'))).toBe('NotFound');
    expect((await expectOk<Body>(await cart('POST', '/v1/cart/applypromotions'))).PromotionDiscount).toBe(15);
    const listed = await expectOk<Page>(await cart('GET', '/v1/cart/promotions'));
    expect(listed.Items.map((promotion) => promotion.Code).sort()).toEqual(['AUTO5', 'CART10']);
    await expectOk(await cart('DELETE', '/v1/cart/promotions/AUTO5'), 204);
    const refreshed = await expectOk<Body>(await cart('POST', '/v1/cart/refreshpromotions'));
    expect((refreshed.PromosAdded as Body[]).map((promotion) => promotion.Code)).toEqual(['AUTO5']);
    expect((await expectOk<Body>(await cart('GET', '/v1/cart'))).PromotionDiscount).toBe(15);

    const payment = await expectOk<Body>(
      await cart('POST', '/v1/cart/payments', { ID: 'po', Type: 'PurchaseOrder' }),
      201,
    );
    expect(payment).toMatchObject({ ID: 'po', Accepted: false, Currency: 'DKK' });
    expect(await expectOk<Body>(await cart('GET', '/v1/cart/payments/po'))).toMatchObject({
      Type: 'PurchaseOrder',
    });
    expect(
      await expectOk<Body>(await cart('PATCH', '/v1/cart/payments/po', { Description: 'PO 4711' })),
    ).toMatchObject({ Description: 'PO 4711' });
    expect(errorCode(await cart('PATCH', '/v1/cart/payments/po', { Type: 'CreditCard' }))).toBe(
      'Payment.CannotPatchProperty',
    );
    expect((await expectOk<Page>(await cart('GET', '/v1/cart/payments'))).Items).toHaveLength(1);
    const withTransaction = await expectOk<Body>(
      await cart('POST', '/v1/cart/payments/po/transactions', { ID: 'tx', Type: 'PurchaseOrder', Amount: 5 }),
      201,
    );
    expect(withTransaction.Transactions).toEqual([expect.objectContaining({ ID: 'tx', Amount: 5 })]);
    await expectOk(await cart('DELETE', '/v1/cart/payments/po/transactions/tx'), 204);
    expect((await expectOk<Body>(await cart('GET', '/v1/cart/payments/po'))).Transactions).toEqual([]);
    await expectOk(await cart('DELETE', '/v1/cart/payments/po'), 204);
    expect(errorCode(await cart('GET', '/v1/cart/payments/po'))).toBe('NotFound');

    // A shopper without OrderAdmin does not write transactions, on the cart as on the order.
    const { token: plain } = await newShopper();
    await expectOk(
      await as(plain)('POST', '/v1/cart/lineitems', { ProductID: 'la-48-hall', Quantity: 1 }),
      201,
    );
    await expectOk(await as(plain)('POST', '/v1/cart/payments', { ID: 'po', Type: 'PurchaseOrder' }), 201);
    expect(
      errorCode(await as(plain)('POST', '/v1/cart/payments/po/transactions', { Type: 'PurchaseOrder' })),
    ).toBe('Auth.InsufficientRoles');
    expect(errorCode(await as(plain)('DELETE', '/v1/cart/payments/po/transactions/tx'))).toBe(
      'Auth.InsufficientRoles',
    );
  });

  it('checks out: shipping, calculate, worksheet, validate, submit; then the cart is empty', async () => {
    const { token } = await newShopper();
    const cart = as(token);
    await expectOk(await cart('POST', '/v1/cart/lineitems', { ProductID: 'la-48-hall', Quantity: 2 }), 201);
    await expectOk(await cart('PUT', '/v1/cart/shipto', address('Aarhus')));
    const estimated = await expectOk<Body>(await cart('POST', '/v1/cart/estimateshipping'));
    expect((estimated.ShipEstimateResponse as { ShipEstimates: Body[] }).ShipEstimates[0]).toMatchObject({
      ID: 'all',
    });
    const selected = await expectOk<Body>(
      await cart('POST', '/v1/cart/shipmethods', {
        ShipMethodSelections: [{ ShipEstimateID: 'all', ShipMethodID: 'express' }],
      }),
    );
    expect(selected.Order).toMatchObject({ ShippingCost: 250 });
    expect(errorCode(await cart('POST', '/v1/cart/shipmethods', { ShipMethodSelections: [] }))).toBe(
      'InvalidRequest',
    );
    expect(
      (await cart('POST', '/v1/cart/validate')).json().Errors.map((error: Body) => error.ErrorCode),
    ).toEqual(['Order.CannotSubmitUncalculatedOrder']);
    const calculated = await expectOk<Body>(await cart('POST', '/v1/cart/calculate'));
    expect(calculated.Order).toMatchObject({ Subtotal: 1000, ShippingCost: 95, TaxCost: 262.5 });
    expect(
      (await expectOk<Body>(await cart('GET', '/v1/cart/worksheet'))).OrderCalculateResponse,
    ).toMatchObject({ Succeeded: true });
    await expectOk(await cart('POST', '/v1/cart/validate'), 204);
    const order = await expectOk<Body>(await cart('GET', '/v1/cart'));
    const submitted = await expectOk<Body>(await cart('POST', '/v1/cart/submit'));
    expect(submitted).toMatchObject({ ID: order.ID, Status: 'Open', IsSubmitted: true });
    // The pre-submit webhook of the order route ran for the cart's submit too.
    expect(middleware.calls.at(-2)).toMatchObject({
      path: '/presubmit',
      body: { RouteParams: { orderID: order.ID } },
    });
    expect((await expectOk<Body>(await cart('GET', '/v1/cart'))).ID).toBeNull();
    expect((await expectOk<Page>(await cart('GET', '/v1/cart/lineitems'))).Items).toEqual([]);
    expect(errorCode(await cart('POST', '/v1/cart/submit'))).toBe('NotFound');
  });

  it('the active cart: the newest Unsubmitted order, or the one set with PUT /cart/{orderID}', async () => {
    const { token } = await newShopper();
    const cart = as(token);
    const create = async (id: string) =>
      expectOk<Body>(await cart('POST', '/v1/orders/Outgoing', { ID: id }), 201);
    await create('older');
    await create('newer');
    expect((await expectOk<Body>(await cart('GET', '/v1/cart'))).ID).toBe('newer');
    await expectOk(await cart('PUT', '/v1/cart/older'), 204);
    expect((await expectOk<Body>(await cart('GET', '/v1/cart'))).ID).toBe('older');
    await create('newest');
    // The choice holds over newer orders.
    expect((await expectOk<Body>(await cart('GET', '/v1/cart'))).ID).toBe('older');
    await expectOk(await cart('PUT', '/v1/cart/newer'), 204);
    await expectOk(await cart('POST', '/v1/cart/lineitems', { ProductID: 'la-48-hall', Quantity: 1 }), 201);
    expect((await expectOk<Body>(await cart('GET', '/v1/orders/Outgoing/newer'))).LineItemCount).toBe(1);

    // Once the chosen cart is submitted, the newest Unsubmitted order is the cart again.
    await expectOk(await cart('POST', '/v1/cart/calculate'));
    await expectOk(await cart('POST', '/v1/cart/submit'));
    expect((await expectOk<Body>(await cart('GET', '/v1/cart'))).ID).toBe('newest');
    const refused = await cart('PUT', '/v1/cart/newer');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Errors[0]).toMatchObject({
      ErrorCode: 'Cart.MustBeUnsubmitted',
      Data: { Status: 'Open' },
    });
    expect(errorCode(await cart('PUT', '/v1/cart/nope'))).toBe('NotFound');
    await expectOk(await cart('POST', '/v1/orders/Outgoing/older/cancel'));
    expect(errorCode(await cart('PUT', '/v1/cart/older'))).toBe('Cart.MustBeUnsubmitted');
    expect((await expectOk<Body>(await cart('GET', '/v1/cart'))).ID).toBe('newest');
  });

  it('a subscription’s order is not the cart', async () => {
    const { token } = await newShopper();
    await expectOk(
      await admin('PUT', '/v1/integrations/subscription', {
        Url: 'http://127.0.0.1:9/hooks',
        HashKey: 'cart-test',
        ApiClientID: 'actuate-middleware',
      }),
    );
    await expectOk(
      await as(token)('POST', '/v1/me/subscriptions', {
        ID: `sub-${users}`,
        Frequency: 1,
        Interval: 'Weeks',
        NextOrderDate: new Date(Date.now() - 60_000).toISOString(),
        Payment: { Type: 'PurchaseOrder' },
      }),
      201,
    );
    await expectOk(
      await as(token)('POST', `/v1/me/subscriptions/sub-${users}/items`, {
        ProductID: 'la-48-hall',
        Quantity: 1,
      }),
      201,
    );
    await expectOk(await admin('POST', '/v1/integrations/subscription/run'));
    const generated = await myOrders(token);
    expect(generated).toEqual([
      expect.objectContaining({ Status: 'Unsubmitted', SubscriptionID: `sub-${users}` }),
    ]);
    expect((await expectOk<Body>(await as(token)('GET', '/v1/cart'))).ID).toBeNull();
    // Chosen explicitly, it is the cart.
    await expectOk(await as(token)('PUT', `/v1/cart/${generated[0]?.ID}`), 204);
    expect((await expectOk<Body>(await as(token)('GET', '/v1/cart'))).ID).toBe(generated[0]?.ID);
  });

  it('DELETE /cart deletes the order with its lines, payments and promotions', async () => {
    const { token } = await newShopper();
    const cart = as(token);
    await expectOk(await cart('PUT', '/v1/cart', { ID: `doomed-${users}`, Comments: 'to go' }));
    const id = `doomed-${users}`;
    expect(await expectOk<Body>(await cart('GET', '/v1/cart'))).toMatchObject({ ID: id, Comments: 'to go' });
    await expectOk(await cart('POST', '/v1/cart/lineitems', { ProductID: 'la-48-hall', Quantity: 1 }), 201);
    await expectOk(await cart('POST', '/v1/cart/payments', { Type: 'PurchaseOrder' }), 201);
    await expectOk(await cart('POST', '/v1/cart/promotions/CART10'), 201);
    await expectOk(await cart('DELETE', '/v1/cart'), 204);
    expect((await expectOk<Body>(await cart('GET', '/v1/cart'))).ID).toBeNull();
    expect(errorCode(await cart('GET', `/v1/orders/Outgoing/${id}`))).toBe('NotFound');
    // A new order under the same ID starts with nothing of the old one.
    await expectOk(await cart('PUT', `/v1/orders/Outgoing/${id}`, {}));
    for (const list of ['lineitems', 'payments', 'promotions'])
      expect((await expectOk<Page>(await cart('GET', `/v1/cart/${list}`))).Items, list).toEqual([]);
    expect(await expectOk<Body>(await cart('GET', '/v1/cart'))).toMatchObject({
      ID: id,
      PromotionDiscount: 0,
      Total: 0,
    });
  });

  it('admin clients have no cart; roles are those of the order routes; bundles do not exist', async () => {
    for (const [method, url, body] of [
      ['GET', '/v1/cart'],
      ['POST', '/v1/cart/lineitems', { ProductID: 'la-48-hall', Quantity: 1 }],
      ['PUT', '/v1/cart', {}],
      ['GET', '/v1/cart/lineitems'],
    ] as const) {
      expect(errorCode(await admin(method, url, body)), `${method} ${url}`).toBe(
        'Order.CreateIncomingRequiresFromUser',
      );
    }
    const { token } = await newShopper();
    const scoped = await requestToken(platform.app, {
      grant_type: 'password',
      client_id: STOREFRONT_CLIENT_ID,
      username: `shopper${users}@acme.example`,
      password: 'actuate-demo',
      scope: 'MeAdmin',
    });
    const meOnly = as(scoped.json().access_token);
    for (const [method, url] of [
      ['GET', '/v1/cart'],
      ['POST', '/v1/cart/lineitems'],
      ['PUT', '/v1/cart/x'],
      ['DELETE', '/v1/cart'],
    ] as const) {
      const response = await meOnly(
        method,
        url,
        method === 'POST' ? { ProductID: 'la-48-hall', Quantity: 1 } : undefined,
      );
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const bundle = await as(token)('POST', '/v1/cart/bundles/kit-1', { LineItems: [] });
    expect(bundle.statusCode).toBe(404);
    expect(bundle.json().Errors[0]).toMatchObject({
      ErrorCode: 'NotFound',
      Data: { ObjectType: 'Bundle', ObjectID: 'kit-1' },
    });
    expect((await as(token)('DELETE', '/v1/cart/bundles/kit-1/item-1')).statusCode).toBe(404);
    expect(await myOrders(token)).toEqual([]);
  });

  it('bad input is a 400 and changes nothing', async () => {
    const { token } = await newShopper();
    await expectOk(
      await as(token)('POST', '/v1/cart/lineitems', { ID: 'kept', ProductID: 'la-48-hall', Quantity: 1 }),
      201,
    );
    const before = await expectOk<Body>(await as(token)('GET', '/v1/cart'));
    const raw = (method: 'POST' | 'PUT' | 'PATCH', url: string, payload: string) =>
      platform.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        payload,
      });
    for (const [method, url] of [
      ['POST', '/v1/cart/lineitems'],
      ['PUT', '/v1/cart'],
      ['PATCH', '/v1/cart'],
      ['PUT', '/v1/cart/billto'],
      ['PATCH', '/v1/cart/shipto'],
      ['POST', '/v1/cart/payments'],
    ] as const) {
      const response = await raw(method, url, '{"Quantity": ');
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(errorCode(response)).toBe('InvalidRequest');
    }
    for (const [method, url, body] of [
      ['POST', '/v1/cart/lineitems', { ProductID: 'la-48-hall', Quantity: 'two' }],
      ['PUT', '/v1/cart/lineitems/kept', { ProductID: 'la-48-hall' }],
      ['PATCH', '/v1/cart', { Gratuity: -5 }],
      ['PATCH', '/v1/cart', { xp: { CustomerReference: 42 } }],
      ['POST', '/v1/cart/payments', { Type: 'Barter' }],
      ['POST', '/v1/cart/shipmethods', { ShipMethodSelections: [{ ShipEstimateID: '' }] }],
      ['PUT', '/v1/cart', { ID: 'bad id with spaces' }],
    ] as const) {
      const response = await as(token)(method, url, body);
      expect(response.statusCode, `${method} ${url} ${response.body}`).toBe(400);
    }
    expect(await expectOk<Body>(await as(token)('GET', '/v1/cart'))).toEqual(before);
    expect((await expectOk<Page>(await as(token)('GET', '/v1/cart/lineitems'))).Items).toEqual([
      expect.objectContaining({ ID: 'kept', Quantity: 1 }),
    ]);
    expect((await expectOk<Page>(await as(token)('GET', '/v1/cart/payments'))).Items).toEqual([]);
  });

  it('concurrent first line items of one user make one cart with every line', async () => {
    const { token } = await newShopper();
    const added = await Promise.all(
      [1, 2, 3, 4].map((quantity) =>
        as(token)('POST', '/v1/cart/lineitems', { ProductID: 'la-48-hall', Quantity: quantity }),
      ),
    );
    for (const response of added) expect(response.statusCode, response.body).toBe(201);
    const orders = await myOrders(token);
    expect(orders).toHaveLength(1);
    const lines = await expectOk<Page>(await as(token)('GET', '/v1/cart/lineitems'));
    expect(lines.Items.map((line) => line.Quantity).sort()).toEqual([1, 2, 3, 4]);
    expect(await expectOk<Body>(await as(token)('GET', '/v1/cart'))).toMatchObject({
      ID: orders[0]?.ID,
      LineItemCount: 4,
    });
  });

  // Last: starting an instance ensures the built-in API clients again, which drops the checkout
  // integration event the tests above set on the storefront's client.
  it('the choice is in the database: another instance on it sees and changes it', async () => {
    const { token } = await newShopper();
    for (const id of ['first', 'second'])
      await expectOk(await as(token)('POST', '/v1/orders/Outgoing', { ID: `${id}-${users}` }), 201);
    await expectOk(await as(token)('PUT', `/v1/cart/first-${users}`), 204);
    const other: ServiceApp = await buildApp(
      readConfig({ MIDDLEWARE_CLIENT_SECRET: MIDDLEWARE_SECRET, SUBSCRIPTION_RUN_INTERVAL_MINUTES: '0' }),
      { database: platform.database, logger: false },
    );
    try {
      await other.ready();
      expect((await expectOk<Body>(await call(other, token, 'GET', '/v1/cart'))).ID).toBe(`first-${users}`);
      await expectOk(await call(other, token, 'PUT', `/v1/cart/second-${users}`), 204);
      expect((await expectOk<Body>(await as(token)('GET', '/v1/cart'))).ID).toBe(`second-${users}`);
    } finally {
      await other.close();
    }
  });
});
