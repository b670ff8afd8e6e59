import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { encryptValue } from '../../../../../../../packages/checkout/src/secured-fields/encrypt.ts';
import {
  clientCall,
  DEMO,
  merchantCall,
  paymentRequest,
  UNREACHABLE_WEBHOOKS,
  useTestGateway,
  webhookEventsOf,
} from '../../../../testing/index.ts';
import { payments } from '../../schema.ts';

const logLines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});
const gateway = useTestGateway(UNREACHABLE_WEBHOOKS, { level: 'trace', stream: capture });

const giftCard = (brand: string, number: string, pin = '123') => ({
  type: 'giftcard',
  brand,
  encryptedCardNumber: `test_${number}`,
  encryptedSecurityCode: `test_${pin}`,
});
const mealVoucher = (type: string, month = '03', year = '2030') => ({
  type,
  encryptedCardNumber: 'test_5010100000000000000',
  encryptedSecurityCode: 'test_1234',
  encryptedExpiryMonth: `test_${month}`,
  encryptedExpiryYear: `test_${year}`,
});
const eur = (value: number) => ({ currency: 'EUR', value });

const balanceOf = (paymentMethod: Record<string, unknown>, amount?: object, version = 'v71') =>
  merchantCall(gateway.app, 'POST', `/${version}/paymentMethods/balance`, {
    merchantAccount: DEMO.merchantAccount,
    ...(amount ? { amount } : {}),
    paymentMethod,
  });

