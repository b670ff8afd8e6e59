import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesItem, seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import { connectCheckout } from '../../testing/checkout-setup.ts';
import { fakeMiddleware } from '../../testing/fake-middleware.ts';
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
type Errors = { Errors: { ErrorCode: string; Data: Body | null }[] };

const oneOff = (city: string) => ({
  Street1: 'Havnegade 1',
  City: city,
  State: 'MJ',
  Zip: '8000',
  Country: 'DK',
});
/** The ErrorCodes of an answer, in order; none for a success without body (validate's 204). */
const codes = (response: { statusCode: number; json(): unknown }) =>
  response.statusCode === 204 ? [] : (response.json() as Errors).Errors.map((error) => error.ErrorCode);

/**
 * The order, line item and payment endpoints added for the SDK's Orders/LineItems/Payments: PUT,
 * validate, partial address and FromUser changes, a line's ship-to, transaction deletion and the
 * lines across orders. The storefront's client has a checkout integration, so staleness shows.
 */
describe('orders: save, validate, one-off addresses, from user, lines across orders', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  const middleware = fakeMiddleware();
  let anna: string;
  let bo: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => middleware.server.listen(0, '127.0.0.1', resolve));
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'bo', username: 'bo@acme.example' });
    await seedSmallCatalog(platform, ['acme']);
    await connectCheckout(platform, middleware.server);
    anna = await loginAs(platform.app, 'anna@acme.example');
    bo = await loginAs(platform.app, 'bo@acme.example');
    await expectOk(
      await as(anna)('POST', '/v1/me/addresses', {
        ID: 'anna-site',
        ...oneOff('Aarhus'),
        Shipping: true,
        Billing: true,
      }),
      201,
    );
  });
  afterAll(async () => {
    await platform?.close();
    await new Promise((resolve) => middleware.server.close(resolve));
  });

  /** A new order of anna's with one line of la-48-hall (1000 DKK each). */
  const orderWithLine = async (quantity = 2) => {
    const order = await expectOk<Body>(await as(anna)('POST', '/v1/orders/Outgoing', {}), 201);
    const url = `/v1/orders/Outgoing/${order.ID}`;
    const line = await expectOk<Body>(
      await as(anna)('POST', `${url}/lineitems`, { ProductID: 'la-48-hall', Quantity: quantity }),
      201,
    );
    return { id: order.ID as string, url, lineId: line.ID as string };
  };
  /** Whether submit would still ask for /calculate (the calculation is stale). */
  const stale = async (url: string) =>
    codes(await as(anna)('POST', `${url}/validate`)).includes('Order.CannotSubmitUncalculatedOrder');

  it('PUT creates an order under the path ID, then replaces it under the rules of PATCH', async () => {
    const url = '/v1/orders/Outgoing/anna-put';
    const created = await expectOk<Body>(
      await as(anna)('PUT', url, { Comments: 'first', xp: { CustomerReference: 'A' } }),
    );
    expect(created).toMatchObject({
      ID: 'anna-put',
      Status: 'Unsubmitted',
      FromUserID: 'anna',
      Comments: 'first',
    });
    await expectOk(await as(anna)('POST', `${url}/lineitems`, { ProductID: 'la-48-hall', Quantity: 1 }), 201);
    await expectOk(await as(anna)('POST', `${url}/calculate`));
    expect(await stale(url)).toBe(false);

    // A replacement: fields left out are cleared, xp is replaced (not merged), ShippingCost kept.
    const replaced = await expectOk<Body>(
      await as(anna)('PUT', url, { ID: 'anna-put', BillingAddressID: 'anna-site' }),
    );
    expect(replaced).toMatchObject({
      Comments: null,
      xp: {},
      BillingAddress: { City: 'Aarhus' },
      ShippingCost: 95,
    });
    expect(await stale(url)).toBe(true);

    expect(errorCode(await as(anna)('PUT', url, { ShippingCost: 1 }))).toBe(
      'Order.OverrideShippingPermission',
    );
    expect(errorCode(await as(anna)('PUT', url, { TaxCost: 1 }))).toBe('Order.OverrideTaxPermission');
    expect(errorCode(await as(anna)('PUT', url, { ID: 'other' }))).toBe('InvalidRequest');
    expect(errorCode(await as(anna)('PUT', url, { BillingAddressID: 'nope' }))).toBe('NotFound');
    expect(errorCode(await as(anna)('PUT', url, { Gratuity: -1 }))).toBe('InvalidRequest');
    // Another user's order: NotFound, as for GET, and nothing changes.
    const foreign = await as(bo)('PUT', url, { Comments: 'pwned' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().Errors[0]).toMatchObject({ Data: { ObjectType: 'Order', ObjectID: 'anna-put' } });
    expect(errorCode(await as(anna)('PUT', '/v1/orders/Incoming/new-one', {}))).toBe(
      'Order.CreateIncomingRequiresFromUser',
    );
    const after = await expectOk<Body>(await as(anna)('GET', url));
    expect(after).toMatchObject({ Comments: null, BillingAddressID: 'anna-site', LineItemCount: 1 });
  });

  it('PATCH billto changes a one-off billing address only', async () => {
    const { url } = await orderWithLine();
    expect(errorCode(await as(anna)('PATCH', `${url}/billto`, { City: 'Odense' }))).toBe(
      'BillingAddress.CannotModifyNotFound',
    );
    await expectOk(await as(anna)('PUT', `${url}/billto`, oneOff('Aarhus')));
    const patched = await expectOk<Body>(
      await as(anna)('PATCH', `${url}/billto`, { City: 'Odense', Phone: '12345678' }),
    );
    expect(patched.BillingAddress).toMatchObject({
      Street1: 'Havnegade 1',
      City: 'Odense',
      Phone: '12345678',
    });
    expect(patched.BillingAddressID).toBeNull();
    // The result must still be a whole address, and a one-off address keeps having no ID.
    expect(errorCode(await as(anna)('PATCH', `${url}/billto`, { Street1: '' }))).toBe('InvalidRequest');
    expect(errorCode(await as(anna)('PATCH', `${url}/billto`, { ID: 'anna-site' }))).toBe('InvalidRequest');
    // Changing something else of the order keeps the one-off address.
    await expectOk(await as(anna)('PATCH', url, { Comments: 'kept' }));
    await expectOk(await as(anna)('PUT', url, { Comments: 'kept again' }));
    expect((await expectOk<Body>(await as(anna)('GET', url))).BillingAddress).toMatchObject({
      City: 'Odense',
    });
    // Set by ID: the address book's, not patchable here.
    await expectOk(await as(anna)('PATCH', url, { BillingAddressID: 'anna-site' }));
    const byId = await as(anna)('PATCH', `${url}/billto`, { City: 'Vejle' });
    expect(byId.statusCode).toBe(400);
    expect(codes(byId)).toEqual(['BillingAddress.CannotPatchSetByID']);
    expect((await as(bo)('PATCH', `${url}/billto`, { City: 'Vejle' })).statusCode).toBe(404);
  });

  it('PATCH shipto changes the one-off address of every line and clears the calculation', async () => {
    const { id, url, lineId } = await orderWithLine();
    expect(errorCode(await as(anna)('PATCH', `${url}/shipto`, { City: 'Odense' }))).toBe(
      'ShippingAddress.CannotModifyNotFound',
    );
    await expectOk(
      await as(anna)('POST', `${url}/lineitems`, { ID: 'second', ProductID: 'la-24-hall', Quantity: 1 }),
      201,
    );
    await expectOk(await as(anna)('PUT', `${url}/shipto`, oneOff('Aarhus')));
    await expectOk(await as(anna)('POST', `${url}/calculate`));
    expect(await stale(url)).toBe(false);
    await expectOk(await as(anna)('PATCH', `${url}/shipto`, { Zip: '8200' }));
    expect(await stale(url)).toBe(true);
    const lines = await expectOk<{ Items: Body[] }>(await as(anna)('GET', `${url}/lineitems`));
    expect(lines.Items.map((line) => line.ShippingAddress)).toEqual([
      expect.objectContaining({ City: 'Aarhus', Zip: '8200' }),
      expect.objectContaining({ City: 'Aarhus', Zip: '8200' }),
    ]);
    expect(errorCode(await as(anna)('PATCH', `${url}/shipto`, { Country: 'Denmark' }))).toBe(
      'InvalidRequest',
    );
    await expectOk(await as(anna)('PATCH', url, { ShippingAddressID: 'anna-site' }));
    expect(errorCode(await as(anna)('PATCH', `${url}/shipto`, { Zip: '9000' }))).toBe(
      'ShippingAddress.CannotPatchSetByID',
    );
    const line = await expectOk<Body>(await as(anna)('GET', `${url}/lineitems/${lineId}`));
    expect(line.ShippingAddress).toMatchObject({ Zip: '8200' });
    expect((await as(bo)('PATCH', `/v1/orders/Outgoing/${id}/shipto`, { Zip: '1' })).statusCode).toBe(404);
  });

  it('PUT and PATCH lineitems/{id}/shipto set one line’s address and clear the calculation', async () => {
    const { url, lineId } = await orderWithLine();
    const lineUrl = `${url}/lineitems/${lineId}/shipto`;
    expect(errorCode(await as(anna)('PATCH', lineUrl, { City: 'Odense' }))).toBe(
      'LineItem.CannotPatchShippingAddressIfMissing',
    );
    await expectOk(await as(anna)('POST', `${url}/calculate`));
    const put = await expectOk<Body>(await as(anna)('PUT', lineUrl, oneOff('Aarhus')));
    expect(put).toMatchObject({ ID: lineId, ShippingAddressID: null, ShippingAddress: { City: 'Aarhus' } });
    expect(await stale(url)).toBe(true);
    await expectOk(await as(anna)('POST', `${url}/calculate`));
    const patched = await expectOk<Body>(await as(anna)('PATCH', lineUrl, { City: 'Odense' }));
    expect(patched.ShippingAddress).toMatchObject({ Street1: 'Havnegade 1', City: 'Odense' });
    expect(await stale(url)).toBe(true);
    expect(errorCode(await as(anna)('PUT', lineUrl, { City: 'Odense' }))).toBe('InvalidRequest');
    expect(errorCode(await as(anna)('PUT', `${url}/lineitems/nope/shipto`, oneOff('Aarhus')))).toBe(
      'NotFound',
    );
    // A saved address (by ID) is the address book's.
    await expectOk(await as(anna)('PUT', lineUrl, { ID: 'anna-site', ...oneOff('Aarhus') }));
    expect(errorCode(await as(anna)('PATCH', lineUrl, { City: 'Vejle' }))).toBe(
      'ShippingAddress.CannotPatchSetByID',
    );
    expect((await as(bo)('PUT', lineUrl, oneOff('Vejle'))).statusCode).toBe(404);
    const line = await expectOk<Body>(await as(anna)('GET', `${url}/lineitems/${lineId}`));
    expect(line).toMatchObject({ ShippingAddressID: 'anna-site', ShippingAddress: { City: 'Aarhus' } });
  });

  it('PATCH fromuser changes FirstName, LastName and Email only', async () => {
    const { url } = await orderWithLine();
    const patched = await expectOk<Body>(
      await as(anna)('PATCH', `${url}/fromuser`, { FirstName: 'Guest', Email: 'guest@example.com' }),
    );
    expect(patched.FromUser).toMatchObject({
      ID: 'anna',
      FirstName: 'Guest',
      LastName: 'anna',
      Email: 'guest@example.com',
    });
    const refused = await as(anna)('PATCH', `${url}/fromuser`, { Username: 'root', FirstName: 'X' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().Errors[0]).toMatchObject({
      ErrorCode: 'InvalidRequest',
      Data: { Fields: ['Username'] },
    });
    expect(errorCode(await as(anna)('PATCH', `${url}/fromuser`, { Email: 'not an e-mail' }))).toBe(
      'InvalidRequest',
    );
    expect(errorCode(await as(anna)('PATCH', `${url}/fromuser`, { xp: { Admin: true } }))).toBe(
      'InvalidRequest',
    );
    expect((await expectOk<Body>(await as(anna)('GET', url))).FromUser).toMatchObject({
      FirstName: 'Guest',
      Username: 'anna@acme.example',
    });
    // The user record itself is not the order's snapshot.
    expect((await expectOk<Body>(await as(anna)('GET', '/v1/me'))).FirstName).toBe('Test');
    expect((await as(bo)('PATCH', `${url}/fromuser`, { FirstName: 'pwned' })).statusCode).toBe(404);
  });

  it('DELETE …/transactions/{id} removes one transaction (OrderAdmin only)', async () => {
    const { id, url } = await orderWithLine();
    const payment = await expectOk<Body>(
      await as(anna)('POST', `${url}/payments`, { Type: 'PurchaseOrder' }),
      201,
    );
    const incoming = `/v1/orders/Incoming/${id}/payments/${payment.ID}`;
    for (const transactionId of ['t1', 't2'])
      await expectOk(
        await admin('POST', `${incoming}/transactions`, {
          ID: transactionId,
          Type: 'PurchaseOrder',
          Amount: 10,
        }),
        201,
      );
    expect(errorCode(await as(anna)('DELETE', `${url}/payments/${payment.ID}/transactions/t1`))).toBe(
      'Auth.InsufficientRoles',
    );
    await expectOk(await admin('DELETE', `${incoming}/transactions/t1`), 204);
    const missing = await admin('DELETE', `${incoming}/transactions/t1`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().Errors[0].Data).toMatchObject({ ObjectType: 'PaymentTransaction', ObjectID: 't1' });
    expect(errorCode(await admin('DELETE', `/v1/orders/Incoming/${id}/payments/nope/transactions/t2`))).toBe(
      'NotFound',
    );
    const after = await expectOk<Body>(await admin('GET', incoming));
    expect((after.Transactions as Body[]).map((transaction) => transaction.ID)).toEqual(['t2']);
  });

  it('keeps every one of concurrent transactions of a payment, and refuses a repeated transaction ID', async () => {
    const { id, url } = await orderWithLine();
    const payment = await expectOk<Body>(
      await as(anna)('POST', `${url}/payments`, { Type: 'PurchaseOrder' }),
      201,
    );
    const transactions = `/v1/orders/Incoming/${id}/payments/${payment.ID}/transactions`;
    const ids = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'];
    const created = await Promise.all(
      ids.map((ID) => admin('POST', transactions, { ID, Type: 'CreditCard', Amount: 5, Succeeded: true })),
    );
    expect(created.map((response) => response.statusCode)).toEqual(ids.map(() => 201));
    const repeated = await admin('POST', transactions, { ID: 'c1', Type: 'Refund', Amount: -5 });
    expect(repeated.statusCode).toBe(409);
    expect(errorCode(repeated)).toBe('IdExists');
    const after = await expectOk<Body>(
      await admin('GET', `/v1/orders/Incoming/${id}/payments/${payment.ID}`),
    );
    expect((after.Transactions as Body[]).map((transaction) => transaction.ID).sort()).toEqual(ids);
  });

  it('GET /v1/lineitems/{direction} lists the lines of the orders the order list shows', async () => {
    const cart = await orderWithLine(1);
    const submitted = await orderWithLine(3);
    await expectOk(await as(anna)('POST', `${submitted.url}/calculate`));
    await expectOk(await as(anna)('POST', `${submitted.url}/submit`));
    const boOrder = await expectOk<Body>(await as(bo)('POST', '/v1/orders/Outgoing', {}), 201);
    await expectOk(
      await as(bo)('POST', `/v1/orders/Outgoing/${boOrder.ID}/lineitems`, {
        ProductID: 'la-24-hall',
        Quantity: 1,
      }),
      201,
    );
    await expectOk(await as(bo)('POST', `/v1/orders/Outgoing/${boOrder.ID}/calculate`));
    await expectOk(await as(bo)('POST', `/v1/orders/Outgoing/${boOrder.ID}/submit`));

    // Anna without UnsubmittedOrderReader: her submitted orders' lines, as her order list shows them.
    const mine = await expectOk<{ Meta: Body; Items: Body[] }>(
      await as(anna)('GET', '/v1/lineitems/Outgoing'),
    );
    const orderIds = new Set(mine.Items.map((line) => line.OrderID));
    expect(orderIds).toContain(submitted.id);
    expect(orderIds).not.toContain(cart.id);
    expect(orderIds).not.toContain(boOrder.ID);
    const line = mine.Items.find((item) => item.OrderID === submitted.id);
    expect(line).toMatchObject({
      ID: submitted.lineId,
      ProductID: 'la-48-hall',
      Quantity: 3,
      Order: { ID: submitted.id, Status: 'Open' },
    });
    expect(
      (await expectOk<{ Items: Body[] }>(await as(anna)('GET', '/v1/lineitems/Incoming'))).Items,
    ).toEqual([]);

    // The marketplace (FullAccess) sees every buyer's lines as Incoming, unsubmitted ones too.
    const all = await expectOk<{ Meta: Body; Items: Body[] }>(
      await admin('GET', '/v1/lineitems/Incoming?pageSize=100'),
    );
    const allOrders = new Set(all.Items.map((item) => item.OrderID));
    for (const orderId of [cart.id, submitted.id, boOrder.ID]) expect(allOrders).toContain(orderId);
    expect((await expectOk<{ Items: Body[] }>(await admin('GET', '/v1/lineitems/Outgoing'))).Items).toEqual(
      [],
    );
    const filtered = await expectOk<{ Items: Body[] }>(
      await admin(
        'GET',
        `/v1/lineitems/Incoming?OrderID=${boOrder.ID}&ProductID=la-24*&buyerID=acme&sortBy=!Quantity`,
      ),
    );
    expect(filtered.Items.map((item) => item.OrderID)).toEqual([boOrder.ID]);
    expect(
      (await expectOk<{ Items: Body[] }>(await admin('GET', '/v1/lineitems/Incoming?buyerID=other'))).Items,
    ).toEqual([]);
    expect(
      (await expectOk<{ Items: Body[] }>(await admin('GET', '/v1/lineitems/Incoming?supplierID=any'))).Items,
    ).toEqual([]);
    expect(
      (await expectOk<{ Items: Body[] }>(await admin('GET', '/v1/lineitems/Incoming?to=2000-01-01'))).Items,
    ).toEqual([]);
    const paged = await expectOk<{ Meta: Body; Items: Body[] }>(
      await admin('GET', '/v1/lineitems/Incoming?pageSize=1&page=2'),
    );
    expect(paged.Meta).toMatchObject({ Page: 2, PageSize: 1, ItemRange: [2, 2] });
    expect(paged.Meta.TotalCount).toBe(all.Meta.TotalCount);
    expect(errorCode(await admin('GET', '/v1/lineitems/Incoming?from=yesterday'))).toBe('InvalidRequest');
    expect(errorCode(await admin('GET', '/v1/lineitems/Incoming?Nope=1'))).toBe('InvalidRequest');
    expect((await admin('GET', '/v1/lineitems/Sideways')).statusCode).toBe(400);
  });

  it('validate answers what submit would, every problem at once, and changes nothing', async () => {
    await expectOk(
      await admin('POST', '/v1/priceschedules', {
        ID: 'capped-dkk',
        Name: 'Capped DKK',
        Currency: 'DKK',
        MaxQuantity: 5,
        PriceBreaks: [{ Quantity: 1, Price: 100 }],
      }),
      201,
    );
    for (const [id, schedule] of [
      ['va-gone', 'list-dkk'],
      ['va-capped', 'capped-dkk'],
    ] as const) {
      await expectOk(
        await admin('POST', '/v1/products', {
          ...salesItem(id, id, { voltage: '24' }),
          DefaultPriceScheduleID: schedule,
        }),
        201,
      );
      await expectOk(
        await admin('POST', '/v1/catalogs/productassignments', { CatalogID: 'main', ProductID: id }),
        204,
      );
    }
    await expectOk(
      await admin('POST', '/v1/promotions', {
        ID: 'soon-over',
        Code: 'SOON',
        AllowAllBuyers: true,
        EligibleExpression: 'true',
        ValueExpression: '10',
        ExpirationDate: '2099-01-01T00:00:00.000Z',
      }),
      201,
    );
    const { id, url } = await orderWithLine();
    await expectOk(
      await as(anna)('POST', `${url}/lineitems`, { ID: 'gone', ProductID: 'va-gone', Quantity: 1 }),
      201,
    );
    await expectOk(
      await as(anna)('POST', `${url}/lineitems`, { ID: 'capped', ProductID: 'va-capped', Quantity: 4 }),
      201,
    );
    await expectOk(await as(anna)('POST', `${url}/promotions/SOON`), 201);
    const payment = await expectOk<Body>(
      await as(anna)('POST', `${url}/payments`, { Type: 'PurchaseOrder' }),
      201,
    );
    await expectOk(await as(anna)('POST', `${url}/calculate`));
    // Since then: a product withdrawn, a schedule capped below the line, the promotion expired.
    await expectOk(await admin('PATCH', '/v1/products/va-gone', { Active: false }));
    await expectOk(await admin('PATCH', '/v1/priceschedules/capped-dkk', { MaxQuantity: 3 }));
    await expectOk(
      await admin('PATCH', '/v1/promotions/soon-over', { ExpirationDate: '2021-01-01T00:00:00.000Z' }),
    );
    const before = await expectOk<Body>(await as(anna)('GET', url));

    const validated = await as(anna)('POST', `${url}/validate`);
    expect(validated.statusCode).toBe(400);
    expect(codes(validated)).toEqual([
      'Order.CannotSubmitWithUnaccceptedPayments',
      'Order.ProductsNotFound',
      'PriceSchedule.CannotExceedMax',
      'Promotion.Expired',
    ]);
    const errors = (validated.json() as Errors).Errors;
    expect(errors[0]?.Data).toMatchObject({ PaymentIDs: [payment.ID] });
    expect(errors[1]?.Data).toMatchObject({ ProductIDs: ['va-gone'] });
    expect(errors[2]?.Data).toMatchObject({ LineItemID: 'capped' });
    // Submit answers the same before its pre-submit webhook, but for the payments: it checks those
    // after the webhook, which may accept them (the middleware's does). Nothing changed.
    const hooksBefore = middleware.calls.filter((entry) => entry.path === '/presubmit').length;
    expect(codes(await as(anna)('POST', `${url}/submit`))).toEqual(codes(validated).slice(1));
    expect(middleware.calls.filter((entry) => entry.path === '/presubmit')).toHaveLength(hooksBefore);
    expect(await expectOk<Body>(await as(anna)('GET', url))).toEqual(before);
    expect((await expectOk<Body>(await admin('GET', '/v1/promotions/soon-over'))).RedemptionCount).toBe(0);

    // Put right one by one; a change clears the calculation, which validate then names.
    await expectOk(await as(anna)('DELETE', `${url}/lineitems/gone`), 204);
    await expectOk(await as(anna)('PATCH', `${url}/lineitems/capped`, { Quantity: 3 }));
    await expectOk(await as(anna)('DELETE', `${url}/promotions/SOON`));
    expect(codes(await as(anna)('POST', `${url}/validate`))).toEqual([
      'Order.CannotSubmitWithUnaccceptedPayments',
      'Order.CannotSubmitUncalculatedOrder',
    ]);
    await expectOk(await as(anna)('POST', `${url}/calculate`));
    // Only the payment left: submit asks the pre-submit webhook first, then refuses.
    expect(codes(await as(anna)('POST', `${url}/submit`))).toEqual([
      'Order.CannotSubmitWithUnaccceptedPayments',
    ]);
    expect(middleware.calls.filter((entry) => entry.path === '/presubmit')).toHaveLength(hooksBefore + 1);
    await expectOk(
      await admin('PATCH', `/v1/orders/Incoming/${id}/payments/${payment.ID}`, { Accepted: true }),
    );
    await expectOk(await as(anna)('POST', `${url}/validate`), 204);
    expect(await expectOk<Body>(await as(anna)('POST', `${url}/submit`))).toMatchObject({ Status: 'Open' });
    expect(codes(await as(anna)('POST', `${url}/validate`))).toEqual(['Order.CannotSubmitBadStatus']);
    expect((await as(bo)('POST', `${url}/validate`)).statusCode).toBe(404);
  });

  it('an empty cart validates with the codes of an empty cart', async () => {
    const order = await expectOk<Body>(await as(anna)('POST', '/v1/orders/Outgoing', {}), 201);
    const response = await as(anna)('POST', `/v1/orders/Outgoing/${order.ID}/validate`);
    expect(response.statusCode).toBe(400);
    expect(codes(response)).toEqual([
      'Order.CannotSubmitWithNoLineItems',
      'Order.CannotSubmitUncalculatedOrder',
    ]);
  });
});
