import { describe, expect, it } from 'vitest';
import { merchantCall, paymentRequest, useTestGateway, webhookEventsOf } from '../../../../testing/index.ts';
import { SANDBOX_PAYPAL_MERCHANT_ID } from './family.ts';

const gateway = useTestGateway();

const PAYPAL = { type: 'paypal', subtype: 'sdk', userAction: 'pay' };
const STANDARD_PAYER = 'SBXBUYER000001';

const pay = (extra: Record<string, unknown> = {}, paymentMethod: Record<string, unknown> = PAYPAL) =>
  merchantCall(gateway.app, 'POST', '/v71/payments', paymentRequest(paymentMethod, extra));
const details = (body: Record<string, unknown>) =>
  merchantCall(gateway.app, 'POST', '/v71/payments/details', body);
const order = (orderId: string, path = '', form?: Record<string, string>) =>
  gateway.app.inject({
    method: form ? 'POST' : 'GET',
    url: `/sdk-simulators/paypal/orders/${encodeURIComponent(orderId)}${path}`,
    headers: { origin: 'http://shop.example' },
    ...(form
      ? {
          payload: new URLSearchParams(form).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        }
      : {}),
  });

/** A PayPal payment waiting for the pop-up: its order id (sdkData.token) and paymentData. */
async function pendingPayPal(extra: Record<string, unknown> = {}, paymentMethod = PAYPAL) {
  const response = await pay(extra, paymentMethod);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body).toMatchObject({
    resultCode: 'Pending',
    action: { type: 'sdk', paymentMethodType: 'paypal', sdkData: { token: expect.any(String) } },
  });
  return {
    pspReference: body.pspReference as string,
    orderId: body.action.sdkData.token as string,
    paymentData: body.action.paymentData as string,
  };
}

