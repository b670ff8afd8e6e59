import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO, merchantCall, paymentRequest, testCardMethod, useTestGateway } from '../../testing/index.ts';
import { MAX_MINOR_UNITS, maximumAmountText, minorUnitDigits } from './currencies.ts';
import { payments } from './schema.ts';

const gateway = useTestGateway();

const card = testCardMethod('4111111111111111');
const pay = (extra: Record<string, unknown>) =>
  merchantCall(gateway.app, 'POST', '/v71/payments', paymentRequest(card, extra));
const createSession = (extra: Record<string, unknown>) =>
  merchantCall(gateway.app, 'POST', '/v71/sessions', {
    amount: { currency: 'EUR', value: 1000 },
    merchantAccount: DEMO.merchantAccount,
    reference: `order-${Math.random().toString(36).slice(2)}`,
    returnUrl: 'http://localhost:3000/checkout/return',
    ...extra,
  });
const paymentsOf = async (reference: string) =>
  (await gateway.database.db.select().from(payments).where(eq(payments.merchantReference, reference))).length;

describe('payment amounts', () => {
  it.each<[string, { currency: string; value: number }, string, Record<string, unknown>?]>([
    ['a test currency', { currency: 'XXX', value: 1000 }, '138'],
    ['a precious metal', { currency: 'XAU', value: 1000 }, '138'],
    ['a unit of account', { currency: 'XDR', value: 1000 }, '138'],
    ['an unknown code', { currency: 'ABC', value: 1000 }, '138'],
    ['1e15 minor units', { currency: 'EUR', value: 1e15 }, '137'],
    ['one above the maximum', { currency: 'JPY', value: MAX_MINOR_UNITS + 1 }, '137'],
    ['0 without storing a card', { currency: 'EUR', value: 0 }, '137'],
    [
      '0 with storePaymentMethod but no shopper',
      { currency: 'EUR', value: 0 },
      '137',
      { storePaymentMethod: true },
    ],
  ])('refuses %s with 422 and stores nothing', async (_name, amount, errorCode, extra = {}) => {
    const reference = `amount-${Math.random().toString(36).slice(2)}`;
    const response = await pay({ amount, reference, ...extra });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      status: 422,
      errorCode,
      message: expect.stringMatching(errorCode === '138' ? /Unsupported currency/ : /Invalid amount/),
      errorType: 'validation',
    });
    expect(await paymentsOf(reference)).toBe(0);
  });

  it('authorises the maximum and ISO currencies of any minor unit', async () => {
    for (const currency of ['EUR', 'JPY', 'KWD', 'DKK']) {
      const response = await pay({ amount: { currency, value: MAX_MINOR_UNITS } });
      expect(response.json().resultCode, currency).toBe('Authorised');
    }
  });

  it('allows 0 only to store a card for a shopper (zero-value authorisation)', async () => {
    const response = await pay({
      amount: { currency: 'EUR', value: 0 },
      storePaymentMethod: true,
      shopperReference: 'shopper-zero-auth',
      recurringProcessingModel: 'CardOnFile',
    });
    expect(response.json().resultCode).toBe('Authorised');
  });

  it('names the maximum in major units of the currency', () => {
    expect(minorUnitDigits('EUR')).toBe(2);
    expect(minorUnitDigits('JPY')).toBe(0);
    expect(minorUnitDigits('KWD')).toBe(3);
    expect(maximumAmountText('EUR')).toBe('9999999999.99');
    expect(maximumAmountText('KWD')).toBe('999999999.999');
  });
});

describe('session and payment-method amounts', () => {
  it('refuses sessions in XXX, above the maximum or of 0 without card storage', async () => {
    for (const amount of [
      { currency: 'XXX', value: 1000 },
      { currency: 'EUR', value: 1e15 },
      { currency: 'EUR', value: 0 },
    ]) {
      const response = await createSession({ amount, shopperReference: 'shopper-1' });
      expect(response.statusCode, JSON.stringify(amount)).toBe(422);
      expect(['137', '138']).toContain(response.json().errorCode);
    }
  });

  it('takes a zero-amount session that stores the card', async () => {
    const response = await createSession({
      amount: { currency: 'EUR', value: 0 },
      shopperReference: 'shopper-1',
      storePaymentMethodMode: 'enabled',
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses payment methods for a currency that is not ISO 4217', async () => {
    const response = await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
      merchantAccount: DEMO.merchantAccount,
      amount: { currency: 'XXX', value: 100 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errorCode).toBe('138');
  });
});
