import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiHeaders } from '../../../../apps/backoffice/src/testing/index.ts';
import { DEMO_SECRETS } from '../../../../apps/middleware/src/config.ts';
import { waitFor } from '../support/checkout.ts';
import { signedPost, startWorld, type World } from '../support/harness.ts';
import { orderSubmitEvent } from '../support/orders.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

let world: World;
beforeAll(async () => {
  world = await startWorld(['acme-dk'], { backoffice: true });
});
afterAll(() => world?.close());

const admin = { 'x-api-key': DEMO_SECRETS.MIDDLEWARE_ADMIN_KEY };

const submission = async (orderId: string) => {
  const response = await world.middleware.inject({ url: `/erp/orders/${orderId}`, headers: admin });
  return response.statusCode === 200 ? response.json() : undefined;
};

const settled = (orderId: string) =>
  waitFor(async () => {
    const row = await submission(orderId);
    return row && row.State !== 'Pending' ? row : undefined;
  });

const backoffice = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const app = world.backoffice?.app;
  if (!app) throw new Error('no back office');
  return app.inject({ method, url, headers: apiHeaders, ...(payload ? { payload } : {}) });
};

/** Delivers an ERP callback signed with the demo secret; expects it stored (204). */
async function statusCallback(event: object): Promise<void> {
  const body = JSON.stringify(event);
  const signature = `sha256=${createHmac('sha256', DEMO_SECRETS.ERP_CALLBACK_SECRET).update(body).digest('hex')}`;
  const response = await world.middleware.inject({
    method: 'POST',
    url: '/erp/callbacks',
    headers: { 'content-type': 'application/json', 'x-erp-signature': signature },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(204);
}

describe('ERP submission', () => {
  it('sends a submitted order to the back office exactly once and stores the result', async () => {
    const { orderId, event } = orderSubmitEvent(world, [{ salesItemNumber: 'B10001', quantity: 2 }]);
    const response = await signedPost(world.middleware, '/OrderSubmit', event);
    expect(response.statusCode, response.body).toBe(200);
    const row = await settled(orderId);
    expect(row).toMatchObject({
      State: 'Submitted',
      Outcome: 'Accepted',
      WebShopStatus: 'Received',
      ErpSubmissionIssue: 'None',
      SalesCompanyId: 'ADK',
      LineItems: [{ LineItemID: `${orderId}-li1`, ErpLineNumber: 10, ErpSubmissionIssue: null }],
    });
    expect(row.OrderNumber).toMatch(/^SO-ADK-/);
    const submissions = await backoffice('GET', `/erp/web-shop-orders/${orderId}/submissions`);
    expect(submissions.json()).toHaveLength(1);
    const salesOrder = await backoffice('GET', `/erp/web-shop-orders/${orderId}/sales-order`);
    expect(salesOrder.json()).toMatchObject({ orderNumber: row.OrderNumber });
  });

  it('moves WebShopStatus on the ERP’s signed callbacks, once per event', async () => {
    const { orderId, event } = orderSubmitEvent(world, [{ salesItemNumber: 'B10001', quantity: 1 }]);
    await signedPost(world.middleware, '/OrderSubmit', event);
    const row = await settled(orderId);
    const confirmed = await backoffice('POST', `/erp/sales-orders/${row.OrderNumber}/confirm`, {
      confirmedShippingDate: '2026-12-01',
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const after = await waitFor(async () => {
      const current = await submission(orderId);
      return current?.WebShopStatus === 'Confirmed' ? current : undefined;
    });
    expect(after.ConfirmedShippingDate).toBe('2026-12-01');
  });

  it('keeps a partial submission visible and re-submits it once the cause is fixed', async () => {
    const { orderId, event } = orderSubmitEvent(world, [
      { salesItemNumber: 'B10001', quantity: 2 },
      { salesItemNumber: 'B10002', quantity: 1 },
    ]);
    await signedPost(world.middleware, '/OrderSubmit', event);
    const partial = await settled(orderId);
    expect(partial).toMatchObject({
      Outcome: 'PartiallySubmitted',
      ErpSubmissionIssue: 'PartiallySubmitted',
      LineItems: [
        { LineItemID: `${orderId}-li1`, ErpLineNumber: 10 },
        { LineItemID: `${orderId}-li2`, ErpLineNumber: null, ErpSubmissionIssue: 'MissingItemSalesCompany' },
      ],
    });
    const released = await backoffice('PUT', '/erp/items/B10002/sales-companies/ADK', {});
    expect(released.statusCode, released.body).toBeLessThan(300);
    const resubmitted = await world.middleware.inject({
      method: 'POST',
      url: `/erp/orders/${orderId}/resubmit`,
      headers: admin,
    });
    expect(resubmitted.statusCode, resubmitted.body).toBe(202);
    const accepted = await waitFor(async () => {
      const current = await submission(orderId);
      return current?.Outcome === 'Accepted' ? current : undefined;
    });
    expect(accepted.LineItems[1]).toMatchObject({ ErpLineNumber: 20, ErpSubmissionIssue: null });
    expect(accepted.OrderNumber).toBe(partial.OrderNumber);
  });

  it('applies a callback delivered twice only once', async () => {
    const { orderId, event } = orderSubmitEvent(world, [{ salesItemNumber: 'B10001', quantity: 1 }]);
    await signedPost(world.middleware, '/OrderSubmit', event);
    const row = await settled(orderId);
    const body = {
      eventId: `evt-${orderId}`,
      type: 'sales-order.status-changed',
      subject: row.OrderNumber,
      sequence: 9,
      occurredAt: new Date().toISOString(),
      data: {
        webShopOrderId: orderId,
        orderNumber: row.OrderNumber,
        status: 'PartlyShipped',
        previousStatus: 'Confirmed',
        confirmedShippingDate: '2026-12-02',
        shipment: { erpShipmentId: 'SHP-9', trackingNumber: '123456789012345', containerIds: ['CONT-9'] },
      },
    };
    for (let delivery = 0; delivery < 2; delivery++) await statusCallback(body);
    const after = await submission(orderId);
    expect(after).toMatchObject({ WebShopStatus: 'PartlyShipped', ConfirmedShippingDate: '2026-12-02' });
    expect(after.Shipments).toHaveLength(1);
  });

  it('ends at the newest status when callbacks of an order arrive at the same time', async () => {
    const orders = await Promise.all(
      [1, 2, 3].map(async () => {
        const { orderId, event } = orderSubmitEvent(world, [{ salesItemNumber: 'B10001', quantity: 1 }]);
        await signedPost(world.middleware, '/OrderSubmit', event);
        return settled(orderId);
      }),
    );
    const statusEvent = (row: { OrderNumber: string }, orderId: string, sequence: number, status: string) =>
      statusCallback({
        eventId: `evt-${orderId}-${sequence}`,
        type: 'sales-order.status-changed',
        subject: row.OrderNumber,
        sequence,
        occurredAt: new Date().toISOString(),
        data: { webShopOrderId: orderId, orderNumber: row.OrderNumber, status },
      });
    await Promise.all(
      orders.flatMap((row) => [
        statusEvent(row, row.OrderID, 7, 'PartlyShipped'),
        statusEvent(row, row.OrderID, 6, 'Confirmed'),
      ]),
    );
    for (const row of orders) {
      expect((await submission(row.OrderID)).WebShopStatus).toBe('PartlyShipped');
    }
  });

  it('refuses a callback with a wrong signature, and a re-submit without credentials', async () => {
    const body = JSON.stringify({
      eventId: 'e-1',
      type: 'sales-order.status-changed',
      subject: 'SO-X',
      data: {},
    });
    const wrong = `sha256=${createHmac('sha256', 'not-the-secret').update(body).digest('hex')}`;
    const response = await world.middleware.inject({
      method: 'POST',
      url: '/erp/callbacks',
      headers: { 'content-type': 'application/json', 'x-erp-signature': wrong },
      payload: body,
    });
    expect(response.statusCode).toBe(401);
    const anonymous = await world.middleware.inject({ method: 'POST', url: '/erp/orders/whatever/resubmit' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('records an order awaiting approval without sending it to the ERP', async () => {
    const { orderId, event } = orderSubmitEvent(world, [{ salesItemNumber: 'B10001', quantity: 1 }]);
    const response = await signedPost(world.middleware, '/OrderSubmitForApproval', event);
    expect(response.statusCode).toBe(200);
    expect(await submission(orderId)).toBeUndefined();
  });

  it('sends an approved order to the ERP after OrderApproved', async () => {
    const { orderId, event } = orderSubmitEvent(world, [{ salesItemNumber: 'B10001', quantity: 1 }]);
    await signedPost(world.middleware, '/OrderSubmitForApproval', event);
    expect(await submission(orderId)).toBeUndefined();
    const approved = await signedPost(world.middleware, '/OrderApproved', event);
    expect(approved.statusCode).toBe(200);
    expect(await settled(orderId)).toMatchObject({
      State: 'Submitted',
      Outcome: 'Accepted',
      WebShopStatus: 'Received',
    });
  });
});
