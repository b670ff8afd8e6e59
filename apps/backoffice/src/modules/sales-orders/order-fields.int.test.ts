import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase } from '@actuate/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  apiHeaders,
  orderBody,
  STARTUP_TIMEOUT_MS,
  smallWorld,
  startBackoffice,
  submitOrder,
} from '../../testing/index.ts';

const world = smallWorld();
const [happyItem, secondItem] = world.erpScenarios.orderableSalesItemNumbers as [string, string];
const shopper = 'anna@acme-dk.example';

vi.setConfig({ testTimeout: 90_000, hookTimeout: STARTUP_TIMEOUT_MS });

/** The buyer's order comment and, per line, requested delivery date and cost center on the sales order. */
describe('sales order: comment, requested delivery date and cost center', () => {
  let database: DatabaseHandle;
  let app: ServiceApp;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startBackoffice(database);
    await app.ready();
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('keeps them and shows them on the sales order', async () => {
    const body = orderBody(world, {
      username: shopper,
      items: [{ salesItemNumber: happyItem }, { salesItemNumber: secondItem }],
    });
    const [first, second] = body.lines as [(typeof body.lines)[number], (typeof body.lines)[number]];
    const response = await submitOrder(app, {
      ...body,
      comments: 'Please call before delivery.',
      lines: [
        { ...first, dateNeeded: '2031-03-14', costCenter: 'CC-4711 Assembly' },
        { ...second, dateNeeded: null, costCenter: null },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const salesOrder = await app.inject({
      url: `/erp/web-shop-orders/${body.webShopOrderId}/sales-order`,
      headers: apiHeaders,
    });
    expect(salesOrder.statusCode).toBe(200);
    expect(salesOrder.json()).toMatchObject({
      comments: 'Please call before delivery.',
      lines: [
        { lineNumber: 10, dateNeeded: '2031-03-14', costCenter: 'CC-4711 Assembly' },
        { lineNumber: 20, dateNeeded: null, costCenter: null },
      ],
    });
  });

  it('refuses a date that is no day, a long cost center and a long comment: 400, nothing stored', async () => {
    const body = orderBody(world, { username: shopper, items: [{ salesItemNumber: happyItem }] });
    const [line] = body.lines as [(typeof body.lines)[number]];
    for (const bad of [
      { lines: [{ ...line, dateNeeded: '2031-02-30' }] },
      { lines: [{ ...line, dateNeeded: 'soon' }] },
      { lines: [{ ...line, costCenter: 'x'.repeat(101) }] },
      { comments: 'x'.repeat(2001) },
    ]) {
      const response = await submitOrder(app, { ...body, ...bad });
      expect(response.statusCode, JSON.stringify(bad).slice(0, 80)).toBe(400);
    }
    const lookup = await app.inject({
      url: `/erp/web-shop-orders/${body.webShopOrderId}/submissions`,
      headers: apiHeaders,
    });
    expect(lookup.json()).toEqual([]);
  });
});
