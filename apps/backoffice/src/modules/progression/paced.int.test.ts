import { describe, expect, it, vi } from 'vitest';
import { apiHeaders, orderBody, STARTUP_TIMEOUT_MS, smallWorld, submitOrder } from '../../testing/index.ts';
import { useBackoffice } from '../../testing/suite.ts';

const world = smallWorld();
const [itemA, itemB] = world.erpScenarios.orderableSalesItemNumbers as [string, string];

// Inline vitest projects do not inherit the root timeouts; these suites wait for jobs and callbacks.
vi.setConfig({ testTimeout: 90_000, hookTimeout: STARTUP_TIMEOUT_MS });

describe('sales order progression by paced jobs', () => {
  const backoffice = useBackoffice({ ERP_PACE_SECONDS: '1' });

  it('reaches Invoiced with two shipments on its own, and a manual step overtakes the pace without doubling it', async () => {
    const body = orderBody(world, {
      username: 'clara@bauer-de.example',
      items: [{ salesItemNumber: itemA }, { salesItemNumber: itemB }],
    });
    const submitted = await submitOrder(backoffice.app, body);
    expect(submitted.json()).toMatchObject({ outcome: 'Accepted', salesCompanyId: 'ADE' });
    const orderNumber = submitted.json().orderNumber;
    // A manual confirm right away: the paced confirm scheduled at submission becomes a no-op.
    await backoffice.app.inject({
      method: 'POST',
      url: `/erp/sales-orders/${orderNumber}/confirm`,
      headers: apiHeaders,
      payload: {},
    });

    await expect
      .poll(
        async () =>
          (
            await backoffice.app.inject({ url: `/erp/sales-orders/${orderNumber}`, headers: apiHeaders })
          ).json().status,
        { timeout: 40_000, interval: 500 },
      )
      .toBe('Invoiced');
    const order = (
      await backoffice.app.inject({ url: `/erp/sales-orders/${orderNumber}`, headers: apiHeaders })
    ).json();
    expect(order.shipments).toHaveLength(2);
    expect(order.invoice).toMatchObject({ currency: 'EUR', vatRateBasisPoints: 1900 });
    await expect
      .poll(
        () =>
          backoffice.receiver
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
