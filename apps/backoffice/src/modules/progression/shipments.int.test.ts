import { describe, expect, it, vi } from 'vitest';
import { apiHeaders, orderBody, STARTUP_TIMEOUT_MS, smallWorld, submitOrder } from '../../testing/index.ts';
import { useBackoffice } from '../../testing/suite.ts';

const world = smallWorld();
const [itemA, itemB] = world.erpScenarios.orderableSalesItemNumbers as [string, string];
const shopper = 'anna@acme-dk.example';

vi.setConfig({ testTimeout: 90_000, hookTimeout: STARTUP_TIMEOUT_MS });

describe('shipment cost, delivery and completing an order short', () => {
  const backoffice = useBackoffice();
  const { step } = backoffice;

  const callbacksOf = (orderNumber: string) =>
    backoffice.receiver.accepted().filter((entry) => entry.body.subject === orderNumber);

  async function confirmedOrder(items: { salesItemNumber: string; quantity: number }[]) {
    const submitted = await submitOrder(backoffice.app, orderBody(world, { username: shopper, items }));
    const orderNumber: string = submitted.json().orderNumber;
    await step(orderNumber, 'confirm');
    return { orderNumber, shippingCost: submitted.json().shippingCost as number | undefined };
  }

  it('shares the shipping cost by units shipped unless the ERP is told, and reports deliveries once', async () => {
    const { orderNumber } = await confirmedOrder([
      { salesItemNumber: itemA, quantity: 3 },
      { salesItemNumber: itemB, quantity: 1 },
    ]);
    const order = (
      await backoffice.app.inject({ url: `/erp/sales-orders/${orderNumber}`, headers: apiHeaders })
    ).json();
    const first = (await step(orderNumber, 'ship', { lines: [{ lineNumber: 10, quantity: 1 }] })).json();
    expect(first.shipments[0]).toMatchObject({
      cost: Math.round(order.shippingCost / 4),
      currency: 'DKK',
      deliveredAt: null,
    });
    const second = (await step(orderNumber, 'ship', { cost: 1234 })).json();
    expect(second.status).toBe('Shipped');
    expect(second.shipments[1].cost).toBe(1234);

    const shipmentId: string = first.shipments[0].erpShipmentId;
    const early = await step(orderNumber, `shipments/${shipmentId}/deliver`, {
      deliveredAt: '2000-01-01T00:00:00Z',
    });
    expect(early.statusCode).toBe(422);
    const delivered = await step(orderNumber, `shipments/${shipmentId}/deliver`);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json().shipments[0].deliveredAt).toEqual(expect.any(String));
    const again = await step(orderNumber, `shipments/${shipmentId}/deliver`);
    expect(again.statusCode).toBe(409);
    expect(again.json().type).toBe('urn:actuate:problem:already-delivered');
    expect((await step(orderNumber, 'shipments/SHP-9999999/deliver')).statusCode).toBe(404);
    expect((await step(orderNumber, 'shipments/not-a-shipment/deliver')).statusCode).toBe(400);

    await expect
      .poll(() => callbacksOf(orderNumber).map((entry) => entry.body.type), { timeout: 20_000 })
      .toContain('sales-order.shipment-delivered');
    const event = callbacksOf(orderNumber).find(
      (entry) => entry.body.type === 'sales-order.shipment-delivered',
    );
    expect(event?.body.sequence).toBe(5);
    expect(event?.body.data).toMatchObject({
      orderNumber,
      shipment: { erpShipmentId: shipmentId, deliveredAt: expect.any(String), cost: expect.any(Number) },
    });
  });

  it('completes a partly shipped order short and invoices only what shipped', async () => {
    const { orderNumber } = await confirmedOrder([{ salesItemNumber: itemA, quantity: 4 }]);
    expect((await step(orderNumber, 'complete-short')).statusCode).toBe(409);
    await step(orderNumber, 'ship', { lines: [{ lineNumber: 10, quantity: 1 }] });
    const short = await step(orderNumber, 'complete-short', { reason: 'Out of production' });
    expect(short.statusCode).toBe(200);
    expect(short.json()).toMatchObject({
      status: 'Shipped',
      completedShortAt: expect.any(String),
      cancellationReason: 'Out of production',
    });
    expect((await step(orderNumber, 'ship')).statusCode).toBe(409);
    const invoiced = (await step(orderNumber, 'invoice')).json();
    const unitPrice: number = invoiced.lines[0].unitPrice;
    expect(invoiced.invoice.netAmount).toBe(unitPrice);

    await expect
      .poll(() => callbacksOf(orderNumber).map((entry) => entry.body.data.status), { timeout: 20_000 })
      .toEqual(['Received', 'Confirmed', 'PartlyShipped', 'Shipped', 'Invoiced']);
    const shipped = callbacksOf(orderNumber)[3];
    expect(shipped?.body.data).toMatchObject({ completedShort: true, shipment: null });
  });
});
