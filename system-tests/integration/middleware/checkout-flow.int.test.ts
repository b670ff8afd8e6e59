/**
 * The whole path through the real apps: a buyer's order on the platform, ship estimates and the
 * calculation by the middleware (price service behind it), the pre-submit webhook, submission, the
 * ERP job reaching the back office, and the result written back into the platform order.
 */
import { DEMO_LOGINS } from '@actuate/catalog-data';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiHeaders } from '../../../apps/backoffice/src/testing/index.ts';
import { call, expectOk, loginAs } from '../../../apps/platform/src/testing/harness.ts';
import { addressBody, connectCheckout, erpAddress, waitFor } from './support/checkout.ts';
import { startWorld, type World } from './support/harness.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 240_000 });

type Body = Record<string, unknown>;
let world: World;
let anna: string;

beforeAll(async () => {
  world = await startWorld(['acme-dk'], { backoffice: true });
  // A10001 is a released item of the demo ERP.
  await connectCheckout(world, [{ id: 'acme-dk', currency: 'DKK' }], ['A10001']);
  anna = await loginAs(world.platform.app, DEMO_LOGINS.shopper);
});
afterAll(() => world?.close());

describe('checkout through the platform to the ERP', () => {
  it('prices, submits and sends the order to the ERP, and writes the result into the platform order', async () => {
    const as = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown) =>
      call(world.platform.app, anna, method, url, body);
    const order = await expectOk<Body>(
      await as('POST', '/v1/orders/Outgoing', { xp: { CustomerReference: 'PO-E2E' } }),
      201,
    );
    const url = `/v1/orders/Outgoing/${order.ID}`;
    await expectOk(await as('POST', `${url}/lineitems`, { ProductID: 'A10001', Quantity: 2 }), 201);
    await expectOk(await as('PUT', `${url}/shipto`, addressBody(erpAddress(world, 'acme-dk'))));
    const estimated = await expectOk<Body>(await as('POST', `${url}/estimateshipping`));
    const estimates = (estimated.ShipEstimateResponse as { ShipEstimates: Body[] }).ShipEstimates;
    expect(estimates[0]).toMatchObject({
      ID: 'all-lines',
      ShipMethods: expect.arrayContaining([expect.objectContaining({ ID: 'STANDARD-PARCEL' })]),
    });
    await expectOk(
      await as('POST', `${url}/shipmethods`, {
        ShipMethodSelections: [{ ShipEstimateID: 'all-lines', ShipMethodID: 'STANDARD-PARCEL' }],
      }),
    );
    const calculated = await expectOk<Body>(await as('POST', `${url}/calculate`));
    expect(calculated.OrderCalculateResponse).toMatchObject({ Succeeded: true });
    const priced = calculated.Order as { TaxCost: number; ShippingCost: number };
    expect(priced.TaxCost).toBeGreaterThan(0);
    expect(priced.ShippingCost).toBeGreaterThan(0);

    const submitted = await expectOk<Body>(await as('POST', `${url}/submit`));
    expect(submitted).toMatchObject({ Status: 'Open' });

    const platformOrder = await waitFor(async () => {
      const current = await expectOk<Body>(
        await call(world.platform.app, world.platform.adminToken, 'GET', `/v1/orders/All/${order.ID}`),
      );
      return (current.xp as Body | undefined)?.OrderNumber ? current : undefined;
    });
    expect(platformOrder.xp).toMatchObject({
      WebShopStatus: 'Received',
      ErpSubmissionIssue: 'None',
      SalesCompanyId: 'ADK',
    });
    const lines = await expectOk<{ Items: Body[] }>(
      await call(
        world.platform.app,
        world.platform.adminToken,
        'GET',
        `/v1/orders/All/${order.ID}/lineitems`,
      ),
    );
    expect(lines.Items[0]?.xp).toMatchObject({ ErpLineNumber: 10 });
    const backoffice = world.backoffice?.app;
    const submissions = await backoffice?.inject({
      url: `/erp/web-shop-orders/${order.ID}/submissions`,
      headers: apiHeaders,
    });
    expect(submissions?.json()).toHaveLength(1);

    // The ERP confirms and ships in two parts: the status follows, and the order completes on the platform.
    const orderNumber = (platformOrder.xp as Body).OrderNumber as string;
    for (const step of ['confirm', 'ship', 'ship']) {
      const moved = await backoffice?.inject({
        method: 'POST',
        url: `/erp/sales-orders/${orderNumber}/${step}`,
        headers: apiHeaders,
        payload: {},
      });
      expect(moved?.statusCode, moved?.body).toBe(200);
    }
    const completed = await waitFor(async () => {
      const current = await expectOk<Body>(
        await call(world.platform.app, world.platform.adminToken, 'GET', `/v1/orders/All/${order.ID}`),
      );
      return current.Status === 'Completed' ? current : undefined;
    });
    expect(completed.xp).toMatchObject({ WebShopStatus: 'Shipped', OrderNumber: orderNumber });
    expect((completed.xp as Body).ConfirmedShippingDate).toEqual(expect.any(String));
  });
});
