import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  merchantCall,
  OTHER_MERCHANT,
  PRODUCTION_ENV,
  paymentRequest,
  provisionOtherMerchant,
  startTestGateway,
  testCardMethod,
  useTestGateway,
} from '../../../../testing/index.ts';
import { notifications } from '../../../webhooks/schema.ts';
import { payments } from '../../schema.ts';

const gateway = useTestGateway();
beforeAll(() => provisionOtherMerchant(gateway));

const sepa = { type: 'sepadirectdebit', iban: 'DE87123456781234567890', ownerName: 'A. Schneider' };

async function pay(method: Record<string, unknown> = sepa) {
  const response = await merchantCall(gateway.app, 'POST', '/v71/payments', paymentRequest(method));
  expect(response.statusCode).toBe(200);
  return response.json().pspReference as string;
}

const chargeback = (
  pspReference: string,
  body: unknown = { merchantAccount: DEMO.merchantAccount },
  headers: Record<string, string> = {},
) =>
  gateway.app.inject({
    method: 'POST',
    url: `/v71/sandbox/payments/${pspReference}/chargebacks`,
    headers: { 'x-api-key': DEMO.apiKey, ...headers },
    payload: body as Record<string, unknown>,
  });

/** What a refused chargeback must leave alone: the payment's money and its notifications. */
async function stateOf(pspReference: string) {
  const [row] = await gateway.database.db
    .select({
      status: payments.status,
      refundedValue: payments.refundedValue,
      methodDetails: payments.methodDetails,
    })
    .from(payments)
    .where(eq(payments.pspReference, pspReference));
  const events = await gateway.database.db
    .select({ eventCode: notifications.eventCode })
    .from(notifications)
    .where(eq(notifications.paymentPspReference, pspReference));
  return { ...row, events: events.map((event) => event.eventCode).sort() };
}

const chargebacksOf = async (pspReference: string) =>
  (await stateOf(pspReference)).events.filter((event) => event === 'CHARGEBACK');

const expectServiceError = (
  response: { statusCode: number; json(): unknown },
  status: number,
  errorCode: string,
) => {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({
    status,
    errorCode,
    message: expect.any(String),
    errorType: status === 401 || status === 403 ? 'security' : 'validation',
  });
};

describe('a chargeback asked for by another merchant', () => {
  it('is refused as for an unknown payment, and changes nothing', async () => {
    const pspReference = await pay();
    const before = await stateOf(pspReference);
    const asOther = await chargeback(
      pspReference,
      { merchantAccount: OTHER_MERCHANT.merchantAccount },
      {
        'x-api-key': OTHER_MERCHANT.apiKey,
      },
    );
    const unknown = await chargeback(
      'UNKNOWN0000000000',
      { merchantAccount: OTHER_MERCHANT.merchantAccount },
      {
        'x-api-key': OTHER_MERCHANT.apiKey,
      },
    );
    expectServiceError(asOther, 422, '167');
    // The answer tells the other merchant nothing about whether the payment exists.
    expect(asOther.json()).toEqual(unknown.json());
    expect(await stateOf(pspReference)).toEqual(before);
  });

  it('is refused with 403 901 when the other merchant names the payment’s account', async () => {
    const pspReference = await pay();
    const before = await stateOf(pspReference);
    const response = await chargeback(
      pspReference,
      { merchantAccount: DEMO.merchantAccount },
      {
        'x-api-key': OTHER_MERCHANT.apiKey,
      },
    );
    expectServiceError(response, 403, '901');
    expect(await stateOf(pspReference)).toEqual(before);
  });

  it('is refused with 401 000 without a key or with an unknown one', async () => {
    const pspReference = await pay();
    const before = await stateOf(pspReference);
    for (const key of ['', 'guessed_api_key_0123456789']) {
      expectServiceError(await chargeback(pspReference, undefined, { 'x-api-key': key }), 401, '000');
    }
    expect(await stateOf(pspReference)).toEqual(before);
  });
});

describe('a chargeback that cannot be', () => {
  it('is refused for an unknown pspReference or a payment that is no direct debit', async () => {
    const card = await pay(testCardMethod('4111111111111111'));
    const redirect = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest({ type: 'bankTransfer_IBAN' }),
    );
    for (const pspReference of ['UNKNOWN0000000000', card, redirect.json().pspReference]) {
      const before = await stateOf(pspReference);
      expectServiceError(await chargeback(pspReference), 422, '167');
      expect(await stateOf(pspReference)).toEqual(before);
    }
  });

  it('answers a bad body or pspReference with 400 702 and changes nothing', async () => {
    const pspReference = await pay();
    const before = await stateOf(pspReference);
    for (const body of [
      {},
      { merchantAccount: '' },
      { merchantAccount: 42 },
      { merchantAccount: DEMO.merchantAccount, reasonCode: 42 },
      { merchantAccount: DEMO.merchantAccount, reasonCode: 'R'.repeat(17) },
      { merchantAccount: DEMO.merchantAccount, reason: '' },
      { merchantAccount: DEMO.merchantAccount, reason: 'x'.repeat(257) },
      [{ merchantAccount: DEMO.merchantAccount }],
    ]) {
      expectServiceError(await chargeback(pspReference, body), 400, '702');
    }
    const malformed = await gateway.app.inject({
      method: 'POST',
      url: `/v71/sandbox/payments/${pspReference}/chargebacks`,
      headers: { 'x-api-key': DEMO.apiKey, 'content-type': 'application/json' },
      payload: '{"merchantAccount":',
    });
    expectServiceError(malformed, 400, '702');
    expectServiceError(await chargeback(pspReference, 'merchantAccount=ActuateStore'), 415, '702');
    expectServiceError(await chargeback('P'.repeat(65)), 400, '702');
    expect(await stateOf(pspReference)).toEqual(before);
  });

  it('happens once: a second one, also racing the first, is refused and notifies nothing more', async () => {
    const pspReference = await pay();
    const answers = await Promise.all([chargeback(pspReference), chargeback(pspReference)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 422]);
    const after = await stateOf(pspReference);
    expect(after.refundedValue).toBe(1000);
    expectServiceError(await chargeback(pspReference), 422, '167');
    expect(await chargebacksOf(pspReference)).toEqual(['CHARGEBACK']);
    expect(await stateOf(pspReference)).toEqual(after);
  });

  it('replays the first answer to a retry with the same Idempotency-Key', async () => {
    const pspReference = await pay();
    const key = { 'idempotency-key': `chargeback-${pspReference}` };
    const first = await chargeback(pspReference, undefined, key);
    const retry = await chargeback(pspReference, undefined, key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await chargebacksOf(pspReference)).toEqual(['CHARGEBACK']);
  });
});

describe('production mode', () => {
  it('has no chargeback simulation', async () => {
    const apiKey = PRODUCTION_ENV.PAYMENT_API_KEY;
    const live = await startTestGateway(PRODUCTION_ENV);
    try {
      const paid = await merchantCall(live.app, 'POST', '/v71/payments', paymentRequest(sepa), {
        'x-api-key': apiKey,
      });
      expect(paid.json().resultCode).toBe('Authorised');
      const response = await live.app.inject({
        method: 'POST',
        url: `/v71/sandbox/payments/${paid.json().pspReference}/chargebacks`,
        headers: { 'x-api-key': apiKey },
        payload: { merchantAccount: DEMO.merchantAccount },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ status: 404, errorCode: '404' });
    } finally {
      await live.close();
    }
  });
});
