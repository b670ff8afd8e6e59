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
});
