import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  DEMO,
  merchantCall,
  paymentRequest,
  testCardMethod,
  useTestGateway,
} from '../../../../testing/index.ts';
import { payments } from '../../schema.ts';

const gateway = useTestGateway();

const USD = { amount: { currency: 'USD', value: 2500 } };
const pay = (method: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  merchantCall(gateway.app, 'POST', '/v71/payments', paymentRequest(method, extra));
const sepa = (iban: string, ownerName = 'A. Schneider') => ({ type: 'sepadirectdebit', iban, ownerName });
const ach = (overrides: Record<string, unknown> = {}) => ({
  type: 'ach',
  encryptedBankAccountNumber: 'test_123456789',
  encryptedBankLocationId: 'test_011000015',
  ownerName: 'J. Smith',
  bankAccountType: 'checking',
  ...overrides,
});
const listMethods = (body: Record<string, unknown>) =>
  merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
    merchantAccount: DEMO.merchantAccount,
    ...body,
  });
const storedPayment = async (pspReference: string) =>
  (await gateway.database.db.select().from(payments).where(eq(payments.pspReference, pspReference)))[0];
const chargeback = (pspReference: string, body: Record<string, unknown> = {}, headers = {}) =>
  merchantCall(
    gateway.app,
    'POST',
    `/v71/sandbox/payments/${pspReference}/chargebacks`,
    { merchantAccount: DEMO.merchantAccount, ...body },
    headers,
  );

describe('listing', () => {
  it('offers SEPA for EUR and ACH for USD in the US and Puerto Rico', async () => {
    const types = async (body: Record<string, unknown>) =>
      ((await listMethods(body)).json().paymentMethods as { type: string }[]).map((method) => method.type);
    expect(await types({ amount: { currency: 'EUR', value: 100 } })).toContain('sepadirectdebit');
    expect(await types({ amount: { currency: 'EUR', value: 100 } })).not.toContain('ach');
    expect(await types({ ...USD, countryCode: 'US' })).toContain('ach');
    expect(await types({ ...USD, countryCode: 'PR' })).toContain('ach');
    expect(await types({ ...USD, countryCode: 'PR' })).not.toContain('sepadirectdebit');
    expect(await types({ ...USD, countryCode: 'GB' })).not.toContain('ach');
  });
});

describe('SEPA Direct Debit', () => {
  it('records the mandate with the masked IBAN', async () => {
    const response = (await pay(sepa('NL13 TEST 0123 4567 89'))).json();
    expect(response.resultCode).toBe('Authorised');
    const row = await storedPayment(response.pspReference);
    expect(row?.methodDetails).toEqual({
      mandate: {
        mandateId: expect.stringMatching(/^MANDATE-[A-Z0-9]{16}$/),
        signedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
        ownerName: 'A. Schneider',
        maskedIban: 'NL13**********6789',
      },
    });
    expect(JSON.stringify(row)).not.toContain('NL13TEST0123456789');
  });

  it('refuses an IBAN with a wrong national structure, and by owner name', async () => {
    expect((await pay(sepa('NL6112340123456789'))).json()).toMatchObject({ status: 422, errorCode: '161' });
    expect((await pay(sepa('NL13TEST0123456789', 'DECLINED'))).json()).toMatchObject({
      resultCode: 'Refused',
    });
  });
});

