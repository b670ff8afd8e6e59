import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase } from '@actuate/service-kit/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  apiHeaders,
  type CallbackReceiver,
  orderBody,
  STARTUP_TIMEOUT_MS,
  smallWorld,
  startBackoffice,
  startCallbackReceiver,
  submitOrder,
} from '../../testing/index.ts';

const world = smallWorld();
const [itemA, itemB] = world.erpScenarios.orderableSalesItemNumbers as [string, string];

// Inline vitest projects do not inherit the root timeouts; these suites wait for jobs and callbacks.
vi.setConfig({ testTimeout: 90_000, hookTimeout: STARTUP_TIMEOUT_MS });

describe('sales order progression by paced jobs', () => {
  let database: DatabaseHandle;
  let app: ServiceApp;
  let receiver: CallbackReceiver;

  beforeAll(async () => {
    receiver = await startCallbackReceiver();
    database = await createTestDatabase();
    app = await startBackoffice(database, { ERP_CALLBACK_URL: receiver.url, ERP_PACE_SECONDS: '1' });
    await app.ready();
  }, STARTUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await receiver?.close();
  });

  it('reaches Invoiced with two shipments on its own, and a manual step overtakes the pace without doubling it', async () => {
    const body = orderBody(world, {
      username: 'clara@bauer-de.example',
      items: [{ salesItemNumber: itemA }, { salesItemNumber: itemB }],
    });
    const submitted = await submitOrder(app, body);
    expect(submitted.json()).toMatchObject({ outcome: 'Accepted', salesCompanyId: 'ADE' });
    const orderNumber = submitted.json().orderNumber;
    // A manual confirm right away: the paced confirm scheduled at submission becomes a no-op.
    await app.inject({
      method: 'POST',
      url: `/erp/sales-orders/${orderNumber}/confirm`,
      headers: apiHeaders,
      payload: {},
    });

    await expect
      .poll(
        async () =>
          (await app.inject({ url: `/erp/sales-orders/${orderNumber}`, headers: apiHeaders })).json().status,
        { timeout: 40_000, interval: 500 },
      )
      .toBe('Invoiced');
    const order = (await app.inject({ url: `/erp/sales-orders/${orderNumber}`, headers: apiHeaders })).json();
    expect(order.shipments).toHaveLength(2);
    expect(order.invoice).toMatchObject({ currency: 'EUR', vatRateBasisPoints: 1900 });
    await expect
      .poll(
        () =>
          receiver
            .accepted()
            .filter((entry) => entry.body.subject === orderNumber)
            .map((entry) => entry.body.data.status),
        {
          timeout: 15_000,
        },
      )
      .toEqual(['Received', 'Confirmed', 'PartlyShipped', 'Shipped', 'Invoiced']);
  });
});
