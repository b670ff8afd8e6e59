import { toMinorUnits } from '@actuate/contracts';
import { erpSignature } from '@actuate/contracts/signatures';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_SECRETS } from '../../../../apps/middleware/src/config.ts';
import { paymentRequest, testCardMethod } from '../../../../apps/payment-gateway/src/testing/index.ts';
import { waitFor } from '../support/checkout.ts';
import type { World } from '../support/harness.ts';
import {
  cardPaymentOrder,
  createSession,
  platformCardPayment,
  preSubmit,
  signedNotification,
  startPaymentsWorld,
} from '../support/payments.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

let world: World;
let annaToken: string;
beforeAll(async () => {
  ({ world, annaToken } = await startPaymentsWorld());
});
afterAll(() => world?.close());

/** Anna's order of two actuators, paid by card. */
const cardOrder = () => cardPaymentOrder(world, annaToken, { quantity: 2, customerReference: 'PO-9' });

function notification(overrides: Record<string, unknown> = {}) {
  const item = {
    pspReference: 'QX7B2K9M4N8P1R5T',
    merchantAccountCode: 'ActuateStore',
    merchantReference: 'order-for-webhook',
    amount: { value: 250_000, currency: 'DKK' },
    eventCode: 'AUTHORISATION',
    eventDate: '2026-11-22T10:00:00+00:00',
    success: 'true',
    reason: '',
    paymentMethod: 'visa',
    ...overrides,
  };
  return signedNotification(item);
}

const records = (orderId: string) =>
  world.middleware.inject({
    method: 'GET',
    url: `/payments/orders/${orderId}`,
    headers: { 'x-api-key': DEMO_SECRETS.MIDDLEWARE_ADMIN_KEY },
  });

interface ErpShipment {
  erpShipmentId: string;
  lines: { webShopLineItemId: string; quantity: number }[];
  cost?: number;
  currency?: string;
  deliveredAt?: string | null;
}

/** A status callback of the ERP, signed as the back office signs it (with the shipment it reports). */
async function erpCallback(
  orderId: string,
  status: string,
  shipment?: ErpShipment,
  sequence = 2,
  extra: { type?: string; completedShort?: boolean; salesOrder?: { shipments: ErpShipment[] } } = {},
) {
  const { type = 'sales-order.status-changed', ...data } = extra;
  const body = JSON.stringify({
    eventId: `evt-${orderId}-${status}-${sequence}`,
    type,
    subject: `SO-${orderId}`,
    sequence,
    data: {
      webShopOrderId: orderId,
      orderNumber: `SO-${orderId}`,
      ...(type === 'sales-order.status-changed' ? { status } : {}),
      ...(shipment ? { shipment } : {}),
      ...data,
    },
  });
  const response = await world.middleware.inject({
    method: 'POST',
    url: '/erp/callbacks',
    headers: {
      'content-type': 'application/json',
      'x-erp-signature': erpSignature(DEMO_SECRETS.ERP_CALLBACK_SECRET, body),
    },
    payload: body,
  });
  expect(response.statusCode).toBe(204);
}

/** Pays the order's total at the gateway's merchant API with a test card. */
async function payAtGateway(order: { id: string; total: number; currency: string }) {
  const gateway = world.gateway;
  if (!gateway) throw new Error('no gateway');
  const payment = await gateway.app.inject({
    method: 'POST',
    url: '/v71/payments',
    headers: { 'x-api-key': 'sandbox_api_key_actuate' },
    payload: paymentRequest(testCardMethod('4111111111111111'), {
      amount: { value: toMinorUnits(order.total, order.currency), currency: order.currency },
      reference: order.id,
    }),
  });
  expect(payment.json()).toMatchObject({ resultCode: 'Authorised' });
}

type NotificationRecord = { eventCode: string; success: boolean; amount: { value: number } };
/** Waits until the order has `count` notifications of the event code. */
const eventsOf = (orderId: string, eventCode: string, count = 1) =>
  waitFor(async () => {
    const rows = (await records(orderId)).json().notifications as NotificationRecord[];
    const found = rows.filter((row) => row.eventCode === eventCode);
    return found.length >= count ? found : undefined;
  });

const postWebhook = (body: unknown) =>
  world.middleware.inject({ method: 'POST', url: '/webhooks/payments', payload: body as object });