describe('ACH Direct Debit', () => {
  it('authorises a valid account and refuses by owner name', async () => {
    const approved = (await pay(ach(), USD)).json();
    expect(approved).toMatchObject({ resultCode: 'Authorised', paymentMethod: { type: 'ach' } });
    expect((await storedPayment(approved.pspReference))?.lastFour).toBe('6789');
    expect((await pay(ach({ ownerName: 'DECLINED' }), USD)).json()).toMatchObject({
      resultCode: 'Refused',
      refusalReasonCode: '2',
    });
  });

  it('answers bad input with a 422 and creates no payment', async () => {
    const bad = [
      ach({ encryptedBankLocationId: 'test_011000016' }),
      ach({ encryptedBankLocationId: 'test_01100001' }),
      ach({ encryptedBankAccountNumber: 'test_123' }),
      ach({ encryptedBankAccountNumber: 'test_123456789012345678' }),
      ach({ encryptedBankAccountNumber: 'not-a-jwe' }),
      ach({ encryptedBankAccountNumber: undefined }),
      ach({ ownerName: 42 }),
      ach({ bankAccountType: 'business' }),
    ];
    for (const method of bad) {
      const response = await pay(method, USD);
      expect(response.statusCode, JSON.stringify(method)).toBe(422);
      expect(response.json()).toMatchObject({ status: 422, errorType: 'validation' });
    }
    expect((await pay(ach())).statusCode).toBe(422);
    expect((await pay(ach(), { ...USD, billingAddress: { country: 'CA' } })).statusCode).toBe(422);
    // The holder name is optional unless the merchant's form requires it.
    expect((await pay(ach({ ownerName: undefined }), USD)).json().resultCode).toBe('Authorised');
    expect((await pay(ach(), { ...USD, billingAddress: { country: 'PR' } })).json().resultCode).toBe(
      'Authorised',
    );
  });

  it('stores an account for the shopper, lists it apart from cards and pays with it', async () => {
    const shopperReference = `ach-shopper-${Date.now()}`;
    const first = (
      await pay(ach({ bankAccountType: 'savings' }), { ...USD, shopperReference, storePaymentMethod: true })
    ).json();
    expect(first.resultCode).toBe('Authorised');
    await pay(testCardMethod('5555555555554444'), { shopperReference, storePaymentMethod: true });
    const stored = (await listMethods({ shopperReference, ...USD })).json().storedPaymentMethods as {
      id: string;
      type: string;
    }[];
    expect(stored.map((method) => method.type).sort()).toEqual(['ach', 'scheme']);
    const account = stored.find((method) => method.type === 'ach');
    expect(account).toMatchObject({
      bankAccountNumber: '*****6789',
      bankAccountType: 'savings',
      ownerName: 'J. Smith',
      supportedShopperInteractions: ['Ecommerce', 'ContAuth'],
    });
    const again = (
      await pay({ type: 'ach', storedPaymentMethodId: account?.id }, { ...USD, shopperReference })
    ).json();
    expect(again).toMatchObject({ resultCode: 'Authorised', paymentMethod: { type: 'ach' } });
    // A stored account is not a card, and another shopper cannot use it.
    expect(
      (await pay({ type: 'scheme', storedPaymentMethodId: account?.id }, { shopperReference })).statusCode,
    ).toBe(422);
    expect(
      (await pay({ type: 'ach', storedPaymentMethodId: account?.id }, { ...USD, shopperReference: 'other' }))
        .statusCode,
    ).toBe(422);
    const dump = JSON.stringify(
      await gateway.database.db.execute('select * from stored_payment_methods' as never),
    );
    expect(dump).not.toContain('123456789');
  });
});

describe('sandbox chargeback', () => {
  const deliveries = async (pspReference: string) =>
    (
      (await merchantCall(gateway.app, 'GET', `/v71/webhooks/deliveries?pspReference=${pspReference}`)).json()
        .deliveries as { eventCode: string; notification: { notificationItems: unknown[] } }[]
    ).map((entry) => entry.eventCode);

  it('charges back a SEPA payment once, with both notifications in order', async () => {
    const { pspReference } = (await pay(sepa('DE87123456781234567890'))).json();
    const response = await chargeback(pspReference);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      pspReference,
      status: 'chargeback',
      amount: { value: 1000, currency: 'EUR' },
      reasonCode: 'MD06',
    });
    const events = await deliveries(pspReference);
    expect(events.indexOf('NOTIFICATION_OF_CHARGEBACK')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('CHARGEBACK')).toBeGreaterThanOrEqual(0);
    // The log lists newest first: the notification of chargeback was recorded before the chargeback.
    expect(events.indexOf('CHARGEBACK')).toBeLessThan(events.indexOf('NOTIFICATION_OF_CHARGEBACK'));
    expect((await chargeback(pspReference)).statusCode).toBe(422);
    // The money went back: nothing is left to refund.
    const refund = await merchantCall(gateway.app, 'POST', `/v71/payments/${pspReference}/refunds`, {
      merchantAccount: DEMO.merchantAccount,
      amount: { value: 100, currency: 'EUR' },
    });
    expect(refund.statusCode).toBe(422);
  });

  it('charges back an ACH payment with its reason code', async () => {
    const { pspReference } = (await pay(ach(), USD)).json();
    expect((await chargeback(pspReference, { reasonCode: 'R05' })).json()).toMatchObject({
      reasonCode: 'R05',
      amount: { value: 2500, currency: 'USD' },
    });
  });

  it('refuses cards, refused and unknown payments, bad bodies and missing API keys', async () => {
    const card = (await pay(testCardMethod('4111111111111111'))).json();
    expect((await chargeback(card.pspReference)).statusCode).toBe(422);
    const refused = (await pay(sepa('NL13TEST0123456789', 'DECLINED'))).json();
    expect((await chargeback(refused.pspReference)).statusCode).toBe(422);
    expect((await chargeback('UNKNOWN0000000000')).statusCode).toBe(422);
    const { pspReference } = (await pay(sepa('NL13TEST0123456789'))).json();
    expect((await chargeback(pspReference, { reasonCode: 42 })).json()).toMatchObject({
      status: 400,
      errorCode: '702',
    });
    const anonymous = await gateway.app.inject({
      method: 'POST',
      url: `/v71/sandbox/payments/${pspReference}/chargebacks`,
      payload: { merchantAccount: DEMO.merchantAccount },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await deliveries(pspReference)).not.toContain('CHARGEBACK');
  });
});