describe('PayPal (payment-account wallet)', () => {
  it('lists PayPal with its merchant id and intent (tokenize at amount 0)', async () => {
    const list = async (value: number) =>
      (
        await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
          merchantAccount: 'ActuateStore',
          amount: { currency: 'EUR', value },
        })
      ).json().paymentMethods as { type: string; configuration?: unknown }[];
    expect((await list(1000)).find((entry) => entry.type === 'paypal')).toEqual({
      type: 'paypal',
      name: 'PayPal',
      configuration: { merchantId: SANDBOX_PAYPAL_MERCHANT_ID, intent: 'authorize' },
    });
    expect((await list(0)).find((entry) => entry.type === 'paypal')?.configuration).toMatchObject({
      intent: 'tokenize',
    });
  });

  it('authorises once the order is approved, for that payer only; the pop-up reads the order', async () => {
    const { orderId, paymentData, pspReference } = await pendingPayPal();
    const created = await order(orderId);
    expect(created.headers['access-control-allow-origin']).toBe('*');
    expect(created.json()).toMatchObject({
      id: orderId,
      status: 'CREATED',
      purchase_units: [{ amount: { currency_code: 'EUR', value: '10.00' } }],
    });
    // Not approved yet: refused as bad input, nothing changes.
    const early = await details({ details: { orderID: orderId, payerID: STANDARD_PAYER }, paymentData });
    expect(early.statusCode).toBe(422);

    const approved = await order(orderId, '/approve', { buyer: 'standard' });
    expect(approved.json()).toEqual({ orderID: orderId, payerID: STANDARD_PAYER });
    expect((await order(orderId)).json()).toMatchObject({
      status: 'APPROVED',
      payer: { payer_id: STANDARD_PAYER },
    });

    const otherPayer = await details({ details: { orderID: orderId, payerID: 'SOMEONEELSE' }, paymentData });
    expect(otherPayer.statusCode).toBe(422);
    const forged = await details({
      details: { orderID: `${orderId}x`, payerID: STANDARD_PAYER },
      paymentData,
    });
    expect(forged.statusCode).toBe(422);

    const done = await details({ details: { orderID: orderId, payerID: STANDARD_PAYER }, paymentData });
    expect(done.json()).toMatchObject({ resultCode: 'Authorised', pspReference });
    expect(await webhookEventsOf(gateway.app, pspReference)).toContain('AUTHORISATION:true');
    expect((await order(orderId)).json().status).toBe('COMPLETED');
  });

  it('is refused when the approving buyer’s funding declines, Cancelled when the shopper cancels', async () => {
    const declined = await pendingPayPal();
    const { payerID } = (await order(declined.orderId, '/approve', { buyer: 'declined' })).json();
    const refused = await details({
      details: { orderID: declined.orderId, payerID },
      paymentData: declined.paymentData,
    });
    expect(refused.json().resultCode).toBe('Refused');

    const cancelled = await pendingPayPal();
    expect((await order(cancelled.orderId, '/cancel', {})).statusCode).toBe(200);
    const after = await details({
      details: { orderID: cancelled.orderId, payerID: STANDARD_PAYER },
      paymentData: cancelled.paymentData,
    });
    expect(after.json().resultCode).toBe('Cancelled');
    expect((await order(cancelled.orderId, '/approve', { buyer: 'standard' })).statusCode).toBe(422);
  });

  it('refuses a bad subtype or userAction and an unknown order', async () => {
    expect((await pay({}, { type: 'paypal', subtype: 'popup' })).statusCode).toBe(422);
    expect((await pay({}, { type: 'paypal', userAction: 'later' })).statusCode).toBe(422);
    expect((await order('WO1-nope.nope')).statusCode).toBe(404);
  });

  it('express: a shipping option changes the order amount', async () => {
    const { orderId, paymentData } = await pendingPayPal(
      {},
      { type: 'paypal', subtype: 'express', userAction: 'pay' },
    );
    expect((await order(orderId)).json()).toMatchObject({ express: true });
    const updated = await order(orderId, '/shipping', { option: 'express' });
    expect(updated.json().purchase_units[0].amount.value).toBe('20.00');
    const back = await order(orderId, '/shipping', { option: 'standard' });
    expect(back.json().purchase_units[0].amount.value).toBe('10.00');
    const { payerID } = (await order(orderId, '/approve', { buyer: 'standard' })).json();
    expect((await details({ details: { orderID: orderId, payerID }, paymentData })).json().resultCode).toBe(
      'Authorised',
    );
  });

  it('tokenises at amount 0: stores a PayPal agreement that pays at once later', async () => {
    const shopperReference = `paypal-${Math.random().toString(36).slice(2)}`;
    const store = { amount: { currency: 'EUR', value: 0 }, storePaymentMethod: true, shopperReference };
    const { orderId, paymentData } = await pendingPayPal(store);
    expect((await order(orderId)).json().intent).toBe('TOKENIZE');
    const { payerID } = (await order(orderId, '/approve', { buyer: 'standard' })).json();
    const done = await details({
      details: { orderID: orderId, payerID, billingToken: orderId },
      paymentData,
    });
    expect(done.json().resultCode).toBe('Authorised');

    const listed = await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
      merchantAccount: 'ActuateStore',
      shopperReference,
    });
    const stored = (
      listed.json().storedPaymentMethods as { id: string; type: string; label?: string }[]
    ).filter((entry) => entry.type === 'paypal');
    expect(stored).toEqual([expect.objectContaining({ label: 'buyer@sandbox.actuate.test' })]);
    const again = await pay(
      { shopperReference, shopperInteraction: 'ContAuth', recurringProcessingModel: 'CardOnFile' },
      { type: 'paypal', storedPaymentMethodId: stored[0]!.id },
    );
    expect(again.json().resultCode).toBe('Authorised');
    // Zero amount without storing is refused.
    expect((await pay({ amount: { currency: 'EUR', value: 0 } })).statusCode).toBe(422);
  });
});
