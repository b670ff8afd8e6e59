import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  clientCall,
  DEMO,
  encodeBase64Json,
  merchantCall,
  OTHER_MERCHANT,
  paymentRequest,
  provisionOtherMerchant,
  testCardMethod,
  useTestGateway,
  webhookEventsOf,
} from '../../testing/index.ts';
import { runChallengePages } from '../../testing/threeds2.ts';
import { notifications } from '../webhooks/schema.ts';

const gateway = useTestGateway();
/** The webhooks of a payment or order, oldest first (the delivery log lists newest first). */
const eventsOf = async (pspReference: string) => (await webhookEventsOf(gateway.app, pspReference)).reverse();
const VISA = testCardMethod('4111111111111111');

interface OrderState {
  pspReference: string;
  orderData: string;
  remainingAmount: { currency: string; value: number };
}

const openOrder = async (value = 10_000, extra: Record<string, unknown> = {}, headers = {}) => {
  const response = await merchantCall(
    gateway.app,
    'POST',
    '/v71/orders',
    {
      amount: { currency: 'EUR', value },
      merchantAccount: DEMO.merchantAccount,
      reference: `order-${Math.random().toString(36).slice(2)}`,
      ...extra,
    },
    headers,
  );
  expect(response.statusCode).toBe(200);
  return response.json() as OrderState & { resultCode: string; expiresAt: string; reference: string };
};

const payInOrder = (order: { pspReference: string; orderData: string }, value: number, extra = {}) =>
  merchantCall(
    gateway.app,
    'POST',
    '/v71/payments',
    paymentRequest(VISA, {
      amount: { currency: 'EUR', value },
      order: { pspReference: order.pspReference, orderData: order.orderData },
      ...extra,
    }),
  );

const cancelOrder = (order: { pspReference: string; orderData: string }) =>
  merchantCall(gateway.app, 'POST', '/v71/orders/cancel', {
    merchantAccount: DEMO.merchantAccount,
    order: { pspReference: order.pspReference, orderData: order.orderData },
  });

const orderStatus = (orderData: string) => clientCall(gateway.app, '/v1/order/status', { orderData });

async function closedWebhookData(orderPspReference: string) {
  const rows = await gateway.database.db
    .select()
    .from(notifications)
    .where(eq(notifications.paymentPspReference, orderPspReference));
  const closed = rows.find((row) => row.eventCode === 'ORDER_CLOSED');
  const items = closed?.body.notificationItems as { NotificationRequestItem: Record<string, unknown> }[];
  return items[0]?.NotificationRequestItem.additionalData as Record<string, string>;
}

