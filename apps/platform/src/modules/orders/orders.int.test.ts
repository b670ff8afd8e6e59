import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesItem, seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  callers,
  createBuyerWithUser,
  errorCode,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

type Body = Record<string, unknown>;

describe('orders: line items, pricing, payments and the status machine', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  let anna: string;
  let bo: string;

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'bo', username: 'bo@acme.example' });
    await seedSmallCatalog(platform, ['acme']);
    anna = await loginAs(platform.app, 'anna@acme.example');
    bo = await loginAs(platform.app, 'bo@acme.example');
    await expectOk(
      await as(anna)('POST', '/v1/me/addresses', {
        ID: 'anna-site',
        Street1: 'Havnegade 1',
        City: 'Aarhus',
        State: 'MJ',
        Zip: '8000',
        Country: 'DK',
      }),
      201,
    );
  });
  afterAll(() => platform?.close());

  const newOrder = async (token = anna, body: Body = {}) =>
    expectOk<Body>(await as(token)('POST', '/v1/orders/Outgoing', body), 201);

  it('creates an order with a human order number, the user and the currency', async () => {
    const first = await newOrder();
    const second = await newOrder();
    expect(first).toMatchObject({
      Status: 'Unsubmitted',
      FromUserID: 'anna',
      FromCompanyID: 'acme',
      Currency: 'DKK',
      Total: 0,
    });
    expect(first.ID).toMatch(/^\d{6}$/);
    expect(Number(second.ID)).toBe(Number(first.ID) + 1);
    expect((first.FromUser as Body).Username).toBe('anna@acme.example');
    const named = await newOrder(anna, { ID: 'PO-{orderIncrementor}' });
    expect(named.ID).toMatch(/^PO-\d{6}$/);
    expect((await as(anna)('POST', '/v1/orders/Outgoing', { ID: named.ID })).statusCode).toBe(409);
  });

  it('prices line items from breaks and spec markups, and totals the order', async () => {
    const order = await newOrder();
    const line = await expectOk<Body>(
      await as(anna)('POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, {
        ProductID: 'la-24-pot',
        Quantity: 10,
        Specs: [{ SpecID: 'stroke', OptionID: '300' }],
      }),
      201,
    );
    // Break 10 → 900; AmountPerQuantity +150 → 1050 per unit.
    expect(line).toMatchObject({
      UnitPrice: 1050,
      LineSubtotal: 10500,
      LineTotal: 10500,
      PriceScheduleID: 'list-dkk',
      Specs: [
        {
          SpecID: 'stroke',
          OptionID: '300',
          Value: '300 mm',
          PriceMarkupType: 'AmountPerQuantity',
          PriceMarkup: 150,
        },
      ],
      Product: { ID: 'la-24-pot', Name: 'LA36 24V potentiometer' },
    });
    const patched = await expectOk<Body>(
      await as(anna)('PATCH', `/v1/orders/Outgoing/${order.ID}/lineitems/${line.ID}`, { Quantity: 2 }),
    );
    expect(patched).toMatchObject({ UnitPrice: 1150, LineSubtotal: 2300 });
    await expectOk(
      await as(anna)('POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, {
        ProductID: 'la-48-hall',
        Quantity: 1,
      }),
      201,
    );
    const totals = await expectOk<Body>(await as(anna)('GET', `/v1/orders/Outgoing/${order.ID}`));
    expect(totals).toMatchObject({ LineItemCount: 2, Subtotal: 3300, Total: 3300 });
  });

  it('prices by the cumulative quantity of a product across lines when the schedule says so (A2)', async () => {
    await expectOk(
      await admin('POST', '/v1/priceschedules', {
        ID: 'cumulative-dkk',
        Name: 'Cumulative DKK',
        Currency: 'DKK',
        UseCumulativeQuantity: true,
        PriceBreaks: [
          { Quantity: 1, Price: 100 },
          { Quantity: 4, Price: 80 },
        ],
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/products', {
        ...salesItem('la-cumulative', 'LA cumulative', { voltage: '24' }),
        DefaultPriceScheduleID: 'cumulative-dkk',
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/catalogs/productassignments', {
        CatalogID: 'main',
        ProductID: 'la-cumulative',
      }),
      204,
    );
    const order = await expectOk<Body>(await as(anna)('POST', '/v1/orders/Outgoing', {}), 201);
    const url = `/v1/orders/Outgoing/${order.ID}/lineitems`;
    const line = (quantity: number) => ({ ProductID: 'la-cumulative', Quantity: quantity });
    const first = await expectOk<Body>(await as(anna)('POST', url, line(2)), 201);
    expect(first).toMatchObject({ UnitPrice: 100 });
    await expectOk(await as(anna)('POST', url, { ProductID: 'la-48-hall', Quantity: 5 }), 201);
    // 2 + 2 of the product reach the 4 break; the other product's 5 do not count.
    expect(await expectOk<Body>(await as(anna)('POST', url, line(2)), 201)).toMatchObject({ UnitPrice: 80 });
    // Re-pricing a line counts the others, not its own previous quantity: 1 + 2 stays below 4.
    expect(await expectOk<Body>(await as(anna)('PUT', `${url}/${first.ID}`, line(1)))).toMatchObject({
      UnitPrice: 100,
    });
  });

  it('refuses bad line items with OrderCloud codes and changes nothing', async () => {
    const order = await newOrder();
    const url = `/v1/orders/Outgoing/${order.ID}/lineitems`;
    expect(
      errorCode(
        await as(anna)('POST', url, {
          ProductID: 'la-24-pot',
          Quantity: 0,
          Specs: [{ SpecID: 'stroke', OptionID: '100' }],
        }),
      ),
    ).toBe('LineItem.QuantityMustBePositive');
    expect(errorCode(await as(anna)('POST', url, { ProductID: 'la-24-pot', Quantity: 1 }))).toBe(
      'LineItem.RequiredSpecMissing',
    );
    expect(
      errorCode(
        await as(anna)('POST', url, {
          ProductID: 'la-24-pot',
          Quantity: 1,
          Specs: [{ SpecID: 'stroke', OptionID: 'x' }],
        }),
      ),
    ).toBe('LineItem.SpecOptionNotFound');
    expect((await as(anna)('POST', url, { ProductID: 'nope', Quantity: 1 })).statusCode).toBe(404);
    expect(
      errorCode(await as(anna)('POST', url, { ProductID: 'la-48-hall', Quantity: 1, UnitPrice: 1 })),
    ).toBe('Auth.InsufficientRoles');
    const after = await expectOk<Body>(await as(anna)('GET', `/v1/orders/Outgoing/${order.ID}`));
    expect(after).toMatchObject({ LineItemCount: 0, Total: 0 });
  });

  it('walks the status machine and refuses every illegal transition', async () => {
    const order = await newOrder(anna, { BillingAddressID: 'anna-site' });
    expect(order.BillingAddress).toMatchObject({ ID: 'anna-site', City: 'Aarhus' });
    const url = `/v1/orders/Outgoing/${order.ID}`;
    expect(errorCode(await as(anna)('POST', `${url}/submit`))).toBe('Order.CannotSubmitWithNoLineItems');
    await expectOk(
      await as(anna)('POST', `${url}/lineitems`, {
        ProductID: 'la-48-hall',
        Quantity: 3,
        ShippingAddressID: 'anna-site',
      }),
      201,
    );
    const payment = await expectOk<Body>(
      await as(anna)('POST', `${url}/payments`, { Type: 'PurchaseOrder' }),
      201,
    );
    expect(payment).toMatchObject({ Accepted: false, Amount: null, Currency: 'DKK' });
    expect(errorCode(await as(anna)('PATCH', `${url}/payments/${payment.ID}`, { Accepted: true }))).toBe(
      'Payment.CannotPatchAccepted',
    );
    expect(errorCode(await as(anna)('PATCH', `${url}/payments/${payment.ID}`, { Type: 'CreditCard' }))).toBe(
      'Payment.CannotPatchProperty',
    );
    expect(errorCode(await as(anna)('POST', `${url}/submit`))).toBe(
      'Order.CannotSubmitWithUnaccceptedPayments',
    );
    // The middleware accepts the payment as order admin.
    await expectOk(
      await admin('PATCH', `/v1/orders/Incoming/${order.ID}/payments/${payment.ID}`, { Accepted: true }),
    );
    await expectOk(
      await admin('POST', `/v1/orders/Incoming/${order.ID}/payments/${payment.ID}/transactions`, {
        Type: 'PurchaseOrder',
        Amount: 3000,
        Succeeded: true,
      }),
      201,
    );
    expect(errorCode(await as(anna)('POST', `${url}/approve`))).toBe('Order.MustBeAwaitingApproval');
    expect(errorCode(await as(anna)('POST', `${url}/complete`))).toBe('Auth.InsufficientRoles');
    expect(errorCode(await admin('POST', `/v1/orders/Incoming/${order.ID}/complete`))).toBe(
      'Order.CannotCompleteBadStatus',
    );
    expect(errorCode(await admin('POST', `/v1/orders/Incoming/${order.ID}/ship`))).toBe(
      'Order.CannotShipBadStatus',
    );
    const submitted = await expectOk<Body>(await as(anna)('POST', `${url}/submit`));
    expect(submitted).toMatchObject({ Status: 'Open', IsSubmitted: true, Total: 3000 });
    expect(typeof submitted.DateSubmitted).toBe('string');
    expect(errorCode(await as(anna)('POST', `${url}/submit`))).toBe('Order.CannotSubmitBadStatus');
    expect(errorCode(await as(anna)('POST', `${url}/cancel`))).toBe('Order.CannotCancelInCurrentStatus');
    expect(
      errorCode(await as(anna)('POST', `${url}/lineitems`, { ProductID: 'la-48-hall', Quantity: 1 })),
    ).toBe('Order.CannotModifySubmittedOrder');
    expect(errorCode(await as(anna)('PATCH', `${url}/payments/${payment.ID}`, { Description: 'x' }))).toBe(
      'Payment.NotAuthorizedToPatch',
    );
    // The middleware writes its xp after submit, on the order and on lines.
    await expectOk(
      await admin('PATCH', `/v1/orders/Incoming/${order.ID}`, {
        xp: { OrderNumber: 'SO-1', WebShopStatus: 'Submitted' },
      }),
    );
    const shipped = await expectOk<Body>(await admin('POST', `/v1/orders/Incoming/${order.ID}/ship`));
    expect(shipped).toMatchObject({ Status: 'Completed', xp: { OrderNumber: 'SO-1' } });
    const lines = await expectOk<{ Items: Body[] }>(await as(anna)('GET', `${url}/lineitems`));
    expect(lines.Items[0]).toMatchObject({ QuantityShipped: 3, ShippingAddress: { ID: 'anna-site' } });
    expect(errorCode(await admin('POST', `/v1/orders/Incoming/${order.ID}/cancel`))).toBe(
      'Order.CannotCancelInCurrentStatus',
    );
  });

  it('cancels unsubmitted orders; an order admin cancels an Open one with nothing shipped', async () => {
    const cart = await newOrder();
    expect(
      (await expectOk<Body>(await as(anna)('POST', `/v1/orders/Outgoing/${cart.ID}/cancel`))).Status,
    ).toBe('Canceled');
    expect(
      errorCode(await as(anna)('POST', `/v1/orders/Outgoing/${cart.ID}/payments`, { Type: 'PurchaseOrder' })),
    ).toBe('Payment.CannotEditCancelled');
    const open = await newOrder();
    await expectOk(
      await as(anna)('POST', `/v1/orders/Outgoing/${open.ID}/lineitems`, {
        ProductID: 'la-48-hall',
        Quantity: 1,
      }),
      201,
    );
    await expectOk(await as(anna)('POST', `/v1/orders/Outgoing/${open.ID}/submit`));
    const canceled = await expectOk<Body>(
      await as(platform.adminToken)('POST', `/v1/orders/Incoming/${open.ID}/cancel`),
    );
    expect(canceled).toMatchObject({ Status: 'Canceled', IsSubmitted: true });
  });

  it('scopes orders by direction and user', async () => {
    const mine = await newOrder();
    expect((await as(bo)('GET', `/v1/orders/Outgoing/${mine.ID}`)).statusCode).toBe(404);
    expect((await as(anna)('GET', `/v1/orders/Incoming/${mine.ID}`)).statusCode).toBe(404);
    expect((await as(platform.adminToken)('GET', `/v1/orders/Outgoing/${mine.ID}`)).statusCode).toBe(404);
    expect((await as(platform.adminToken)('GET', `/v1/orders/Incoming/${mine.ID}`)).statusCode).toBe(200);
    const myOrders = await expectOk<{ Items: Body[] }>(
      await as(anna)('GET', '/v1/me/orders?Status=Unsubmitted'),
    );
    expect(myOrders.Items.map((order) => order.ID)).toContain(mine.ID);
    const outgoing = await expectOk<{ Items: Body[] }>(await as(anna)('GET', '/v1/orders/Outgoing'));
    // Without UnsubmittedOrderReader the direction lists hold submitted orders only.
    expect(outgoing.Items.every((order) => order.Status !== 'Unsubmitted')).toBe(true);
    expect((await as(bo)('GET', '/v1/me/orders')).json().Items).toEqual([]);
    expect((await as(anna)('GET', '/v1/orders/Sideways')).statusCode).toBe(400);
  });
});
