import { DEMO_LOGINS } from '@actuate/catalog-data';
import { ORDER_SUBMIT_ROUTE, toMinorUnits } from '@actuate/contracts';
import { notificationHmac } from '@actuate/contracts/signatures';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_SECRETS } from '../../../../apps/middleware/src/config.ts';
import { clientCall, merchantCall } from '../../../../apps/payment-gateway/src/testing/index.ts';
import { seedSmallCatalog } from '../../../../apps/platform/src/testing/catalog-fixtures.ts';
import { call, expectOk, loginAs } from '../../../../apps/platform/src/testing/harness.ts';
import { storefrontKey } from '../support/checkout.ts';
import { signedPost, startWorld, type World } from '../support/harness.ts';

/*
 * A payment the gateway holds as pending (a transfer, a received direct debit): the storefront
 * reports it with the session's result, the order may then be placed, and the later webhooks settle
 * the platform payment's state (authorised, refused, disputed, charged back).
 */

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

let world: World;
let annaToken: string;
beforeAll(async () => {
  world = await startWorld(['acme-dk'], { gateway: true });
  await seedSmallCatalog(world.platform, ['acme-dk']);
  annaToken = await loginAs(world.platform.app, DEMO_LOGINS.shopper);
});
afterAll(() => world?.close());

const gatewayApp = () => {
  if (!world.gateway) throw new Error('no gateway');
  return world.gateway.app;
};

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const preSubmit = async (orderID: string) =>
  (
    await signedPost(world.middleware, '/webhooks/presubmit', {
      Route: ORDER_SUBMIT_ROUTE,
      RouteParams: { direction: 'Outgoing', orderID },
      Verb: 'POST',
      Date: new Date().toISOString(),
      Request: { Body: {} },
      ConfigData: {},
    })
  ).json() as { proceed: boolean };

const platformPayment = async (orderId: string) => {
  const list = await call(
    world.platform.app,
    world.platform.adminToken,
    'GET',
    `/v1/orders/All/${orderId}/payments`,
  );
  return (list.json().Items as Record<string, unknown>[]).find((item) => item.Type === 'CreditCard') as {
    Accepted: boolean;
    xp: Record<string, unknown>;
    Transactions: { Type: string; Succeeded: boolean; xp: Record<string, unknown> }[];
  };
};

const reportPending = (orderId: string, body: Record<string, unknown>, token = annaToken) =>
  world.middleware.inject({
    method: 'POST',
    url: `/payments/orders/${orderId}/pending`,
    headers: { ...storefrontKey, authorization: `Bearer ${token}` },
    payload: body,
  });

/** Anna's order with a gateway payment, its session, and a payment the gateway leaves pending. */
async function pendingOrder() {
  const platform = world.platform.app;
  const order = await expectOk<{ ID: string }>(
    await call(platform, annaToken, 'POST', '/v1/orders/Outgoing', { xp: { CustomerReference: 'PO-7' } }),
    201,
  );
  await expectOk(
    await call(platform, annaToken, 'POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, {
      ProductID: 'la-24-hall',
      Quantity: 1,
    }),
    201,
  );
  await expectOk(
    await call(platform, annaToken, 'POST', `/v1/orders/Outgoing/${order.ID}/payments`, {
      Type: 'CreditCard',
    }),
    201,
  );
  const read = await expectOk<{ Total: number; Currency: string }>(
    await call(platform, annaToken, 'GET', `/v1/orders/Outgoing/${order.ID}`),
  );
  const created = await world.middleware.inject({
    method: 'POST',
    url: '/payments/sessions',
    headers: { ...storefrontKey, authorization: `Bearer ${annaToken}` },
    payload: { orderId: order.ID, returnUrl: 'http://localhost:3000/en/checkout/return', countryCode: 'DK' },
  });
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
    id: order.ID,
    value: toMinorUnits(read.Total, read.Currency),
    currency: read.Currency,
    session,
    sessionResult: answer.sessionResult,
    settledReference: `${pspReference.slice(0, 15)}S`,
  };
}

/** A webhook as the gateway signs it. */
async function webhook(item: Record<string, unknown>) {
  const full = {
    merchantAccountCode: 'ActuateStore',
    eventDate: new Date().toISOString(),
    reason: '',
    paymentMethod: 'bankTransfer_IBAN',
    ...item,
  };
  const response = await world.middleware.inject({
    method: 'POST',
    url: '/webhooks/payments',
    payload: {
      live: 'false',
      notificationItems: [
        {
          NotificationRequestItem: {
            ...full,
            additionalData: {
              hmacSignature: notificationHmac(DEMO_SECRETS.PAYMENT_WEBHOOK_HMAC_KEY, full as never),
            },
          },
        },
      ],
    },
  });
  expect(response.statusCode, response.body).toBe(200);
}

const statusBecomes = (orderId: string, status: string) =>
  waitFor(async () => {
    const payment = await platformPayment(orderId);
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
    const pending = await platformPayment(order.id);
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

    await webhook({
      pspReference: order.settledReference,
      merchantReference: order.id,
      amount: { value: order.value, currency: order.currency },
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
    await webhook({
      pspReference: 'CB00000000000001',
      originalReference: order.settledReference,
      merchantReference: order.id,
      amount: { value: order.value, currency: order.currency },
      eventCode: 'NOTIFICATION_OF_CHARGEBACK',
      success: 'true',
    });
    await statusBecomes(order.id, 'ChargebackNotified');
    await webhook({
      pspReference: 'CB00000000000002',
      originalReference: order.settledReference,
      merchantReference: order.id,
      amount: { value: order.value, currency: order.currency },
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
    await webhook({
      pspReference: order.settledReference,
      merchantReference: order.id,
      amount: { value: order.value, currency: order.currency },
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
    const payment = await platformPayment(order.id);
    expect(payment.Accepted).toBe(false);
    expect(payment.xp?.PaymentStatus).not.toBe('Pending');
    expect(payment.xp?.TransferInstructions).toBeUndefined();
    expect((await preSubmit(order.id)).proceed).toBe(false);
  });
});
