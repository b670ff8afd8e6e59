import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clientCall,
  merchantCall,
  OTHER_MERCHANT,
  payIn,
  paymentRequest,
  provisionOtherMerchant,
  settleOpenPayment,
  useTestGateway,
} from '../../../../testing/index.ts';
import { notifications } from '../../../webhooks/schema.ts';
import { payments } from '../../schema.ts';

const gateway = useTestGateway();

afterEach(() => {
  vi.useRealTimers();
});

const listFor = async (countryCode: string, currency: string) => {
  const response = await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
    merchantAccount: 'ActuateStore',
    countryCode,
    amount: { currency, value: 1000 },
  });
  return (response.json().paymentMethods as { type: string }[]).map((entry) => entry.type);
};

const PIX_SHOPPER = {
  shopperName: { firstName: 'Maria', lastName: 'Silva' },
  socialSecurityNumber: '123.456.789-09',
};

const pay = (paymentMethod: Record<string, unknown>, currency: string, extra: Record<string, unknown> = {}) =>
  payIn(gateway.app, paymentMethod, currency, extra);

const status = (paymentData: string) =>
  clientCall(gateway.app, '/services/PaymentInitiation/v1/status', { paymentData });

const settle = (pspReference: string, outcome: string) =>
  settleOpenPayment(gateway.app, pspReference, outcome);

async function webhooksOf(pspReference: string) {
  const rows = await gateway.database.db
    .select({ eventCode: notifications.eventCode, success: notifications.success })
    .from(notifications)
    .where(eq(notifications.paymentPspReference, pspReference));
  return rows.map((row) => `${row.eventCode}:${row.success}`);
}

/** A Pix payment waiting for the shopper's app: its pspReference and action. */
async function pendingPix() {
  const response = await pay({ type: 'pix' }, 'BRL', PIX_SHOPPER);
  expect(response.statusCode).toBe(200);
  const body = response.json();
  expect(body.resultCode).toBe('Pending');
  return { pspReference: body.pspReference as string, action: body.action };
}

