import { describe, expect, it } from 'vitest';
import {
  clientCall,
  DEMO,
  merchantCall,
  paymentRequest,
  testCardMethod,
  useTestGateway,
  webhookEventsOf,
} from '../../testing/index.ts';

const gateway = useTestGateway();
const VISA = testCardMethod('4111111111111111');

const createSession = async (value = 10_000) => {
  const response = await merchantCall(gateway.app, 'POST', '/v71/sessions', {
    amount: { currency: 'EUR', value },
    merchantAccount: DEMO.merchantAccount,
    reference: `session-order-${Math.random().toString(36).slice(2)}`,
    returnUrl: 'http://localhost:3000/checkout/return',
    countryCode: 'NL',
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string; sessionData: string };
};

const sessionCall = (id: string, path: string, body: Record<string, unknown>) =>
  clientCall(gateway.app, `/v1/sessions/${id}/${path}`, body);

/** A part paid by the merchant's server into the session's order (what a gift card would cover). */
const merchantPart = (order: { pspReference: string; orderData: string }, value: number) =>
  merchantCall(
    gateway.app,
    'POST',
    '/v71/payments',
    paymentRequest(VISA, { amount: { currency: 'EUR', value }, order }),
  );

describe('partial-payment orders in a session', () => {
  it('opens the session’s order, sets up for the remainder, pays it and completes the session', async () => {
    const session = await createSession(10_000);
    const opened = await sessionCall(session.id, 'orders', { sessionData: session.sessionData });
    expect(opened.statusCode).toBe(200);
    const order = opened.json() as { pspReference: string; orderData: string; sessionData: string };
    expect(order).toMatchObject({ remainingAmount: { value: 10_000 } });
    expect(order.sessionData).toBeTruthy();

    const part = await merchantPart(order, 4000);
    const afterPart = part.json().order as { pspReference: string; orderData: string };
    const setup = await sessionCall(session.id, 'setup', {
      sessionData: order.sessionData,
      order: afterPart,
    });
    expect(setup.statusCode).toBe(200);
    expect(setup.json().amount).toEqual({ currency: 'EUR', value: 6000 });

    const paid = await sessionCall(session.id, 'payments', {
      sessionData: setup.json().sessionData,
      paymentMethod: VISA,
      order: afterPart,
    });
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({
      resultCode: 'Authorised',
      order: { pspReference: order.pspReference, remainingAmount: { value: 0 } },
    });
    const result = await merchantCall(
      gateway.app,
      'GET',
      `/v71/sessions/${session.id}?sessionResult=${encodeURIComponent(paid.json().sessionResult)}`,
    );
    expect(result.json()).toMatchObject({
      status: 'completed',
      payments: [{ amount: { value: 6000 }, resultCode: 'Authorised' }],
    });
    expect((await webhookEventsOf(gateway.app, order.pspReference)).reverse()).toEqual([
      'ORDER_OPENED:true',
      'ORDER_CLOSED:true',
    ]);
  });

  it('a refused part keeps the session active; its order can be cancelled from the widget', async () => {
    const session = await createSession(5000);
    const order = (await sessionCall(session.id, 'orders', { sessionData: session.sessionData })).json();
    const part = await merchantPart(order, 1000);
    const refused = await sessionCall(session.id, 'payments', {
      sessionData: order.sessionData,
      paymentMethod: testCardMethod('4111111111111111', { holderName: 'DECLINED' }),
      order: part.json().order,
    });
    expect(refused.json()).toMatchObject({
      resultCode: 'Refused',
      order: { remainingAmount: { value: 4000 } },
    });
    const result = await merchantCall(
      gateway.app,
      'GET',
      `/v71/sessions/${session.id}?sessionResult=${encodeURIComponent(refused.json().sessionResult)}`,
    );
    expect(result.json().status).toBe('active');

    const cancelled = await sessionCall(session.id, 'orders/cancel', {
      sessionData: refused.json().sessionData,
      order: refused.json().order,
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ resultCode: 'Received' });
    expect(cancelled.json().sessionData).toBeTruthy();
    expect((await webhookEventsOf(gateway.app, part.json().pspReference)).reverse()).toEqual([
      'AUTHORISATION:true',
      'CANCELLATION:true',
    ]);
    expect((await webhookEventsOf(gateway.app, order.pspReference)).reverse()).toEqual([
      'ORDER_OPENED:true',
      'ORDER_CLOSED:false',
    ]);
  });

  it('refuses another session’s order', async () => {
    const first = await createSession(3000);
    const second = await createSession(3000);
    const order = (await sessionCall(first.id, 'orders', { sessionData: first.sessionData })).json();
    const setup = await sessionCall(second.id, 'setup', {
      sessionData: second.sessionData,
      order: { pspReference: order.pspReference, orderData: order.orderData },
    });
    expect(setup.statusCode).toBe(422);
    const cancel = await sessionCall(second.id, 'orders/cancel', {
      sessionData: second.sessionData,
      order: { pspReference: order.pspReference, orderData: order.orderData },
    });
    expect(cancel.statusCode).toBe(422);
    const badBody = await sessionCall(second.id, 'orders/cancel', { sessionData: second.sessionData });
    expect(badBody.statusCode).toBe(400);
  });
});