describe('partial-payment orders', () => {
  it('opens an order, takes two parts and closes it paid (ORDER_CLOSED true, payments listed)', async () => {
    const order = await openOrder(10_000);
    expect(order).toMatchObject({
      resultCode: 'Success',
      amount: { currency: 'EUR', value: 10_000 },
      remainingAmount: { currency: 'EUR', value: 10_000 },
    });
    expect(new Date(order.expiresAt).getTime() - Date.now()).toBeGreaterThan(23 * 3600_000);
    expect(await eventsOf(order.pspReference)).toEqual(['ORDER_OPENED:true']);

    const first = await payInOrder(order, 4000);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      resultCode: 'Authorised',
      amount: { value: 4000 },
      order: { pspReference: order.pspReference, remainingAmount: { currency: 'EUR', value: 6000 } },
    });
    const afterFirst = first.json().order as OrderState;
    expect(afterFirst.orderData).not.toBe(order.orderData);

    const status = await orderStatus(afterFirst.orderData);
    expect(status.statusCode).toBe(200);
    expect(status.json()).toMatchObject({
      pspReference: order.pspReference,
      remainingAmount: { value: 6000 },
      paymentMethods: [{ type: 'scheme', lastFour: '1111', amount: { currency: 'EUR', value: 4000 } }],
    });

    const rest = await payInOrder(afterFirst, 6000);
    expect(rest.json()).toMatchObject({ resultCode: 'Authorised', order: { remainingAmount: { value: 0 } } });
    expect(await eventsOf(order.pspReference)).toEqual(['ORDER_OPENED:true', 'ORDER_CLOSED:true']);
    expect(await closedWebhookData(order.pspReference)).toMatchObject({
      'order-1-pspReference': first.json().pspReference,
      'order-1-paymentMethod': 'visa',
      'order-1-paymentAmount': 'EUR 40.00',
      'order-2-pspReference': rest.json().pspReference,
      'order-2-paymentAmount': 'EUR 60.00',
    });
    // Closed: no more payments, nothing changes.
    const late = await payInOrder(rest.json().order, 100);
    expect(late.statusCode).toBe(422);
    expect(late.json()).toMatchObject({ status: 422, errorType: 'validation' });
  });

  it('a refused part leaves the remaining amount as it was', async () => {
    const order = await openOrder(5000);
    const refused = await payInOrder(order, 2000, {
      paymentMethod: testCardMethod('4111111111111111', { holderName: 'DECLINED' }),
    });
    expect(refused.json()).toMatchObject({
      resultCode: 'Refused',
      order: { remainingAmount: { value: 5000 } },
    });
    const status = await orderStatus(refused.json().order.orderData);
    expect(status.json()).toMatchObject({ remainingAmount: { value: 5000 }, paymentMethods: [] });
  });

  it('cancel rolls back an authorised part (CANCELLATION) and a captured part (REFUND), ORDER_CLOSED false', async () => {
    const order = await openOrder(10_000);
    const authorised = await payInOrder(order, 3000);
    const captured = await payInOrder(authorised.json().order, 2000, { captureDelayHours: 0 });
    expect(captured.json().resultCode).toBe('Authorised');
    const cancelled = await cancelOrder(order);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ resultCode: 'Received' });
    expect(await eventsOf(authorised.json().pspReference)).toEqual([
      'AUTHORISATION:true',
      'CANCELLATION:true',
    ]);
    expect(await eventsOf(captured.json().pspReference)).toEqual([
      'AUTHORISATION:true',
      'CAPTURE:true',
      'REFUND:true',
    ]);
    expect(await eventsOf(order.pspReference)).toEqual(['ORDER_OPENED:true', 'ORDER_CLOSED:false']);
    // Idempotent: a second cancel answers the same and sends nothing more.
    expect((await cancelOrder(order)).json()).toMatchObject({ resultCode: 'Received' });
    expect(await eventsOf(order.pspReference)).toHaveLength(2);
    expect(await eventsOf(authorised.json().pspReference)).toHaveLength(2);
    const late = await payInOrder(captured.json().order, 100);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toContain('cancelled');
  });

  it('an order that lapses is closed unpaid by the job, its payments rolled back', async () => {
    const order = await openOrder(10_000, { expiresAt: new Date(Date.now() + 2500).toISOString() });
    const part = await payInOrder(order, 1000);
    expect(part.json().resultCode).toBe('Authorised');
    await vi.waitFor(
      async () =>
        expect(await eventsOf(order.pspReference)).toEqual(['ORDER_OPENED:true', 'ORDER_CLOSED:false']),
      { timeout: 15_000, interval: 250 },
    );
    expect(await eventsOf(part.json().pspReference)).toEqual(['AUTHORISATION:true', 'CANCELLATION:true']);
    const status = await orderStatus(part.json().order.orderData);
    expect(status.json()).toMatchObject({ paymentMethods: [] });
    expect((await payInOrder(part.json().order, 100)).statusCode).toBe(422);
  });

  it('refuses bad input with 4xx in the gateway format and changes nothing', async () => {
    const order = await openOrder(5000);
    const wrongCurrency = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest(VISA, { amount: { currency: 'DKK', value: 100 }, order }),
    );
    expect(wrongCurrency.statusCode).toBe(422);
    expect(wrongCurrency.json()).toMatchObject({ status: 422, errorCode: '137', errorType: 'validation' });
    const tooMuch = await payInOrder(order, 5001);
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errorCode).toBe('137');
    const tampered = await payInOrder({ ...order, orderData: `${order.orderData.slice(0, -2)}xx` }, 100);
    expect(tampered.statusCode).toBe(422);
    const swapped = await payInOrder({ ...order, pspReference: 'ABCDEFGHIJKLMNOP' }, 100);
    expect(swapped.statusCode).toBe(422);
    expect((await orderStatus('garbage')).statusCode).toBe(422);

    const paid = await payInOrder(order, 1000);
    expect(paid.json().order.remainingAmount.value).toBe(4000);
    const stale = await payInOrder(order, 100);
    expect(stale.statusCode).toBe(422);
    expect(stale.json().message).toContain('Outdated orderData');
    // The stale orderData still names the order for status and cancel.
    expect((await orderStatus(order.orderData)).json().remainingAmount.value).toBe(4000);

    await provisionOtherMerchant(gateway);
    const foreign = await gateway.app.inject({
      method: 'POST',
      url: '/v71/payments',
      headers: { 'x-api-key': OTHER_MERCHANT.apiKey },
      payload: paymentRequest(VISA, {
        merchantAccount: OTHER_MERCHANT.merchantAccount,
        amount: { currency: 'EUR', value: 100 },
        order: paid.json().order,
      }),
    });
    expect(foreign.statusCode).toBe(422);
    const foreignCancel = await gateway.app.inject({
      method: 'POST',
      url: '/v71/orders/cancel',
      headers: { 'x-api-key': OTHER_MERCHANT.apiKey },
      payload: { merchantAccount: OTHER_MERCHANT.merchantAccount, order: paid.json().order },
    });
    expect(foreignCancel.statusCode).toBe(422);

    const badExpiry = await merchantCall(gateway.app, 'POST', '/v71/orders', {
      amount: { currency: 'EUR', value: 100 },
      merchantAccount: DEMO.merchantAccount,
      reference: 'late',
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    expect(badExpiry.statusCode).toBe(422);
    expect((await orderStatus(paid.json().order.orderData)).json()).toMatchObject({
      remainingAmount: { value: 4000 },
      paymentMethods: [{ amount: { value: 1000 } }],
    });
    expect(await eventsOf(order.pspReference)).toEqual(['ORDER_OPENED:true']);
  });

  it('replays POST /orders for the same Idempotency-Key (one order, one ORDER_OPENED)', async () => {
    const headers = { 'idempotency-key': `order-key-${Math.random()}` };
    const body = {
      amount: { currency: 'EUR', value: 2500 },
      merchantAccount: DEMO.merchantAccount,
      reference: 'idempotent-order',
    };
    const first = await merchantCall(gateway.app, 'POST', '/v71/orders', body, headers);
    const again = await merchantCall(gateway.app, 'POST', '/v71/orders', body, headers);
    expect(again.json()).toEqual(first.json());
    expect(await eventsOf(first.json().pspReference)).toEqual(['ORDER_OPENED:true']);
  });

  it('takes one of two payments sent at once with the same orderData (the order row is locked)', async () => {
    const order = await openOrder(5000);
    const answers = await Promise.all([payInOrder(order, 1000), payInOrder(order, 1000)]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 422]);
    const winner = answers.find((answer) => answer.statusCode === 200);
    expect((await orderStatus(winner?.json().order.orderData)).json()).toMatchObject({
      remainingAmount: { value: 4000 },
      paymentMethods: [{ amount: { value: 1000 } }],
    });
  });

  it('a 3-D Secure part: the action carries the new orderData, the result reduces what remains', async () => {
    const order = await openOrder(5000);
    const started = await payInOrder(order, 2000, { paymentMethod: testCardMethod('4212345678910006') });
    expect(started.json()).toMatchObject({
      resultCode: 'ChallengeShopper',
      order: { pspReference: order.pspReference, remainingAmount: { value: 5000 } },
    });
    expect(started.json().order.orderData).not.toBe(order.orderData);
    const { action } = started.json();
    await runChallengePages(gateway.app, action.token, { otp: 'password' });
    const final = await merchantCall(gateway.app, 'POST', '/v71/payments/details', {
      details: {
        threeDSResult: encodeBase64Json({ transStatus: 'Y', authorisationToken: action.authorisationToken }),
      },
    });
    expect(final.json()).toMatchObject({
      resultCode: 'Authorised',
      order: { remainingAmount: { value: 3000 } },
    });
  });

  it('lists payment methods for what remains of an order', async () => {
    const order = await openOrder(5000);
    const methods = await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
      merchantAccount: DEMO.merchantAccount,
      countryCode: 'NL',
      order: { pspReference: order.pspReference, orderData: order.orderData },
    });
    expect(methods.statusCode).toBe(200);
    expect(methods.json().paymentMethods.length).toBeGreaterThan(0);
  });
});