describe('QR and await methods', () => {
  it.each([
    ['BR', 'BRL', ['pix']],
    ['SE', 'SEK', ['swish']],
    ['CN', 'CNY', ['wechatpayQR']],
    ['TH', 'THB', ['promptpay']],
    ['SG', 'SGD', ['paynow']],
    ['MY', 'MYR', ['duitnow']],
    ['HK', 'HKD', ['payme']],
    ['IN', 'INR', ['upi', 'upi_qr', 'upi_collect', 'upi_intent']],
    ['PL', 'PLN', ['blik']],
    ['PT', 'EUR', ['mbway']],
    ['FR', 'EUR', ['ancv']],
  ])('lists in %s for %s: %j', async (country, currency, types) => {
    const listed = await listFor(country, currency);
    expect(listed).toEqual(expect.arrayContaining(types));
  });

  it('lists a method only for its countries and currencies', async () => {
    expect(await listFor('NL', 'EUR')).not.toContain('mbway');
    expect(await listFor('BR', 'USD')).not.toContain('pix');
    expect(await listFor('PL', 'EUR')).not.toContain('blik');
  });

  it.each([
    ['pix', 'BRL', { type: 'pix' }, { socialSecurityNumber: '123.456.789-09' }, 'shopperName.firstName'],
    ['pix', 'BRL', { type: 'pix' }, { ...PIX_SHOPPER, socialSecurityNumber: '123.456.789-00' }, 'CPF'],
    ['pix', 'BRL', { type: 'pix' }, { ...PIX_SHOPPER, socialSecurityNumber: '11.222.333/0001-80' }, 'CNPJ'],
    ['blik', 'PLN', { type: 'blik', blikCode: '12345' }, {}, 'blikCode'],
    ['mbway', 'EUR', { type: 'mbway', telephoneNumber: '+351812345678' }, {}, 'telephoneNumber'],
    [
      'upi_collect',
      'INR',
      { type: 'upi_collect', virtualPaymentAddress: 'no-at-sign' },
      {},
      'virtualPaymentAddress',
    ],
    ['upi_intent', 'INR', { type: 'upi_intent' }, {}, 'appId'],
    ['ancv', 'EUR', { type: 'ancv', beneficiaryId: '1234567890' }, {}, 'beneficiaryId'],
    ['swish', 'EUR', { type: 'swish' }, {}, 'SEK'],
  ])('refuses %s with a bad field (422)', async (_type, currency, method, extra, mentions) => {
    const response = await pay(method, currency, extra);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 422, errorType: 'validation' });
    expect(response.json().message).toContain(mentions);
  });

  it('accepts a CNPJ for Pix', async () => {
    const response = await pay({ type: 'pix' }, 'BRL', {
      ...PIX_SHOPPER,
      socialSecurityNumber: '11.222.333/0001-81',
    });
    expect(response.json().resultCode).toBe('Pending');
  });

  it('answers a QR code action with paymentData, the simulator page and the expiry', async () => {
    const { pspReference, action } = await pendingPix();
    expect(pspReference).toMatch(/^[A-Z0-9]{16}$/);
    expect(action).toMatchObject({
      type: 'qrCode',
      paymentMethodType: 'pix',
      url: expect.stringMatching(/\/shopper\/[^/]+$/),
      paymentData: expect.any(String),
    });
    expect(action.qrCodeData).toBe(action.url);
    const lifetime = Date.parse(action.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000);
  });

  it.each([
    ['blik', 'PLN', { type: 'blik', blikCode: '777123' }],
    ['mbway', 'EUR', { type: 'mbway', telephoneNumber: '+351912345678' }],
    ['upi_collect', 'INR', { type: 'upi_collect', virtualPaymentAddress: 'shopper@okbank' }],
    ['ancv', 'EUR', { type: 'ancv', beneficiaryId: 'shopper@example.com' }],
  ])('answers %s with an await action', async (type, currency, method) => {
    const response = await pay(method, currency);
    expect(response.json()).toMatchObject({
      resultCode: 'Pending',
      action: {
        type: 'await',
        paymentMethodType: type,
        paymentData: expect.any(String),
        url: expect.any(String),
      },
    });
    expect(response.json().action.qrCodeData).toBeUndefined();
  });

  it('refuses a Blik code ending in 000 at once (the sandbox trigger)', async () => {
    const response = await pay({ type: 'blik', blikCode: '123000' }, 'PLN');
    expect(response.json()).toMatchObject({ resultCode: 'Refused' });
    expect(response.json().action).toBeUndefined();
  });

  it('lists the apps UPI intent can open, and refuses another appId', async () => {
    const response = await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
      merchantAccount: 'ActuateStore',
      countryCode: 'IN',
      amount: { currency: 'INR', value: 1000 },
    });
    const intent = response
      .json()
      .paymentMethods.find((entry: { type: string }) => entry.type === 'upi_intent');
    expect(intent.apps).toContainEqual({ id: 'gpay', name: 'Google Pay' });
    // The umbrella entry a widget shows as one UPI method carries the same apps.
    const umbrella = response.json().paymentMethods.find((entry: { type: string }) => entry.type === 'upi');
    expect(umbrella.apps).toEqual(intent.apps);
    const unknown = await pay({ type: 'upi_intent', appId: 'not-an-app' }, 'INR');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toContain('appId');
  });

  it('sends UPI intent to the app link, a simulator page that returns to the returnUrl', async () => {
    const response = await pay({ type: 'upi_intent', appId: 'gpay' }, 'INR');
    expect(response.json()).toMatchObject({
      resultCode: 'RedirectShopper',
      action: { type: 'redirect', method: 'GET', url: expect.stringContaining('/shopper/') },
    });
  });

  it('reports pending, then Authorised with a payload that /payments/details accepts, webhook once', async () => {
    const { pspReference, action } = await pendingPix();
    expect((await status(action.paymentData)).json()).toEqual({ type: 'pending' });
    expect(await webhooksOf(pspReference)).toEqual([]);

    const settled = await settle(pspReference, 'authorise');
    expect(settled.json()).toEqual({ pspReference, resultCode: 'Authorised' });
    expect((await settle(pspReference, 'refuse')).json().resultCode).toBe('Authorised');

    const complete = (await status(action.paymentData)).json();
    expect(complete).toMatchObject({
      type: 'complete',
      resultCode: 'Authorised',
      payload: expect.any(String),
    });
    const details = await merchantCall(gateway.app, 'POST', '/v71/payments/details', {
      details: { payload: complete.payload },
    });
    expect(details.json()).toMatchObject({ pspReference, resultCode: 'Authorised' });
    // Settled at once: the capture follows the authorisation by itself.
    expect(await webhooksOf(pspReference)).toEqual(['AUTHORISATION:true', 'CAPTURE:true']);
  });

  it('reports Refused when the app refuses', async () => {
    const response = await pay({ type: 'mbway', telephoneNumber: '+351912345678' }, 'EUR');
    const { pspReference, action } = response.json();
    await settle(pspReference, 'refuse');
    expect((await status(action.paymentData)).json()).toMatchObject({
      type: 'complete',
      resultCode: 'Refused',
    });
    expect(await webhooksOf(pspReference)).toEqual(['AUTHORISATION:false']);
  });

  it('settles from the simulator page at the action url', async () => {
    const { pspReference, action } = await pendingPix();
    const path = new URL(action.url).pathname;
    const page = await gateway.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('Approve in the app');
    const chosen = await gateway.app.inject({
      method: 'POST',
      url: `${path}/outcome`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=authorise',
    });
    expect(chosen.body).toContain('Authorised');
    expect(await webhooksOf(pspReference)).toEqual(['AUTHORISATION:true', 'CAPTURE:true']);
  });

  it('lapses by the gateway clock: Cancelled with OFFER_CLOSED, once, whoever reads first', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const response = await pay({ type: 'promptpay' }, 'THB');
    const { pspReference, action } = response.json();
    expect(Date.parse(action.expiresAt) - Date.now()).toBe(90_000);
    vi.setSystemTime(Date.now() + 89_000);
    expect((await status(action.paymentData)).json()).toEqual({ type: 'pending' });

    vi.setSystemTime(Date.now() + 2_000);
    expect((await status(action.paymentData)).json()).toMatchObject({
      type: 'complete',
      resultCode: 'Cancelled',
    });
    // Approving after the expiry changes nothing.
    expect((await settle(pspReference, 'authorise')).json().resultCode).toBe('Cancelled');
    const page = await gateway.app.inject({ method: 'GET', url: new URL(action.url).pathname });
    expect(page.body).toContain('This payment is settled');
    expect(await webhooksOf(pspReference)).toEqual(['OFFER_CLOSED:true']);
  });

  it('closes a lapsed offer by itself (job), without anyone polling: OFFER_CLOSED once', async () => {
    const response = await pay({ type: 'swish' }, 'SEK', {
      additionalData: { RequestedTestExpirySeconds: 1 },
    });
    const { pspReference, action } = response.json();
    expect(Date.parse(action.expiresAt) - Date.now()).toBeLessThanOrEqual(1_000);
    await vi.waitFor(async () => expect(await webhooksOf(pspReference)).toEqual(['OFFER_CLOSED:true']), {
      timeout: 20_000,
      interval: 250,
    });
    expect((await status(action.paymentData)).json()).toMatchObject({ resultCode: 'Cancelled' });
    expect(await webhooksOf(pspReference)).toEqual(['OFFER_CLOSED:true']);
  });

  it('lets the tester expire a payment through the test API', async () => {
    const { pspReference, action } = await pendingPix();
    expect((await settle(pspReference, 'expire')).json().resultCode).toBe('Cancelled');
    expect((await status(action.paymentData)).json()).toMatchObject({ resultCode: 'Cancelled' });
    expect(await webhooksOf(pspReference)).toEqual(['OFFER_CLOSED:true']);
  });

  it('refuses a test-API outcome for an unknown payment or one the page does not offer', async () => {
    expect((await settle('0000000000000000', 'authorise')).statusCode).toBe(404);
    expect((await settle('0000000000000000', 'cancel')).statusCode).toBe(400);
    await pay({ type: 'upi_intent', appId: 'gpay' }, 'INR', { reference: 'upi-intent-not-expirable' });
    const [redirected] = await gateway.database.db
      .select({ pspReference: payments.pspReference })
      .from(payments)
      .where(eq(payments.merchantReference, 'upi-intent-not-expirable'));
    // UPI intent's page is a redirect's: the shopper leaves it, it does not expire.
    expect((await settle(redirected?.pspReference ?? '', 'expire')).statusCode).toBe(422);
  });

  it('settles no other merchant’s payment through the test API', async () => {
    await provisionOtherMerchant(gateway);
    const response = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest(
        { type: 'swish' },
        { merchantAccount: OTHER_MERCHANT.merchantAccount, amount: { currency: 'SEK', value: 100 } },
      ),
      { 'x-api-key': OTHER_MERCHANT.apiKey },
    );
    const { pspReference } = response.json();
    expect(response.json().resultCode).toBe('Pending');
    expect((await settle(pspReference, 'authorise')).statusCode).toBe(404);
    expect(await webhooksOf(pspReference)).toEqual([]);
  });

  it('settles at once: no separate capture, refunds allowed', async () => {
    const { pspReference } = await pendingPix();
    await settle(pspReference, 'authorise');
    const capture = await merchantCall(gateway.app, 'POST', `/v71/payments/${pspReference}/captures`, {
      merchantAccount: 'ActuateStore',
      amount: { currency: 'BRL', value: 1500 },
    });
    expect(capture.statusCode).toBe(422);
    const refund = await merchantCall(gateway.app, 'POST', `/v71/payments/${pspReference}/refunds`, {
      merchantAccount: 'ActuateStore',
      amount: { currency: 'BRL', value: 500 },
    });
    expect(refund.statusCode).toBe(201);
  });
});

