import { verifyErpSignature } from '@actuate/contracts/signatures';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_CALLBACK_SECRET } from '../../config.ts';
import { apiHeaders, orderBody, STARTUP_TIMEOUT_MS, smallWorld, submitOrder } from '../../testing/index.ts';
import { useBackoffice } from '../../testing/suite.ts';

const world = smallWorld();
const [itemA, itemB, itemC] = world.erpScenarios.orderableSalesItemNumbers as [string, string, string];
const shopper = 'anna@acme-dk.example';

// Inline vitest projects do not inherit the root timeouts; these suites wait for jobs and callbacks.
vi.setConfig({ testTimeout: 90_000, hookTimeout: STARTUP_TIMEOUT_MS });

describe('sales order progression by trigger endpoints, with signed callbacks', () => {
  const backoffice = useBackoffice();
  const { step } = backoffice;

  it('runs Received → Confirmed → PartlyShipped → Shipped → Invoiced with two shipments; callbacks in order, signed, retried after a 500', async () => {
    const body = orderBody(world, {
      username: shopper,
      items: [
        { salesItemNumber: itemA, quantity: 3 },
        { salesItemNumber: itemB, quantity: 1 },
        { salesItemNumber: itemC, quantity: 4 },
      ],
    });
    // The first delivery attempt is refused: the Received callback must come again, and the others after it.
    // The next sales order number of ADK in this fresh database.
    backoffice.receiver.failNext('SO-ADK-000001', 500);
    const submitted = await submitOrder(backoffice.app, body);
    expect(submitted.statusCode).toBe(201);
    const orderNumber: string = submitted.json().orderNumber;
    expect(orderNumber).toBe('SO-ADK-000001');

    const confirmed = await step(orderNumber, 'confirm');
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({
      status: 'Confirmed',
      confirmedShippingDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });

    const partly = (await step(orderNumber, 'ship')).json();
    expect(partly.status).toBe('PartlyShipped');
    expect(partly.shipments).toHaveLength(1);
    expect(partly.lines.map((line: { quantityShipped: number }) => line.quantityShipped)).toEqual([3, 1, 0]);

    const shipped = (await step(orderNumber, 'ship')).json();
    expect(shipped.status).toBe('Shipped');
    expect(shipped.shipments).toHaveLength(2);
    for (const shipment of shipped.shipments) {
      expect(shipment).toMatchObject({
        erpShipmentId: expect.stringMatching(/^SHP-\d{7}$/),
        carrier: expect.any(String),
        trackingNumber: expect.stringMatching(/^\d{15}$/),
        trackingUrl: expect.stringMatching(/^http:\/\/localhost:4400\/tracking\/(gls|dhl|dsv)\/\d{15}$/),
      });
      expect(shipment.containerIds.length).toBeGreaterThan(0);
      const page = await backoffice.app.inject({ url: new URL(shipment.trackingUrl).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain(shipment.erpShipmentId);
    }
    expect((await backoffice.app.inject({ url: '/tracking/gls/000000000000000' })).statusCode).toBe(404);
    expect(
      shipped.lines.every(
        (line: { quantity: number; quantityShipped: number }) => line.quantityShipped === line.quantity,
      ),
    ).toBe(true);

    const invoiced = (await step(orderNumber, 'invoice')).json();
    expect(invoiced.status).toBe('Invoiced');
    // 8 × 1,250.00 DKK + 95.00 shipping, 25 % VAT (DK domestic).
    expect(invoiced.invoice).toMatchObject({
      invoiceNumber: expect.stringMatching(/^INV-ADK-\d{4}-\d{6}$/),
      currency: 'DKK',
      netAmount: 1_000_000,
      shippingAmount: 9_500,
      vatRateBasisPoints: 2500,
      vatAmount: 252_375,
      totalAmount: 1_261_875,
    });

    await expect
      .poll(
        () => backoffice.receiver.accepted().filter((entry) => entry.body.subject === orderNumber).length,
        {
          timeout: 20_000,
          interval: 200,
        },
      )
      .toBe(5);
    const mine = backoffice.receiver.received.filter((entry) => entry.body.subject === orderNumber);
    expect(mine[0]?.status).toBe(500);
    const delivered = backoffice.receiver.accepted().filter((entry) => entry.body.subject === orderNumber);
    expect(delivered.map((entry) => entry.body.data.status)).toEqual([
      'Received',
      'Confirmed',
      'PartlyShipped',
      'Shipped',
      'Invoiced',
    ]);
    expect(delivered.map((entry) => entry.body.sequence)).toEqual([1, 2, 3, 4, 5]);
    // The retry carries the same event id and the same bytes.
    expect(delivered[0]?.body.eventId).toBe(mine[0]?.body.eventId);
    expect(delivered[0]?.rawBody).toBe(mine[0]?.rawBody);
    for (const entry of delivered) {
      expect(
        verifyErpSignature(DEMO_CALLBACK_SECRET, entry.rawBody, entry.headers['x-erp-signature'] as string),
      ).toBe(true);
      expect(
        verifyErpSignature(
          'some-other-secret-value',
          entry.rawBody,
          entry.headers['x-erp-signature'] as string,
        ),
      ).toBe(false);
      expect(entry.headers['x-erp-event-id']).toBe(entry.body.eventId);
      expect(entry.body.type).toBe('sales-order.status-changed');
    }
    expect(delivered[2]?.body.data.shipment).toMatchObject({
      erpShipmentId: shipped.shipments[0].erpShipmentId,
    });
    expect(delivered[4]?.body.data.invoice).toMatchObject({ invoiceNumber: invoiced.invoice.invoiceNumber });
    expect(delivered[1]?.body.data).toMatchObject({
      webShopOrderId: body.webShopOrderId,
      previousStatus: 'Received',
      status: 'Confirmed',
    });

    const log = await backoffice.app.inject({
      url: `/callbacks?subject=${orderNumber}`,
      headers: apiHeaders,
    });
    expect(log.statusCode).toBe(200);
    const entries = log.json();
    expect(entries).toHaveLength(5);
    const received = entries.find((entry: { sequence: number }) => entry.sequence === 1);
    expect(received).toMatchObject({ state: 'Delivered', attempts: 2, lastStatusCode: expect.any(Number) });
    expect(received.attemptLog.map((attempt: { statusCode: number }) => attempt.statusCode)).toEqual([
      500, 204,
    ]);
    const one = await backoffice.app.inject({ url: `/callbacks/${received.eventId}`, headers: apiHeaders });
    expect(one.json().attemptLog[0]).toMatchObject({ statusCode: 500, error: 'HTTP 500' });
  });

  it('ships a single-line order in two parts too', async () => {
    const body = orderBody(world, { username: shopper, items: [{ salesItemNumber: itemA, quantity: 5 }] });
    const orderNumber = (await submitOrder(backoffice.app, body)).json().orderNumber;
    await step(orderNumber, 'confirm');
    expect((await step(orderNumber, 'ship')).json().lines[0].quantityShipped).toBe(2);
    expect((await step(orderNumber, 'ship')).json().status).toBe('Shipped');
  });

  it('refuses steps out of order with 409 and cancels an unshipped order', async () => {
    const body = orderBody(world, { username: shopper, items: [{ salesItemNumber: itemA }] });
    const orderNumber = (await submitOrder(backoffice.app, body)).json().orderNumber;
    const early = await step(orderNumber, 'ship');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      type: 'urn:actuate:problem:invalid-transition',
      status: 'Received',
    });
    expect((await step(orderNumber, 'invoice')).statusCode).toBe(409);
    const cancelled = await step(orderNumber, 'cancel', { reason: 'Customer changed their mind' });
    expect(cancelled.json()).toMatchObject({
      status: 'Cancelled',
      cancellationReason: 'Customer changed their mind',
    });
    expect((await step(orderNumber, 'confirm')).statusCode).toBe(409);
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
      .toEqual(['Received', 'Cancelled']);
  });

  it('answers unknown orders with 404 and bad step input with 400', async () => {
    expect((await step('SO-ADK-999999', 'confirm')).statusCode).toBe(404);
    expect((await step('not-an-order', 'confirm')).statusCode).toBe(400);
    const body = orderBody(world, { username: shopper, items: [{ salesItemNumber: itemA }] });
    const orderNumber = (await submitOrder(backoffice.app, body)).json().orderNumber;
    const bad = await step(orderNumber, 'confirm', { confirmedShippingDate: 'tomorrow' });
    expect(bad.statusCode).toBe(400);
    const order = await backoffice.app.inject({
      url: `/erp/sales-orders/${orderNumber}`,
      headers: apiHeaders,
    });
    expect(order.json().status).toBe('Received');
  });
});
