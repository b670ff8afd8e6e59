import { toMinorUnits } from '@actuate/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientCall, merchantCall } from '../../../../apps/payment-gateway/src/testing/index.ts';
import { call } from '../../../../apps/platform/src/testing/harness.ts';
import { storefrontKey, waitFor } from '../support/checkout.ts';
import type { World } from '../support/harness.ts';
import {
  cardPaymentOrder,
  createSession,
  platformCardPayment,
  preSubmit as preSubmitRequest,
  signedNotification,
  startPaymentsWorld,
} from '../support/payments.ts';

/*
 * A payment the gateway holds as pending (a transfer, a received direct debit): the storefront
 * reports it with the session's result, the order may then be placed, and the later webhooks settle
 * the platform payment's state (authorised, refused, disputed, charged back).
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

let world: World;
let annaToken: string;
beforeAll(async () => {
  ({ world, annaToken } = await startPaymentsWorld());
});
afterAll(() => world?.close());

const gatewayApp = () => {
  if (!world.gateway) throw new Error('no gateway');
  return world.gateway.app;
};

const preSubmit = async (orderID: string) =>
  (await preSubmitRequest(world, orderID)).json() as { proceed: boolean };

const reportPending = (orderId: string, body: Record<string, unknown>, token = annaToken) =>
  world.middleware.inject({
    method: 'POST',
    url: `/payments/orders/${orderId}/pending`,
    headers: { ...storefrontKey, authorization: `Bearer ${token}` },
    payload: body,
  });

/** Anna's order with a gateway payment, its session, and a payment the gateway leaves pending. */
async function pendingOrder() {
  const order = await cardPaymentOrder(world, annaToken, { quantity: 1, customerReference: 'PO-7' });
  const created = await createSession(world, order.id, annaToken, 'DK');
  expect(created.statusCode, created.body).toBe(201);
  const session = created.json() as { id: string; sessionData: string };
  // A bank transfer: presented to the shopper, its money still to come.
  const paid = await clientCall(gatewayApp(), `/v1/sessions/${session.id}/payments`, {
    sessionData: session.sessionData,
    paymentMethod: { type: 'bankTransfer_IBAN' },
    browserInfo: { userAgent: 'test', acceptHeader: '*/*' },
  });
  const answer = paid.json() as { resultCode: string; sessionResult: string };
  expect(answer.resultCode).toBe('PresentToShopper');
  const result = await merchantCall(
    gatewayApp(),
    'GET',
    `/v71/sessions/${session.id}?sessionResult=${encodeURIComponent(answer.sessionResult)}`,
  );
  const pspReference = (result.json() as { payments: { pspReference: string }[] }).payments[0]?.pspReference;
  if (!pspReference) throw new Error('no pending payment at the gateway');
  // The tests send the final outcome themselves, under a reference of its own (the gateway would
  // send it once the transfer is marked received).
  return {
    id: order.id,
    value: toMinorUnits(order.total, order.currency),
    currency: order.currency,
    session,
    sessionResult: answer.sessionResult,
    settledReference: `${pspReference.slice(0, 15)}S`,
  };
}

type PendingOrder = Awaited<ReturnType<typeof pendingOrder>>;

/** A webhook about the order (its reference and amount), as the gateway signs it. */
async function webhook(order: PendingOrder, item: Record<string, unknown>) {
  const full = {
    merchantReference: order.id,
    amount: { value: order.value, currency: order.currency },
    merchantAccountCode: 'ActuateStore',
    eventDate: new Date().toISOString(),
    reason: '',
    paymentMethod: 'bankTransfer_IBAN',
    ...item,
  };
  const response = await world.middleware.inject({
    method: 'POST',
    url: '/webhooks/payments',
    payload: signedNotification(full),
  });
  expect(response.statusCode, response.body).toBe(200);
}

const statusBecomes = (orderId: string, status: string) =>
  waitFor(async () => {
    const payment = await platformCardPayment(world, orderId);
    return payment?.xp?.PaymentStatus === status ? payment : undefined;
  });

