import { isValidBIC, isValidIBAN } from 'ibantools';
import { describe, expect, it, vi } from 'vitest';
import {
  merchantCall,
  paymentRequest,
  settleFromPendingList,
  useTestGateway,
  webhookEventsOf,
} from '../../../testing/index.ts';

const gateway = useTestGateway();

const pay = (method: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  merchantCall(gateway.app, 'POST', '/v71/payments', paymentRequest(method, extra));

const listTypes = async (body: Record<string, unknown>) => {
  const response = await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
    merchantAccount: 'ActuateStore',
    ...body,
  });
  expect(response.statusCode).toBe(200);
  return (response.json().paymentMethods as { type: string }[]).map((entry) => entry.type);
};

const bacsMethod = {
  type: 'directdebit_GB',
  holderName: 'Jane Doe',
  bankAccountNumber: '40308669',
  bankLocationId: '560036',
};
const gbp = {
  amount: { currency: 'GBP', value: 4250 },
  shopperEmail: 'jane@example.co.uk',
  countryCode: 'GB',
};

const settle = (merchantReference: string, outcome: string) =>
  settleFromPendingList(gateway.app, merchantReference, outcome);
const webhookEvents = (pspReference: string) => webhookEventsOf(gateway.app, pspReference);

describe('payment methods listing', () => {
  it('lists BACS for GBP in GB only', async () => {
    expect(await listTypes({ amount: { currency: 'GBP', value: 100 }, countryCode: 'GB' })).toContain(
      'directdebit_GB',
    );
    expect(await listTypes({ amount: { currency: 'EUR', value: 100 }, countryCode: 'GB' })).not.toContain(
      'directdebit_GB',
    );
    expect(await listTypes({ amount: { currency: 'GBP', value: 100 }, countryCode: 'NL' })).not.toContain(
      'directdebit_GB',
    );
  });

  it('lists bank transfer for EUR anywhere and DKK in Denmark', async () => {
    expect(await listTypes({ amount: { currency: 'EUR', value: 100 }, countryCode: 'DE' })).toContain(
      'bankTransfer_IBAN',
    );
    expect(await listTypes({ amount: { currency: 'DKK', value: 100 }, countryCode: 'DK' })).toContain(
      'bankTransfer_IBAN',
    );
    expect(await listTypes({ amount: { currency: 'DKK', value: 100 }, countryCode: 'SE' })).not.toContain(
      'bankTransfer_IBAN',
    );
    expect(await listTypes({ amount: { currency: 'GBP', value: 100 }, countryCode: 'GB' })).not.toContain(
      'bankTransfer_IBAN',
    );
  });
});