describe('POST /paymentMethods/balance', () => {
  it.each([
    ['givex 50 EUR, asked 40', giftCard('givex', '6036280000000000000'), eur(4000), 'Success', eur(5000)],
    [
      'givex 50 EUR, asked 75',
      giftCard('givex', '6036280000000000000'),
      eur(7500),
      'NotEnoughBalance',
      eur(5000),
    ],
    [
      'givex DKK card, asked in DKK',
      giftCard('givex', '6036280000000000019'),
      { currency: 'DKK', value: 20_000 },
      'Success',
      { currency: 'DKK', value: 50_000 },
    ],
    [
      'givex DKK card, asked in EUR',
      giftCard('givex', '6036280000000000019'),
      eur(100),
      'NotEnoughBalance',
      { currency: 'DKK', value: 50_000 },
    ],
    ['givex empty card', giftCard('givex', '6036280000000000027'), eur(100), 'NotEnoughBalance', eur(0)],
    [
      'givex USD card, asked in EUR',
      giftCard('givex', '6036280000000000035'),
      eur(100),
      'NotEnoughBalance',
      { currency: 'USD', value: 10_000 },
    ],
    ['svs', giftCard('svs', '6006491286999921374', '1111'), eur(10_000), 'Success', eur(10_000)],
    [
      'generic EUR',
      giftCard('genericgiftcard', '4010100000000000000', '73737'),
      eur(400_000),
      'Success',
      eur(500_000),
    ],
    [
      'generic DKK',
      giftCard('genericgiftcard', '4010100000000000018', '73737'),
      { currency: 'DKK', value: 900_000 },
      'Success',
      { currency: 'DKK', value: 1_000_000 },
    ],
    ['natixis voucher', mealVoucher('mealVoucher_FR_natixis'), eur(2000), 'Success', eur(2500)],
    ['sodexo voucher', mealVoucher('mealVoucher_FR_sodexo'), eur(3000), 'NotEnoughBalance', eur(2500)],
    ['groupeup voucher', mealVoucher('mealVoucher_FR_groupeup'), undefined, 'Success', eur(2500)],
  ])('%s', async (_name, method, amount, resultCode, balance) => {
    const response = await balanceOf(method, amount);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({ pspReference: expect.stringMatching(/^[A-Z0-9]{16}$/), resultCode, balance });
  });

  it('returns the transaction limit with the balance, under every API version', async () => {
    for (const version of ['v68', 'v71', 'v72']) {
      const response = await balanceOf(giftCard('givex', '6036280000000000043'), eur(30_000), version);
      expect(response.json()).toMatchObject({
        resultCode: 'Success',
        balance: eur(100_000),
        transactionLimit: eur(20_000),
      });
    }
  });

  it('fails without revealing a balance for a wrong PIN, an unknown card or an expired voucher', async () => {
    const wrongPin = (await balanceOf(giftCard('givex', '6036280000000000000', '321'), eur(100))).json();
    expect(wrongPin).toEqual({
      pspReference: expect.any(String),
      resultCode: 'Failed',
      refusalReason: 'Invalid Pin',
    });
    const unknown = (await balanceOf(giftCard('givex', '6036281111111111111'), eur(100))).json();
    expect(unknown).toMatchObject({ resultCode: 'Failed', refusalReason: 'Invalid Card Number' });
    expect(unknown.balance).toBeUndefined();
    const expired = (await balanceOf(mealVoucher('mealVoucher_FR_sodexo', '12', '2024'), eur(100))).json();
    expect(expired).toMatchObject({ resultCode: 'Failed', refusalReason: 'Expired Card' });
  });

  it('answers bad input in the gateway error format', async () => {
    const missing = await merchantCall(gateway.app, 'POST', '/v71/paymentMethods/balance', {
      merchantAccount: DEMO.merchantAccount,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 400, errorCode: '702', errorType: 'validation' });
    const cases: [Record<string, unknown>, string][] = [
      [giftCard('givex', '12345'), '101'],
      [giftCard('givex', '6036280000000000000', '1'), '103'],
      [giftCard('amex', '6036280000000000000'), '905'],
      [{ type: 'scheme', encryptedCardNumber: 'test_4111111111111111' }, '905'],
      [{ type: 'giftcard', brand: 'givex', number: '6036280000000000000', cvc: '123' }, '000'],
      [{ ...giftCard('givex', '6036280000000000000'), encryptedCardNumber: 'eyJ.not.a.jwe' }, '174'],
      [{ type: 'mealVoucher_FR_natixis', encryptedCardNumber: 'test_5010100000000000000' }, '129'],
    ];
    for (const [method, errorCode] of cases) {
      const response = await balanceOf(method, eur(100));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        status: 422,
        errorCode,
        message: expect.any(String),
        errorType: 'validation',
      });
    }
    const otherMerchant = await merchantCall(gateway.app, 'POST', '/v71/paymentMethods/balance', {
      merchantAccount: 'SomeoneElse',
      paymentMethod: giftCard('givex', '6036280000000000000'),
    });
    expect(otherMerchant.statusCode).toBe(403);
    const noKey = await gateway.app.inject({
      method: 'POST',
      url: '/v71/paymentMethods/balance',
      payload: {},
    });
    expect(noKey.statusCode).toBe(401);
  });
});