describe('payments', () => {
  it('creates a gateway session for the order total and card authorisation lets the order proceed', async () => {
    const order = await cardOrder();
    const refused = await preSubmit(world, order.id);
    expect(refused.json()).toMatchObject({ proceed: false });

    const response = await createSession(world, order.id, annaToken);
    expect(response.statusCode, response.body).toBe(201);
    const session = response.json();
    const value = toMinorUnits(order.total, order.currency);
    expect(session).toMatchObject({
      clientKey: 'sandbox_client_actuate',
      environmentUrl: world.gateway?.url,
      orderId: order.id,
      amount: { value, currency: order.currency },
    });
    expect(session.id).toEqual(expect.any(String));
    expect(session.sessionData).toEqual(expect.any(String));

    // The shopper pays at the gateway; the gateway's AUTHORISATION webhook reaches the middleware.
    const gateway = world.gateway;
    if (!gateway) throw new Error('no gateway');
    const payment = await gateway.app.inject({
      method: 'POST',
      url: '/v71/payments',
      headers: { 'x-api-key': 'sandbox_api_key_actuate' },
      payload: paymentRequest(testCardMethod('4111111111111111'), {
        amount: { value, currency: order.currency },
        reference: order.id,
      }),
    });
    expect(payment.json()).toMatchObject({ resultCode: 'Authorised' });
    await waitFor(async () => {
      const answer = (await preSubmit(world, order.id)).json();
      return answer.proceed === true ? answer : undefined;
    });

    // The notification becomes a transaction on the platform payment, which is then Accepted.
    const accepted = await waitFor(async () => {
      const card = await platformCardPayment(world, order.id);
      return card?.Accepted === true ? card : undefined;
    });
    expect(accepted.Transactions).toEqual([
      expect.objectContaining({
        Type: 'Authorization',
        Succeeded: true,
        Amount: order.total,
        xp: expect.objectContaining({ EventCode: 'AUTHORISATION' }),
      }),
    ]);

    // The ERP ships the order: the authorisation is captured at the gateway, whose CAPTURE webhook comes back.
    await erpCallback(order.id, 'Shipped');
    const capture = await waitFor(async () => {
      const rows = (await records(order.id)).json().notifications as {
        eventCode: string;
        success: boolean;
      }[];
      return rows.find((row) => row.eventCode === 'CAPTURE');
    });
    expect(capture).toMatchObject({ success: true, amount: { value, currency: order.currency } });
  });

  it('captures each shipment for what it ships, the last one the rest', async () => {
    const order = await cardPaymentOrder(world, annaToken, { quantity: 3, customerReference: 'PO-SPLIT' });
    const value = toMinorUnits(order.total, order.currency);
    await payAtGateway(order);
    await eventsOf(order.id, 'AUTHORISATION');
    const lines = await world.platform.app.inject({
      method: 'GET',
      url: `/v1/orders/Outgoing/${order.id}/lineitems`,
      headers: { authorization: `Bearer ${annaToken}` },
    });
    const lineId = lines.json().Items[0].ID as string;
    await erpCallback(
      order.id,
      'PartlyShipped',
      { erpShipmentId: 'SHP-91001', lines: [{ webShopLineItemId: lineId, quantity: 1 }] },
      3,
    );
    const [first] = await eventsOf(order.id, 'CAPTURE');
    expect(first?.amount.value).toBe(Math.round(value / 3));
    // The second shipment arrives at once: it captures the remainder, not the whole authorisation again.
    await erpCallback(
      order.id,
      'Shipped',
      { erpShipmentId: 'SHP-91002', lines: [{ webShopLineItemId: lineId, quantity: 2 }] },
      4,
    );
    const captures = await eventsOf(order.id, 'CAPTURE', 2);
    expect(captures.map((row) => row.success)).toEqual([true, true]);
    expect(captures.reduce((sum, row) => sum + row.amount.value, 0)).toBe(value);
    // A redelivered shipment callback moves no money.
    await erpCallback(
      order.id,
      'Shipped',
      { erpShipmentId: 'SHP-91002', lines: [{ webShopLineItemId: lineId, quantity: 2 }] },
      4,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(
      (await records(order.id))
        .json()
        .notifications.filter((row: NotificationRecord) => row.eventCode === 'CAPTURE'),
    ).toHaveLength(2);
  });

  it('releases what the shipments did not capture when the ERP completes the order short', async () => {
    const order = await cardPaymentOrder(world, annaToken, { quantity: 4, customerReference: 'PO-SHORT' });
    const value = toMinorUnits(order.total, order.currency);
    await payAtGateway(order);
    await eventsOf(order.id, 'AUTHORISATION');
    const lines = await world.platform.app.inject({
      method: 'GET',
      url: `/v1/orders/Outgoing/${order.id}/lineitems`,
      headers: { authorization: `Bearer ${annaToken}` },
    });
    const lineId = lines.json().Items[0].ID as string;
    const shipment: ErpShipment = {
      erpShipmentId: 'SHP-92001',
      lines: [{ webShopLineItemId: lineId, quantity: 1 }],
      cost: 2_375,
      currency: order.currency,
      deliveredAt: null,
    };
    await erpCallback(order.id, 'PartlyShipped', shipment, 3);
    // Completed short at once, before the shipment's CAPTURE webhook may have arrived: the release
    // waits for it, so the capture is never left without an authorisation.
    await erpCallback(order.id, 'Shipped', undefined, 4, {
      completedShort: true,
      salesOrder: { shipments: [shipment] },
    });
    const [capture] = await eventsOf(order.id, 'CAPTURE');
    const [release] = await eventsOf(order.id, 'CANCELLATION');
    expect(capture?.amount.value).toBe(Math.round(value / 4));
    expect(release).toMatchObject({ success: true, amount: { value: value - Math.round(value / 4) } });
  });

  it('voids an authorisation that arrives after the order was cancelled', async () => {
    const order = await cardOrder();
    await erpCallback(order.id, 'Cancelled');
    await payAtGateway(order);
    const [cancellation] = await eventsOf(order.id, 'CANCELLATION');
    expect(cancellation).toMatchObject({ success: true });
    expect((await records(order.id)).json().authorised[order.currency]).toBe(0);
  });

  it('cancels the authorisation when the ERP cancels the order', async () => {
    const order = await cardOrder();
    const value = toMinorUnits(order.total, order.currency);
    const gateway = world.gateway;
    if (!gateway) throw new Error('no gateway');
    const payment = await gateway.app.inject({
      method: 'POST',
      url: '/v71/payments',
      headers: { 'x-api-key': 'sandbox_api_key_actuate' },
      payload: paymentRequest(testCardMethod('5555555555554444'), {
        amount: { value, currency: order.currency },
        reference: order.id,
      }),
    });
    expect(payment.json()).toMatchObject({ resultCode: 'Authorised' });
    await waitFor(async () => {
      const body = (await records(order.id)).json();
      return body.authorised[order.currency] === value ? body : undefined;
    });
    await erpCallback(order.id, 'Cancelled');
    const cancelled = await waitFor(async () => {
      const body = (await records(order.id)).json();
      return body.notifications.some((row: { eventCode: string }) => row.eventCode === 'CANCELLATION')
        ? body
        : undefined;
    });
    expect(cancelled.authorised[order.currency]).toBe(0);
    expect((await preSubmit(world, order.id)).json()).toMatchObject({ proceed: false });
  });

  it('refuses a session for an order that is not the caller’s', async () => {
    const order = await cardOrder();
    const response = await createSession(world, order.id, 'not-a-token');
    expect(response.statusCode).toBe(401);
  });

  it('accepts a webhook once: delivered twice, the second changes nothing', async () => {
    const body = notification();
    const first = await postWebhook(body);
    expect(first.statusCode).toBe(200);
    expect(first.body).toBe('[accepted]');
    const second = await postWebhook(body);
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe('[accepted]');
    const rows = await records('order-for-webhook');
    expect(rows.statusCode).toBe(200);
    expect(rows.json()).toMatchObject({
      authorised: { DKK: 250_000 },
      notifications: [{ eventCode: 'AUTHORISATION' }],
    });
    expect(rows.json().notifications).toHaveLength(1);
  });

  it('refuses a webhook with a wrong signature and records nothing', async () => {
    const body = notification({ merchantReference: 'order-tampered' });
    const item = body.notificationItems[0]?.NotificationRequestItem as { amount: { value: number } };
    item.amount.value = 1; // tampered after signing
    const response = await postWebhook(body);
    expect(response.statusCode).toBe(401);
    const rows = await records('order-tampered');
    expect(rows.json().notifications).toHaveLength(0);
  });
});
