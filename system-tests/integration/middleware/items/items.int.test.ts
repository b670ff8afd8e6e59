/**
 * Items across the real back office (ERP), middleware and platform: an ERP change of an item's
 * lifecycle, successor, stock or lead time reaches the platform product (`item.changed` callback →
 * item-sync job); a blocked item can no longer be put in a cart, and an order that still holds one
 * is refused by the pre-submit check.
 */

import { DEMO_LOGINS } from '@actuate/catalog-data';
import { ORDER_SUBMIT_ROUTE, PreSubmitWebhookResponse } from '@actuate/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRE_SUBMIT_MESSAGES } from '../../../../apps/middleware/src/modules/pre-submit/service.ts';
import { call, expectOk, loginAs } from '../../../../apps/platform/src/testing/harness.ts';
import { backoffice, connectCheckout, platformAdmin, waitFor } from '../support/checkout.ts';
import { signedPost, startWorld, type World } from '../support/harness.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

type Body = Record<string, unknown>;
let world: World;
let item: string;
let successor: string;
let salesCompanyId: string;
let anna: string;

beforeAll(async () => {
  world = await startWorld(['acme-dk'], { backoffice: true });
  const [first, second] = world.demo.salesItems;
  if (!first || !second) throw new Error('demo world without items');
  item = first.salesItemNumber;
  successor = second.salesItemNumber;
  const acme = world.demo.companies.find((company) => company.id === 'acme-dk');
  if (!acme) throw new Error('no acme-dk');
  salesCompanyId = acme.salesCompanyId;
  await connectCheckout(world, [{ id: 'acme-dk', currency: 'DKK' }], [item]);
  anna = await loginAs(world.platform.app, DEMO_LOGINS.shopper);
});
afterAll(() => world?.close());

const product = async () =>
  expectOk<Body & { xp: Body; Inventory: Body | null }>(
    await platformAdmin(world)('GET', `/v1/products/${item}`),
  );
const erp = (method: 'PUT', url: string, body: object) => backoffice(world)(method, url, body);

describe('item sync', () => {
  let orderId: string;

  it('copies a release, the stock, the lead time and the successor onto the platform product', async () => {
    const released = await erp('PUT', `/erp/items/${item}/sales-companies/${salesCompanyId}`, {});
    expect(released.statusCode, released.body).toBe(200);
    const supplied = await erp('PUT', `/erp/items/${item}/supply`, {
      stockQuantity: 42,
      leadTimeDays: 9,
      successorSalesItemNumber: successor,
    });
    expect(supplied.statusCode, supplied.body).toBe(200);
    expect(supplied.json()).toMatchObject({
      stockQuantity: 42,
      leadTimeDays: 9,
      successorSalesItemNumber: successor,
    });
    const synced = await waitFor(async () => {
      const current = await product();
      return current.Inventory?.QuantityAvailable === 42 ? current : undefined;
    });
    expect(synced.xp).toMatchObject({
      SuccessorSalesItemNumber: successor,
      LeadTimeDays: 9,
      SalesCompanyProductStates: { [salesCompanyId]: 'Active' },
    });
    expect(synced.Inventory).toMatchObject({ Enabled: true, OrderCanExceed: true, QuantityAvailable: 42 });

    // Orderable now: the buyer puts it on an order.
    const order = await expectOk<Body>(
      await call(world.platform.app, anna, 'POST', '/v1/orders/Outgoing', {
        xp: { CustomerReference: 'PO-1' },
      }),
      201,
    );
    orderId = order.ID as string;
    await expectOk(
      await call(world.platform.app, anna, 'POST', `/v1/orders/Outgoing/${orderId}/lineitems`, {
        ProductID: item,
        Quantity: 1,
      }),
      201,
    );
  });

  it('a blocked item reaches the platform; the cart refuses it and pre-submit refuses the order', async () => {
    const blocked = await erp('PUT', `/erp/items/${item}/sales-companies/${salesCompanyId}`, {
      lifecycleState: 'Blocked',
    });
    expect(blocked.statusCode, blocked.body).toBe(200);
    await waitFor(async () => {
      const states = (await product()).xp.SalesCompanyProductStates as Body | undefined;
      return states?.[salesCompanyId] === 'Blocked' ? true : undefined;
    });

    const refused = await call(world.platform.app, anna, 'POST', '/v1/cart/lineitems', {
      ProductID: item,
      Quantity: 1,
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json()).toMatchObject({
      Errors: [
        {
          ErrorCode: 'Product.NotOrderable',
          Data: { ProductID: item, ProductState: 'Blocked', SuccessorSalesItemNumber: successor },
        },
      ],
    });

    const response = await signedPost(world.middleware, '/webhooks/presubmit', {
      Route: ORDER_SUBMIT_ROUTE,
      RouteParams: { direction: 'Outgoing', orderID: orderId },
      Verb: 'POST',
      Date: new Date().toISOString(),
      LogID: 'log-1',
      UserToken: 'token-of-the-buyer',
      Request: { Body: {}, Headers: '' },
      ConfigData: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(PreSubmitWebhookResponse.parse(response.json())).toEqual({
      proceed: false,
      body: { Status: 'Failure', Message: PRE_SUBMIT_MESSAGES.itemNotOrderable, Code: 'itemNotOrderable' },
    });
  });

  it('refuses a bad change at the ERP and changes nothing', async () => {
    for (const body of [
      {},
      { stockQuantity: -1 },
      { successorSalesItemNumber: 'nope' },
      { leadTimeDays: 1.5 },
    ]) {
      const response = await erp('PUT', `/erp/items/${item}/supply`, body);
      expect(response.statusCode, response.body).toBe(400);
    }
    const self = await erp('PUT', `/erp/items/${item}/supply`, { successorSalesItemNumber: item });
    expect(self.statusCode, self.body).toBe(422);
    const unknown = await erp('PUT', `/erp/items/${item}/supply`, { successorSalesItemNumber: 'Z99999' });
    expect(unknown.statusCode, unknown.body).toBe(422);
    const item404 = await erp('PUT', '/erp/items/Z99999/supply', { stockQuantity: 1 });
    expect(item404.statusCode, item404.body).toBe(404);
    expect((await product()).Inventory?.QuantityAvailable).toBe(42);
  });
});