describe('gift-card payments', () => {
  const pay = (paymentMethod: Record<string, unknown>, amount: object, extra: Record<string, unknown> = {}) =>
    merchantCall(gateway.app, 'POST', '/v71/payments', paymentRequest(paymentMethod, { amount, ...extra }));

  it('authorises a payment the card covers, settles it at once and keeps only the last four digits', async () => {
    const response = await pay(giftCard('givex', '6036280000000000000'), eur(5000));
    const body = response.json();
    expect(body).toMatchObject({
      resultCode: 'Authorised',
      paymentMethod: { type: 'giftcard', brand: 'givex' },
      amount: eur(5000),
    });
    expect(body.action).toBeUndefined();
    const [row] = await gateway.database.db
      .select()
      .from(payments)
      .where(eq(payments.pspReference, body.pspReference));
    expect(row).toMatchObject({
      lastFour: '0000',
      brand: 'givex',
      paymentMethodType: 'giftcard',
      capturedValue: 5000,
    });
    // The delivery log lists the newest first.
    expect((await webhookEventsOf(gateway.app, body.pspReference)).sort()).toEqual([
      'AUTHORISATION:true',
      'CAPTURE:true',
    ]);

    const refund = await merchantCall(gateway.app, 'POST', `/v71/payments/${body.pspReference}/refunds`, {
      merchantAccount: DEMO.merchantAccount,
      amount: eur(1000),
    });
    expect(refund.statusCode).toBe(201);
    const cancel = await merchantCall(gateway.app, 'POST', `/v71/payments/${body.pspReference}/cancels`, {
      merchantAccount: DEMO.merchantAccount,
    });
    expect(cancel.statusCode).toBe(422);
    expect(cancel.json().errorCode).toBe('167');
  });

  it('authorises a meal voucher in France without a brand', async () => {
    const body = (await pay(mealVoucher('mealVoucher_FR_groupeup'), eur(1200), { countryCode: 'FR' })).json();
    expect(body).toMatchObject({
      resultCode: 'Authorised',
      paymentMethod: { type: 'mealVoucher_FR_groupeup' },
    });
  });

  it('refuses more than the balance outside an order (12) and a wrong PIN (17)', async () => {
    const tooMuch = (await pay(giftCard('givex', '6036280000000000000'), eur(7500))).json();
    expect(tooMuch).toMatchObject({
      resultCode: 'Refused',
      refusalReason: 'Not enough balance',
      refusalReasonCode: '12',
    });
    expect(await webhookEventsOf(gateway.app, tooMuch.pspReference)).toEqual(['AUTHORISATION:false']);
    const wrongPin = (await pay(giftCard('svs', '6006491286999921374', '2222'), eur(100))).json();
    expect(wrongPin).toMatchObject({
      resultCode: 'Refused',
      refusalReason: 'Invalid Pin',
      refusalReasonCode: '17',
    });
    const expired = (await pay(mealVoucher('mealVoucher_FR_natixis', '01', '2021'), eur(100))).json();
    expect(expired).toMatchObject({
      resultCode: 'Refused',
      refusalReason: 'Expired Card',
      refusalReasonCode: '6',
    });
  });

  it('lists the gift cards, and meal vouchers for France in euros', async () => {
    const list = async (countryCode: string, currency: string) =>
      (
        await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
          merchantAccount: DEMO.merchantAccount,
          amount: { currency, value: 1000 },
          countryCode,
        })
      )
        .json()
        .paymentMethods.filter((entry: { type: string }) => /giftcard|mealVoucher/.test(entry.type));
    expect(await list('DK', 'DKK')).toEqual([
      { type: 'giftcard', name: 'Givex', brand: 'givex' },
      { type: 'giftcard', name: 'SVS', brand: 'svs' },
      { type: 'giftcard', name: 'Generic GiftCard', brand: 'genericgiftcard' },
    ]);
    expect((await list('FR', 'EUR')).map((entry: { type: string }) => entry.type)).toEqual([
      'giftcard',
      'giftcard',
      'giftcard',
      'mealVoucher_FR_natixis',
      'mealVoucher_FR_sodexo',
      'mealVoucher_FR_groupeup',
    ]);
  });
});

describe('encrypted fields', () => {
  it('opens real JWE blobs of the frames (number and PIN as the card frames encrypt them)', async () => {
    const page = await gateway.app.inject({
      url: `/securedfields/${DEMO.clientKey}/5.5.0/securedFields.html?type=card&d=${Buffer.from(DEMO.origin).toString('base64')}`,
    });
    const publicKey = JSON.parse(
      /<script id="sf-config" type="application\/json">(.*?)<\/script>/s.exec(page.body)?.[1] ?? '{}',
    ).publicKey as JsonWebKey;
    const method = {
      type: 'giftcard',
      brand: 'svs',
      encryptedCardNumber: await encryptValue(publicKey, 'number', '6006491286999921374'),
      encryptedSecurityCode: await encryptValue(publicKey, 'cvc', '1111'),
    };
    const response = await balanceOf(method, eur(1000));
    expect(response.json()).toMatchObject({ resultCode: 'Success', balance: eur(10_000) });
  });
});

