import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  callers,
  createBuyerWithUser,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

type Body = Record<string, unknown>;

describe('shipments and shipment items', () => {
  let platform: Platform;
  const { as } = callers(() => platform);
  let anna: string;
  let bo: string;
  let orderId: string;

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'bo', username: 'bo@acme.example' });
    await seedSmallCatalog(platform, ['acme']);
    anna = await loginAs(platform.app, 'anna@acme.example');
    bo = await loginAs(platform.app, 'bo@acme.example');
    const order = await expectOk<Body>(await as(anna)('POST', '/v1/orders/Outgoing', {}), 201);
    orderId = order.ID as string;
    await expectOk(
      await as(anna)('POST', `/v1/orders/Outgoing/${orderId}/lineitems`, {
        ID: 'l1',
        ProductID: 'la-48-hall',
        Quantity: 3,
      }),
      201,
    );
    await expectOk(
      await as(anna)('POST', `/v1/orders/Outgoing/${orderId}/lineitems`, {
        ID: 'l2',
        ProductID: 'la-24-hall',
        Quantity: 1,
      }),
      201,
    );
  });
  afterAll(() => platform?.close());

  it('ships in parts, completes the order when everything has shipped, and shows it to the buyer', async () => {
    const admin = as(platform.adminToken);
    await expectOk(
      await admin('POST', '/v1/shipments', {
        ID: 'sh-1',
        BuyerID: 'acme',
        Shipper: 'DHL',
        TrackingNumber: 'TN1',
        Cost: 12.5,
        xp: { ErpShipmentId: 'E1', ErpContainerIds: ['C1'] },
      }),
      201,
    );
    const early = await admin('POST', '/v1/shipments/sh-1/items', {
      OrderID: orderId,
      LineItemID: 'l1',
      QuantityShipped: 1,
    });
    expect(early.json().Errors[0].ErrorCode).toBe('Order.CannotShipBadStatus');
    await expectOk(await as(anna)('POST', `/v1/orders/Outgoing/${orderId}/submit`));
    const item = await expectOk<Body>(
      await admin('POST', '/v1/shipments/sh-1/items', {
        OrderID: orderId,
        LineItemID: 'l1',
        QuantityShipped: 2,
      }),
      201,
    );
    expect(item).toMatchObject({ QuantityShipped: 2, UnitPrice: 1000, Product: { ID: 'la-48-hall' } });
    const tooMany = await admin('POST', '/v1/shipments/sh-1/items', {
      OrderID: orderId,
      LineItemID: 'l1',
      QuantityShipped: 2,
    });
    expect(tooMany.json().Errors[0].ErrorCode).toBe('Shipment.QuantityExceedsRemaining');
    expect((await expectOk<Body>(await as(anna)('GET', `/v1/orders/Outgoing/${orderId}`))).Status).toBe(
      'Open',
    );
    await expectOk(
      await admin('POST', '/v1/shipments/sh-1/items', {
        OrderID: orderId,
        LineItemID: 'l1',
        QuantityShipped: 1,
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/shipments/sh-1/items', {
        OrderID: orderId,
        LineItemID: 'l2',
        QuantityShipped: 1,
      }),
      201,
    );
    const completed = await expectOk<Body>(await as(anna)('GET', `/v1/orders/Outgoing/${orderId}`));
    expect(completed.Status).toBe('Completed');
    expect(typeof completed.DateCompleted).toBe('string');

    const mine = await expectOk<{ Items: Body[] }>(await as(anna)('GET', '/v1/me/shipments'));
    expect(mine.Items).toEqual([expect.objectContaining({ ID: 'sh-1', TrackingNumber: 'TN1', Cost: 12.5 })]);
    const items = await expectOk<{ Items: Body[] }>(await as(anna)('GET', '/v1/me/shipments/sh-1/items'));
    expect(items.Items.map((entry) => [entry.LineItemID, entry.QuantityShipped])).toEqual([
      ['l1', 3],
      ['l2', 1],
    ]);
    const ofOrder = await expectOk<{ Items: Body[] }>(
      await as(anna)('GET', `/v1/orders/Outgoing/${orderId}/shipments`),
    );
    expect(ofOrder.Items.map((shipment) => shipment.ID)).toEqual(['sh-1']);
    expect((await as(bo)('GET', '/v1/me/shipments/sh-1')).statusCode).toBe(404);
    expect((await as(bo)('GET', '/v1/me/shipments')).json().Items).toEqual([]);
    expect((await as(bo)('GET', `/v1/orders/Outgoing/${orderId}/shipments`)).statusCode).toBe(404);
    expect((await as(anna)('GET', '/v1/shipments')).statusCode).toBe(403);
  });

  it('reads one shipment item and sets the shipment’s ship-from and ship-to addresses', async () => {
    const admin = as(platform.adminToken);
    const item = await expectOk<Body>(await admin('GET', `/v1/shipments/sh-1/items/${orderId}/l1`));
    expect(item).toMatchObject({
      OrderID: orderId,
      LineItemID: 'l1',
      QuantityShipped: 3,
      Product: { ID: 'la-48-hall' },
    });
    for (const url of [
      `/v1/shipments/sh-1/items/${orderId}/nope`,
      '/v1/shipments/sh-1/items/nope/l1',
      `/v1/shipments/nope/items/${orderId}/l1`,
    ]) {
      expect((await admin('GET', url)).statusCode).toBe(404);
    }
    expect((await as(anna)('GET', `/v1/shipments/sh-1/items/${orderId}/l1`)).statusCode).toBe(403);

    const warehouse = { Street1: 'Lagervej 2', City: 'Horsens', State: 'MJ', Zip: '8700', Country: 'DK' };
    const from = await expectOk<Body>(await admin('PUT', '/v1/shipments/sh-1/shipfrom', warehouse));
    expect(from).toMatchObject({
      ID: 'sh-1',
      FromAddressID: null,
      FromAddress: { City: 'Horsens' },
      Shipper: 'DHL',
    });
    const to = await expectOk<Body>(
      await admin('PUT', '/v1/shipments/sh-1/shipto', { ID: 'site-7', ...warehouse, City: 'Aarhus' }),
    );
    expect(to).toMatchObject({
      FromAddress: { City: 'Horsens' },
      ToAddressID: 'site-7',
      ToAddress: { City: 'Aarhus' },
      xp: { ErpShipmentId: 'E1' },
    });
    expect(
      (await admin('PUT', '/v1/shipments/sh-1/shipto', { City: 'Aarhus' })).json().Errors[0].ErrorCode,
    ).toBe('InvalidRequest');
    expect((await admin('PUT', '/v1/shipments/nope/shipfrom', warehouse)).statusCode).toBe(404);
    expect((await as(anna)('PUT', '/v1/shipments/sh-1/shipto', warehouse)).statusCode).toBe(403);
    expect((await expectOk<Body>(await admin('GET', '/v1/shipments/sh-1'))).ToAddress).toMatchObject({
      City: 'Aarhus',
    });
  });
});