describe('BACS direct debit', () => {
  it('records the mandate, answers a voucher with the mandate PDF, and settles from the simulator', async () => {
    const request = paymentRequest(bacsMethod, gbp);
    const response = await merchantCall(gateway.app, 'POST', '/v71/payments', request);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.resultCode).toBe('Received');
    expect(body.action).toMatchObject({ type: 'voucher', paymentMethodType: 'directdebit_GB' });
    const url = new URL(body.action.url);
    expect(url.pathname).toMatch(/^\/bacs\/mandates\//);
    // The address names the mandate only: no account data in it.
    expect(decodeURIComponent(body.action.url)).not.toContain('40308669');
    expect(decodeURIComponent(body.action.url)).not.toContain('Jane');

    const pdf = await gateway.app.inject({ method: 'GET', url: url.pathname });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    expect((await settle(request.reference, 'authorise')).statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect(await webhookEvents(body.pspReference)).toContain('AUTHORISATION:true'),
    );
  });

  it('refuses a tampered or unknown mandate address with 404', async () => {
    const response = await pay(bacsMethod, gbp);
    const path = new URL(response.json().action.url).pathname;
    const tampered = `${path.slice(0, -3)}${path.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    for (const bad of [
      tampered,
      '/bacs/mandates/BM1!eyJtIjoiTUQxIn0.xxxxxxxxxxxxxxxxxxxxxx',
      '/bacs/mandates/nonsense',
    ]) {
      const answer = await gateway.app.inject({ method: 'GET', url: bad });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ status: 404, errorType: 'validation' });
    }
  });

  it.each([
    [{ ...bacsMethod, bankLocationId: '12345' }, gbp, 'bankLocationId'],
    [{ ...bacsMethod, bankLocationId: '12a456' }, gbp, 'bankLocationId'],
    [{ ...bacsMethod, bankAccountNumber: '123456789' }, gbp, 'bankAccountNumber'],
    [{ ...bacsMethod, bankAccountNumber: undefined }, gbp, 'bankAccountNumber'],
    [{ ...bacsMethod, holderName: ' ' }, gbp, 'holderName'],
    [bacsMethod, { ...gbp, shopperEmail: 'nope' }, 'shopperEmail'],
    [bacsMethod, { ...gbp, shopperEmail: undefined }, 'shopperEmail'],
    [bacsMethod, { ...gbp, amount: { currency: 'EUR', value: 100 } }, 'GBP'],
  ])('rejects bad input with 422 and stores nothing (%#)', async (method, extra, mentions) => {
    const reference = `bad-bacs-${Math.random().toString(36).slice(2)}`;
    const response = await pay(method, { ...extra, reference });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 422, errorType: 'validation' });
    expect(response.json().message).toContain(mentions);
    const list = await gateway.app.inject({ method: 'GET', url: `/sandbox/pending?reference=${reference}` });
    expect(list.body).toContain('No payment is waiting');
  });
});

describe('bank transfer by IBAN', () => {
  it('presents a collection account and reference, stays pending, and is authorised once received', async () => {
    const request = paymentRequest({ type: 'bankTransfer_IBAN' }, { shopperEmail: 'jan@example.nl' });
    const response = await merchantCall(gateway.app, 'POST', '/v71/payments', request);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.resultCode).toBe('PresentToShopper');
    const { action } = body;
    expect(action).toMatchObject({
      type: 'bankTransfer',
      paymentMethodType: 'bankTransfer_IBAN',
      totalAmount: { currency: 'EUR', value: 1000 },
      shopperEmail: 'jan@example.nl',
    });
    expect(action.beneficiary).toEqual(expect.any(String));
    expect(isValidIBAN(action.iban)).toBe(true);
    expect(isValidBIC(action.bic)).toBe(true);
    expect(action.reference).toMatch(/^AT/);
    expect(await webhookEvents(body.pspReference)).toEqual([]);

    const settled = await settle(request.reference, 'authorise');
    expect(settled.statusCode).toBe(200);
    expect(settled.body).toContain('Authorised');
    await vi.waitFor(async () =>
      expect(await webhookEvents(body.pspReference)).toContain('AUTHORISATION:true'),
    );

    // Settled at once: no separate capture, nothing to cancel, refunds (in parts too) allowed.
    const modify = (kind: string, payload: Record<string, unknown> = {}) =>
      merchantCall(gateway.app, 'POST', `/v71/payments/${body.pspReference}/${kind}`, {
        merchantAccount: 'ActuateStore',
        ...payload,
      });
    const capture = await modify('captures', { amount: { currency: 'EUR', value: 1000 } });
    expect(capture.statusCode).toBe(422);
    expect(capture.json().errorCode).toBe('167');
    expect((await modify('cancels')).json().errorCode).toBe('167');
    const refund = await modify('refunds', { amount: { currency: 'EUR', value: 400 } });
    expect(refund.statusCode).toBe(201);
  });

  it('gives each payment its own account and reference; DKK gets a Danish account', async () => {
    const first = (await pay({ type: 'bankTransfer_IBAN' })).json().action;
    const second = (await pay({ type: 'bankTransfer_IBAN' })).json().action;
    expect(first.reference).not.toBe(second.reference);
    expect(first.iban).not.toBe(second.iban);
    const danish = await pay(
      { type: 'bankTransfer_IBAN' },
      { amount: { currency: 'DKK', value: 50000 }, countryCode: 'DK' },
    );
    expect(danish.json().action.iban).toMatch(/^DK/);
    expect(danish.json().action).not.toHaveProperty('shopperEmail');
  });

  it('expires unpaid with OFFER_CLOSED', async () => {
    const request = paymentRequest({ type: 'bankTransfer_IBAN' });
    const response = await merchantCall(gateway.app, 'POST', '/v71/payments', request);
    expect((await settle(request.reference, 'expire')).statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect((await webhookEvents(response.json().pspReference)).join()).toBe('OFFER_CLOSED:true'),
    );
  });

  it.each([
    [{ shopperEmail: 'not-an-email' }, 'shopperEmail'],
    [{ amount: { currency: 'USD', value: 100 } }, 'EUR'],
    [{ amount: { currency: 'DKK', value: 100 }, countryCode: 'SE' }, 'DKK'],
  ])('rejects bad input with 422 (%#)', async (extra, mentions) => {
    const response = await pay({ type: 'bankTransfer_IBAN' }, extra);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain(mentions);
  });
});