describe('QR and await methods in the sessions flow', () => {
  it('pays a session by Pix: Pending with the action, then the payload completes the session', async () => {
    const session = (
      await merchantCall(gateway.app, 'POST', '/v71/sessions', {
        amount: { currency: 'BRL', value: 4200 },
        merchantAccount: 'ActuateStore',
        reference: `order-pix-session-${Date.now()}`,
        returnUrl: 'http://localhost:3000/checkout/return',
        countryCode: 'BR',
      })
    ).json();
    const setup = await clientCall(gateway.app, `/v1/sessions/${session.id}/setup`, {
      sessionData: session.sessionData,
    });
    const listed = setup.json().paymentMethods.paymentMethods.map((entry: { type: string }) => entry.type);
    expect(listed).toContain('pix');

    const paid = await clientCall(gateway.app, `/v1/sessions/${session.id}/payments`, {
      sessionData: session.sessionData,
      paymentMethod: { type: 'pix' },
      ...PIX_SHOPPER,
    });
    expect(paid.json()).toMatchObject({
      resultCode: 'Pending',
      action: { type: 'qrCode', paymentMethodType: 'pix' },
    });
    const { paymentData } = paid.json().action;
    expect((await status(paymentData)).json()).toEqual({ type: 'pending' });
    const sessionStatus = async (sessionResult: string) =>
      (
        await merchantCall(
          gateway.app,
          'GET',
          `/v71/sessions/${session.id}?sessionResult=${encodeURIComponent(sessionResult)}`,
        )
      ).json().status;
    expect(await sessionStatus(paid.json().sessionResult)).toBe('paymentPending');

    const [payment] = await gateway.database.db
      .select({ pspReference: payments.pspReference })
      .from(payments)
      .where(eq(payments.sessionId, session.id));
    await settle(payment?.pspReference ?? '', 'authorise');
    const { payload } = (await status(paymentData)).json();
    const details = await clientCall(gateway.app, `/v1/sessions/${session.id}/paymentDetails`, {
      sessionData: paid.json().sessionData,
      details: { payload },
    });
    expect(details.json().resultCode).toBe('Authorised');
    expect(await sessionStatus(details.json().sessionResult)).toBe('completed');
  });
});