describe('pending payments', () => {
  it('places the order on a pending payment, then the AUTHORISATION webhook authorises it', async () => {
    const order = await pendingOrder();
    expect((await preSubmit(order.id)).proceed).toBe(false);

    const reported = await reportPending(order.id, {
      sessionId: order.session.id,
      sessionResult: order.sessionResult,
    });
    expect(reported.statusCode, reported.body).toBe(200);
    expect(reported.json()).toEqual({ state: 'Pending' });
    expect((await preSubmit(order.id)).proceed).toBe(true);
    const pending = await platformCardPayment(world, order.id);
    expect(pending.Accepted).toBe(true);
    // The transfer's account and reference as the gateway reports them, not as a browser would.
    expect(pending.xp).toMatchObject({
      PaymentStatus: 'Pending',
      TransferInstructions: {
        paymentMethod: 'bankTransfer_IBAN',
        iban: expect.stringMatching(/^DK\d{2}/),
        reference: expect.any(String),
      },
    });

    await webhook(order, {
      pspReference: order.settledReference,
      eventCode: 'AUTHORISATION',
      success: 'true',
    });
    const authorised = await statusBecomes(order.id, 'Authorised');
    // The cart itself is not written to (that would undo its calculation): the order gets the
    // state once submitted (PaymentService.copyStateToOrder, covered by the storefront's e2e).
    expect(
      (await call(world.platform.app, world.platform.adminToken, 'GET', `/v1/orders/All/${order.id}`)).json()
        .xp?.PaymentStatus,
    ).toBeUndefined();
    expect(authorised.Transactions).toContainEqual(
      expect.objectContaining({ Type: 'Authorization', Succeeded: true }),
    );

    // A dispute, then the chargeback itself.
    await webhook(order, {
      pspReference: 'CB00000000000001',
      originalReference: order.settledReference,
      eventCode: 'NOTIFICATION_OF_CHARGEBACK',
      success: 'true',
    });
    await statusBecomes(order.id, 'ChargebackNotified');
    await webhook(order, {
      pspReference: 'CB00000000000002',
      originalReference: order.settledReference,
      eventCode: 'CHARGEBACK',
      success: 'true',
    });
    const charged = await statusBecomes(order.id, 'ChargedBack');
    expect(charged.Transactions.map((transaction) => transaction.Type)).toEqual(
      expect.arrayContaining(['ChargebackNotice', 'Chargeback']),
    );
  });

  it('marks the pending payment refused when the AUTHORISATION webhook fails', async () => {
    const order = await pendingOrder();
    const reported = await reportPending(order.id, {
      sessionId: order.session.id,
      sessionResult: order.sessionResult,
    });
    expect(reported.json()).toEqual({ state: 'Pending' });
    await webhook(order, {
      pspReference: order.settledReference,
      eventCode: 'AUTHORISATION',
      success: 'false',
      reason: 'Refused',
    });
    await statusBecomes(order.id, 'Refused');
    expect((await preSubmit(order.id)).proceed).toBe(false);
  });

  it('refuses a report it cannot prove and changes nothing', async () => {
    const order = await pendingOrder();
    const other = await pendingOrder();
    const forged = await reportPending(order.id, { sessionId: order.session.id, sessionResult: 'forged' });
    expect(forged.statusCode).toBe(422);
    expect(forged.json()).toMatchObject({ type: 'urn:actuate:problem:session-result-refused' });
    const foreignSession = await reportPending(order.id, {
      sessionId: other.session.id,
      sessionResult: other.sessionResult,
    });
    expect(foreignSession.statusCode).toBe(404);
    const noToken = await reportPending(
      order.id,
      { sessionId: order.session.id, sessionResult: order.sessionResult },
      'not-a-token',
    );
    expect(noToken.statusCode).toBe(401);
    const unknownField = await reportPending(order.id, {
      sessionId: order.session.id,
      sessionResult: order.sessionResult,
      amount: 1,
    });
    expect(unknownField.statusCode).toBe(400);
    const payment = await platformCardPayment(world, order.id);
    expect(payment.Accepted).toBe(false);
    expect(payment.xp?.PaymentStatus).not.toBe('Pending');
    expect(payment.xp?.TransferInstructions).toBeUndefined();
    expect((await preSubmit(order.id)).proceed).toBe(false);
  });
});