describe('session balance call', () => {
  const createSession = async (amount: object) => {
    const response = await merchantCall(gateway.app, 'POST', '/v71/sessions', {
      amount,
      merchantAccount: DEMO.merchantAccount,
      reference: `order-${Math.random().toString(36).slice(2)}`,
      returnUrl: 'http://localhost:3000/checkout/return',
      countryCode: 'DK',
    });
    expect(response.statusCode).toBe(201);
    return response.json() as { id: string; sessionData: string };
  };

  it('checks the balance against the session amount, with a fresh sessionData', async () => {
    const session = await createSession(eur(7500));
    const response = await clientCall(gateway.app, `/v1/sessions/${session.id}/paymentMethodBalance`, {
      sessionData: session.sessionData,
      paymentMethod: giftCard('givex', '6036280000000000000'),
      // The browser's amount is ignored: the session's counts.
      amount: eur(100),
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      resultCode: 'NotEnoughBalance',
      balance: eur(5000),
      sessionData: expect.any(String),
    });
    expect(body.sessionData).not.toBe(session.sessionData);

    const covered = await clientCall(
      gateway.app,
      `/checkoutshopper/v1/sessions/${session.id}/paymentMethodBalance`,
      {
        sessionData: body.sessionData,
        paymentMethod: giftCard('genericgiftcard', '4010100000000000000', '73737'),
      },
    );
    expect(covered.json()).toMatchObject({ resultCode: 'Success', balance: eur(500_000) });

    const failed = await clientCall(gateway.app, `/v1/sessions/${session.id}/paymentMethodBalance`, {
      sessionData: body.sessionData,
      paymentMethod: giftCard('givex', '6036280000000000000', '000'),
    });
    expect(failed.json()).toEqual({
      resultCode: 'Failed',
      refusalReason: 'Invalid Pin',
      sessionData: expect.any(String),
    });
  });

  it('pays a DKK session with the DKK gift card', async () => {
    const session = await createSession({ currency: 'DKK', value: 75_000 });
    const response = await clientCall(gateway.app, `/v1/sessions/${session.id}/payments`, {
      sessionData: session.sessionData,
      paymentMethod: giftCard('genericgiftcard', '4010100000000000018', '73737'),
    });
    expect(response.json()).toMatchObject({ resultCode: 'Authorised' });
  });

  it('refuses a foreign session, bad sessionData and bad input', async () => {
    const session = await createSession(eur(1000));
    const wrongData = await clientCall(gateway.app, `/v1/sessions/${session.id}/paymentMethodBalance`, {
      sessionData: 'nonsense',
      paymentMethod: giftCard('givex', '6036280000000000000'),
    });
    expect(wrongData.statusCode).toBe(422);
    expect(wrongData.json().errorCode).toBe('14_0');
    const noMethod = await clientCall(gateway.app, `/v1/sessions/${session.id}/paymentMethodBalance`, {
      sessionData: session.sessionData,
    });
    expect(noMethod.statusCode).toBe(400);
    const noOrigin = await clientCall(
      gateway.app,
      `/v1/sessions/${session.id}/paymentMethodBalance`,
      { sessionData: session.sessionData, paymentMethod: giftCard('givex', '6036280000000000000') },
      'http://evil.example',
    );
    expect(noOrigin.statusCode).toBe(403);
  });
});

describe('sandbox page', () => {
  it('lists the gift cards and meal vouchers for testers', async () => {
    const page = await gateway.app.inject({ url: '/sandbox' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Gift cards and meal vouchers');
    expect(page.body).toContain('6036 2800 0000 0000 043');
    expect(page.body).toContain('limit EUR 200.00');
    expect(page.body).toContain('expiry 03/2030');
  });
});

describe('logs', () => {
  it('never contain a gift card number or PIN', async () => {
    await balanceOf(giftCard('svs', '6006491286999921374', '1111'), eur(100));
    await balanceOf(giftCard('svs', '6006491286999921374', '9876543'), eur(100));
    expect(logLines.length).toBeGreaterThan(2);
    const everything = logLines.join('\n');
    for (const secret of ['6036280000000000000', '6006491286999921374', '5010100000000000000', '9876543'])
      expect(everything).not.toContain(secret);
    const stored = await gateway.database.db.execute('select * from payments' as never);
    expect(JSON.stringify(stored)).not.toContain('6036280000000000000');
  });
});
