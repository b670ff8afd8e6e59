import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEMO,
  encodeBase64Json,
  merchantCall,
  paymentRequest,
  testCardMethod,
  useTestGateway,
} from '../../testing/index.ts';
import { runChallengePages, runFingerprintPages } from '../../testing/threeds2.ts';
import { TEST_CARDS } from '../cards/test-cards.ts';
import { IDEMPOTENCY_STALE_CLAIM_SECONDS } from '../idempotency/service.ts';
import { CHALLENGE_TIMEOUT_MS, ThreeDsService } from '../threeds2/service.ts';
import { HOLDER_NAME_TRIGGERS } from './acquirer.ts';
import { PSP_REFERENCE_PATTERN } from './references.ts';
import { payments } from './schema.ts';

const gateway = useTestGateway();

const pay = (
  method: Record<string, unknown>,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) => merchantCall(gateway.app, 'POST', '/v71/payments', paymentRequest(method, extra), headers);

const details = (body: unknown) => merchantCall(gateway.app, 'POST', '/v71/payments/details', body);

/** Drives a 3DS2 payment through the ACS pages to its result, like the widget would. */
async function authenticate(
  first: { action?: { subtype: string; token: string; paymentData: string; authorisationToken: string } },
  otp = 'password',
) {
  let action = first.action;
  if (!action) throw new Error('no action');
  if (action.subtype === 'fingerprint') {
    const pages = await runFingerprintPages(gateway.app, action.token);
    expect(pages.notification.body).toContain('fingerPrintResult');
    const next = await details({
      paymentData: action.paymentData,
      details: { 'threeds2.fingerprint': encodeBase64Json({ threeDSCompInd: 'Y' }) },
    });
    expect(next.statusCode).toBe(200);
    if (!next.json().action) return next.json();
    expect(next.json().resultCode).toBe('ChallengeShopper');
    action = next.json().action;
  }
  if (!action) throw new Error('no challenge');
  expect(action.subtype).toBe('challenge');
  const pages = await runChallengePages(gateway.app, action.token, { otp });
  const transStatus = otp === 'password' ? 'Y' : 'N';
  expect(pages.notification.body).toContain(`challengeResult`);
  expect(pages.notification.body).toContain(`\\"transStatus\\":\\"${transStatus}\\"`);
  const final = await details({
    details: {
      threeDSResult: encodeBase64Json({ transStatus, authorisationToken: action.authorisationToken }),
    },
  });
  expect(final.statusCode).toBe(200);
  return final.json();
}

describe('merchant API authentication', () => {
  it('requires X-API-Key (401 000)', async () => {
    const response = await gateway.app.inject({ method: 'POST', url: '/v71/payments', payload: {} });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      status: 401,
      errorCode: '000',
      message: expect.any(String),
      errorType: 'security',
    });
    const wrong = await merchantCall(gateway.app, 'POST', '/v71/payments', {}, { 'x-api-key': 'nope' });
    expect(wrong.statusCode).toBe(401);
  });

  it('refuses another merchant account (403 901)', async () => {
    const response = await pay(testCardMethod('4111111111111111'), { merchantAccount: 'SomeoneElse' });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      errorCode: '901',
      errorType: 'security',
      message: 'Invalid Merchant Account',
    });
  });

  it.each([68, 69, 70, 71, 72])('serves /v%i', async (version) => {
    const response = await merchantCall(
      gateway.app,
      'POST',
      `/v${version}/payments`,
      paymentRequest(testCardMethod('4111111111111111')),
    );
    expect(response.json().resultCode).toBe('Authorised');
  });

  it('answers bad input with 400 702 and malformed JSON too', async () => {
    const missing = await merchantCall(gateway.app, 'POST', '/v71/payments', {
      merchantAccount: DEMO.merchantAccount,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ status: 400, errorCode: '702', errorType: 'validation' });
    const malformed = await gateway.app.inject({
      method: 'POST',
      url: '/v71/payments',
      headers: { 'x-api-key': DEMO.apiKey, 'content-type': 'application/json' },
      payload: '{"amount":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errorCode: '702' });
    const unknownRoute = await merchantCall(gateway.app, 'POST', '/v71/nothing', {});
    expect(unknownRoute.statusCode).toBe(404);
    expect(unknownRoute.json()).toMatchObject({ status: 404, errorType: 'validation' });
  });
});

describe('card payments without 3-D Secure', () => {
  it('authorises with a 16-character pspReference and echoes the amount', async () => {
    const response = await pay(testCardMethod('4111111111111111'));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      resultCode: 'Authorised',
      amount: { currency: 'EUR', value: 1000 },
      paymentMethod: { type: 'scheme', brand: 'visa' },
    });
    expect(body.pspReference).toMatch(PSP_REFERENCE_PATTERN);
    expect(response.body).not.toContain('4111111111111111');
  });

  it.each(Object.entries(HOLDER_NAME_TRIGGERS))(
    'holder name %s gives refusal code %i',
    async (trigger, code) => {
      const body = (await pay(testCardMethod('5555555555554444', { holderName: trigger }))).json();
      const expected =
        code === 1
          ? 'Authorised'
          : code === 13
            ? 'Received'
            : code === 0 || code === 4
              ? 'Error'
              : code === 15
                ? 'Cancelled'
                : 'Refused';
      expect(body.resultCode).toBe(expected);
      if (code !== 1) expect(body.refusalReasonCode).toBe(String(code));
    },
  );

  it('reads the raw-response holder-name form and RequestedTestAcquirerResponseCode', async () => {
    const raw = (
      await pay(testCardMethod('4111111111111111', { holderName: 'DECLINED : 06 : ERROR' }))
    ).json();
    expect(raw).toMatchObject({
      resultCode: 'Refused',
      refusalReason: 'Refused',
      refusalReasonCode: '2',
      additionalData: { refusalReasonRaw: '06 : ERROR' },
    });
    const byCode = (
      await pay(testCardMethod('4111111111111111'), {
        additionalData: { RequestedTestAcquirerResponseCode: '5' },
      })
    ).json();
    expect(byCode).toMatchObject({
      resultCode: 'Refused',
      refusalReason: 'Blocked Card',
      refusalReasonCode: '5',
    });
  });

  it('declines a test card with a wrong security code or expiry, and refuses an expired card', async () => {
    expect((await pay(testCardMethod('4111111111111111', { cvc: '123' }))).json()).toMatchObject({
      resultCode: 'Refused',
      refusalReasonCode: '2',
    });
    expect((await pay(testCardMethod('4111111111111111', { month: '04' }))).json()).toMatchObject({
      resultCode: 'Refused',
      refusalReasonCode: '2',
    });
    expect((await pay(testCardMethod('4111111111111111', { year: '2020' }))).json()).toMatchObject({
      resultCode: 'Refused',
      refusalReason: 'Expired Card',
      refusalReasonCode: '6',
    });
  });

  it.each([
    ['a failed Luhn check', testCardMethod('4111111111111112'), '101'],
    ['an unknown brand', testCardMethod('1234567812345670'), '102'],
    ['a short security code', testCardMethod('4111111111111111', { cvc: '12' }), '103'],
    ['a missing security code', testCardMethod('4111111111111111', { cvc: '' }), '103'],
    ['a bad month', testCardMethod('4111111111111111', { month: '13' }), '129'],
    [
      'a blob that is not JWE',
      { ...testCardMethod('4111111111111111'), encryptedCardNumber: 'eyJhbGciOi.nope' },
      '174',
    ],
    ['raw card data', { type: 'scheme', number: '4111111111111111', cvc: '737' }, '000'],
    ['no card number', { type: 'scheme' }, '101'],
    ['an unsupported method type', { type: 'teleportation' }, '905'],
  ])('answers %s with 422', async (_, method, errorCode) => {
    const response = await pay(method);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ status: 422, errorCode, errorType: 'validation' });
    expect(response.body).not.toMatch(/4111111111111/);
  });
});

describe('test cards', () => {
  it.each(TEST_CARDS.map((card) => [card.number, card.description, card]))(
    '%s (%s) behaves as documented',
    async (_, __, card) => {
      const first = (await pay(testCardMethod(card.number, { cvc: card.securityCode }))).json();
      switch (card.threeDs) {
        case 'none':
          expect(first.resultCode).toBe('Authorised');
          break;
        case 'frictionless': {
          expect(first).toMatchObject({
            resultCode: 'IdentifyShopper',
            action: { type: 'threeDS2', subtype: 'fingerprint' },
          });
          expect((await authenticate(first)).resultCode).toBe('Authorised');
          break;
        }
        case 'fingerprint-then-challenge': {
          expect(first).toMatchObject({ resultCode: 'IdentifyShopper', action: { subtype: 'fingerprint' } });
          expect((await authenticate(first)).resultCode).toBe('Authorised');
          break;
        }
        case 'challenge-only': {
          expect(first).toMatchObject({ resultCode: 'ChallengeShopper', action: { subtype: 'challenge' } });
          expect((await authenticate(first)).resultCode).toBe('Authorised');
          break;
        }
      }
    },
  );
});

describe('3-D Secure 2', () => {
  it('builds tokens as base64 of JSON, as the widget expects', async () => {
    const first = (await pay(testCardMethod('5000550000000029'))).json();
    expect(first.action).toEqual({
      type: 'threeDS2',
      subtype: 'fingerprint',
      paymentMethodType: 'scheme',
      token: expect.any(String),
      paymentData: expect.any(String),
      authorisationToken: expect.any(String),
    });
    expect(first.action.paymentData.length).toBeGreaterThanOrEqual(15);
    const token = JSON.parse(Buffer.from(first.action.token, 'base64').toString());
    expect(Object.keys(token).sort()).toEqual([
      'threeDSMethodNotificationURL',
      'threeDSMethodUrl',
      'threeDSServerTransID',
    ]);
    expect(token.threeDSMethodUrl).toBe('http://localhost:8080/threeds2/method');
    const challenge = (await pay(testCardMethod('4212345678910006'))).json();
    const challengeToken = JSON.parse(Buffer.from(challenge.action.token, 'base64').toString());
    expect(Object.keys(challengeToken).sort()).toEqual([
      'acsTransID',
      'acsURL',
      'messageVersion',
      'threeDSNotificationURL',
      'threeDSServerTransID',
    ]);
  });

  it('refuses a wrong one-time password with 3D Not Authenticated', async () => {
    const first = (await pay(testCardMethod('4212345678910006'))).json();
    expect(await authenticate(first, 'wrong')).toMatchObject({
      resultCode: 'Refused',
      refusalReason: '3D Not Authenticated',
      refusalReasonCode: '11',
    });
  });

  it('believes the ACS, not a browser claiming Y without a challenge', async () => {
    const first = (await pay(testCardMethod('4212345678910006'))).json();
    const final = await details({
      details: {
        threeDSResult: encodeBase64Json({
          transStatus: 'Y',
          authorisationToken: first.action.authorisationToken,
        }),
      },
    });
    expect(final.json()).toMatchObject({ resultCode: 'Refused', refusalReasonCode: '11' });
  });

  it('gives U when the shopper cancels the challenge, and sizes the challenge window', async () => {
    const first = (await pay(testCardMethod('4212345678910006'))).json();
    const pages = await runChallengePages(gateway.app, first.action.token, 'cancel', '01');
    expect(pages.challenge.body).toContain('width:250px;height:400px');
    expect(pages.notification.body).toContain('\\"transStatus\\":\\"U\\"');
    const final = await details({
      details: {
        threeDSResult: encodeBase64Json({
          transStatus: 'U',
          authorisationToken: first.action.authorisationToken,
        }),
      },
    });
    expect(final.json().resultCode).toBe('Refused');
  });

  it('times a challenge out after 10 minutes with U', async () => {
    const first = (await pay(testCardMethod('4212345678910006'))).json();
    const token = JSON.parse(Buffer.from(first.action.token, 'base64').toString());
    const acs = new ThreeDsService(gateway.database.db, gateway.config.PUBLIC_URL);
    await acs.openChallenge(token.acsTransID, '02', new Date());
    const late = new Date(Date.now() + CHALLENGE_TIMEOUT_MS + 1000);
    const answered = await acs.answerChallenge(token.acsTransID, { password: 'password' }, late, () => true);
    expect(answered?.transStatus).toBe('U');
    const final = await details({
      details: {
        threeDSResult: encodeBase64Json({
          transStatus: 'Y',
          authorisationToken: first.action.authorisationToken,
        }),
      },
    });
    expect(final.json()).toMatchObject({ resultCode: 'Refused', refusalReasonCode: '11' });
  });

  it('applies the holder-name trigger after authentication', async () => {
    const first = (
      await pay(testCardMethod('4212345678910006', { holderName: 'NOT_ENOUGH_BALANCE' }))
    ).json();
    expect(await authenticate(first)).toMatchObject({ resultCode: 'Refused', refusalReasonCode: '12' });
  });

  it('skips 3DS when the merchant never wants authentication', async () => {
    const body = (
      await pay(testCardMethod('4212345678910006'), {
        authenticationData: { attemptAuthentication: 'never' },
      })
    ).json();
    expect(body.resultCode).toBe('Authorised');
  });

  it('rejects tampered or missing paymentData and unknown details', async () => {
    const first = (await pay(testCardMethod('5000550000000029'))).json();
    const tampered = await details({
      paymentData: `${first.action.paymentData}x`,
      details: { 'threeds2.fingerprint': encodeBase64Json({ threeDSCompInd: 'Y' }) },
    });
    expect(tampered.statusCode).toBe(422);
    const missing = await details({
      details: { 'threeds2.fingerprint': encodeBase64Json({ threeDSCompInd: 'Y' }) },
    });
    expect(missing.statusCode).toBe(422);
    expect((await details({ details: { somethingElse: 'x' } })).statusCode).toBe(422);
    expect((await details({ details: { threeDSResult: '%%%' } })).statusCode).toBe(422);
  });

  it('serves error pages for bad ACS input', async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expect(
      (
        await gateway.app.inject({
          method: 'POST',
          url: '/threeds2/method',
          headers: form,
          payload: 'threeDSMethodData=bad',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await gateway.app.inject({
          method: 'POST',
          url: '/threeds2/challenge',
          headers: form,
          payload: 'creq=bad',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await gateway.app.inject({
          method: 'POST',
          url: '/threeds2/challenge/answer',
          headers: form,
          payload: 'acsTransID=nope&answer=password',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await gateway.app.inject({
          method: 'POST',
          url: '/threeds2/notification',
          headers: form,
          payload: 'cres=bad',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('stored cards', () => {
  it('stores a card on request and pays with its storedPaymentMethodId', async () => {
    const shopperReference = `shopper-${Date.now()}`;
    const first = (
      await pay(testCardMethod('5555555555554444'), {
        shopperReference,
        storePaymentMethod: true,
        recurringProcessingModel: 'CardOnFile',
      })
    ).json();
    expect(first.resultCode).toBe('Authorised');
    const storedId = first.additionalData['tokenization.storedPaymentMethodId'];
    expect(storedId).toMatch(/^[A-Z0-9]{16}$/);
    const methods = (
      await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
        merchantAccount: DEMO.merchantAccount,
        shopperReference,
      })
    ).json();
    expect(methods.storedPaymentMethods).toEqual([
      expect.objectContaining({
        id: storedId,
        type: 'scheme',
        brand: 'mc',
        lastFour: '4444',
        expiryMonth: '03',
        expiryYear: '30',
        supportedShopperInteractions: ['Ecommerce', 'ContAuth'],
      }),
    ]);
    const again = (
      await pay(
        { type: 'scheme', storedPaymentMethodId: storedId },
        { shopperReference, shopperInteraction: 'ContAuth', recurringProcessingModel: 'CardOnFile' },
      )
    ).json();
    expect(again).toMatchObject({ resultCode: 'Authorised', paymentMethod: { brand: 'mc' } });
    const unknown = await pay({ type: 'scheme', storedPaymentMethodId: 'NOPE' }, { shopperReference });
    expect(unknown.statusCode).toBe(422);
    const otherShopper = await pay(
      { type: 'scheme', storedPaymentMethodId: storedId },
      { shopperReference: 'someone-else' },
    );
    expect(otherShopper.statusCode).toBe(422);
  });

  it('stores a card only once a 3DS payment is authorised, and the vault holds no card number', async () => {
    const shopperReference = `shopper-3ds-${Date.now()}`;
    const first = (
      await pay(testCardMethod('4212345678910006'), { shopperReference, storePaymentMethod: true })
    ).json();
    const listed = async () =>
      (
        await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
          merchantAccount: DEMO.merchantAccount,
          shopperReference,
        })
      ).json().storedPaymentMethods;
    expect(await listed()).toEqual([]);
    const final = await authenticate(first);
    expect(final.additionalData['recurring.recurringDetailReference']).toBeDefined();
    expect(await listed()).toHaveLength(1);
    const dump = await gateway.database.db.execute('select * from stored_payment_methods' as never);
    expect(JSON.stringify(dump)).not.toContain('4212345678910006');
    expect(JSON.stringify(dump)).not.toContain('"lastFour"');
  });
});

describe('paymentMethods', () => {
  it('lists cards with their brands and honours allowed/blocked lists', async () => {
    const all = (
      await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
        merchantAccount: DEMO.merchantAccount,
        amount: { currency: 'EUR', value: 1000 },
      })
    ).json();
    expect(all.paymentMethods).toContainEqual(
      expect.objectContaining({
        type: 'scheme',
        name: 'Cards',
        brands: expect.arrayContaining(['visa', 'mc', 'amex']),
      }),
    );
    const blocked = (
      await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
        merchantAccount: DEMO.merchantAccount,
        blockedPaymentMethods: ['scheme'],
      })
    ).json();
    expect(
      blocked.paymentMethods.find((method: { type: string }) => method.type === 'scheme'),
    ).toBeUndefined();
  });
});

describe('modifications', () => {
  const modify = (psp: string, path: string, body: Record<string, unknown> = {}) =>
    merchantCall(gateway.app, 'POST', `/v71/payments/${psp}/${path}`, {
      merchantAccount: DEMO.merchantAccount,
      ...body,
    });

  it('authorise → capture → refund, with amounts checked', async () => {
    const { pspReference } = (await pay(testCardMethod('4111111111111111'))).json();
    expect(
      (await modify(pspReference, 'refunds', { amount: { currency: 'EUR', value: 100 } })).statusCode,
    ).toBe(422);
    const capture = await modify(pspReference, 'captures', {
      amount: { currency: 'EUR', value: 600 },
      reference: 'cap-1',
    });
    expect(capture.statusCode).toBe(201);
    expect(capture.json()).toEqual({
      merchantAccount: DEMO.merchantAccount,
      paymentPspReference: pspReference,
      pspReference: expect.stringMatching(/^[A-Z0-9]{16}$/),
      reference: 'cap-1',
      status: 'received',
      amount: { currency: 'EUR', value: 600 },
    });
    expect(
      (await modify(pspReference, 'captures', { amount: { currency: 'EUR', value: 500 } })).statusCode,
    ).toBe(422);
    expect(
      (await modify(pspReference, 'captures', { amount: { currency: 'USD', value: 100 } })).statusCode,
    ).toBe(422);
    expect(
      (
        await modify(pspReference, 'refunds', {
          amount: { currency: 'EUR', value: 600 },
          merchantRefundReason: 'RETURN',
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await modify(pspReference, 'refunds', { amount: { currency: 'EUR', value: 1 } })).statusCode,
    ).toBe(422);
    // Multiple partial captures: a cancel after them releases what was not captured, once.
    const release = await modify(pspReference, 'cancels');
    expect(release.statusCode).toBe(201);
    expect(release.json()).toMatchObject({ status: 'received' });
    expect(
      (await modify(pspReference, 'captures', { amount: { currency: 'EUR', value: 1 } })).statusCode,
    ).toBe(422);
    expect((await modify(pspReference, 'cancels')).statusCode).toBe(422);
  });

  it('cancels an uncaptured payment once; reversal cancels or refunds', async () => {
    const first = (await pay(testCardMethod('4111111111111111'))).json();
    expect((await modify(first.pspReference, 'cancels')).statusCode).toBe(201);
    expect((await modify(first.pspReference, 'cancels')).statusCode).toBe(422);
    expect((await modify(first.pspReference, 'captures')).statusCode).toBe(422);
    const second = (await pay(testCardMethod('4111111111111111'))).json();
    await modify(second.pspReference, 'captures');
    const reversal = await modify(second.pspReference, 'reversals');
    expect(reversal.json()).toMatchObject({ status: 'received', amount: { value: 1000 } });
  });

  it('captures immediately with captureDelayHours 0', async () => {
    const { pspReference } = (await pay(testCardMethod('4111111111111111'), { captureDelayHours: 0 })).json();
    expect((await modify(pspReference, 'captures')).statusCode).toBe(422);
    expect((await modify(pspReference, 'refunds')).statusCode).toBe(201);
  });

  it('answers unknown or refused payments with 422 and bad bodies with 400', async () => {
    expect((await modify('AAAAAAAAAAAAAAAA', 'captures')).json()).toMatchObject({
      status: 422,
      errorCode: '167',
    });
    const refused = (await pay(testCardMethod('4111111111111111', { holderName: 'DECLINED' }))).json();
    expect((await modify(refused.pspReference, 'captures')).statusCode).toBe(422);
    expect(
      (await modify(refused.pspReference, 'captures', { amount: { currency: 'EUR', value: -1 } })).statusCode,
    ).toBe(400);
  });
});

describe('idempotency', () => {
  it('replays the first response for the same key and echoes the header', async () => {
    const body = paymentRequest(testCardMethod('4111111111111111'));
    const first = await merchantCall(gateway.app, 'POST', '/v71/payments', body, {
      'idempotency-key': 'key-replay-1',
    });
    const second = await merchantCall(gateway.app, 'POST', '/v70/payments', body, {
      'idempotency-key': 'key-replay-1',
    });
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotency-key']).toBe('key-replay-1');
  });

  it('processes concurrent retries once', async () => {
    const body = paymentRequest(testCardMethod('4111111111111111'));
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        merchantCall(gateway.app, 'POST', '/v71/payments', body, { 'idempotency-key': 'key-concurrent-1' }),
      ),
    );
    const references = new Set(
      responses
        .filter((response) => response.statusCode === 200)
        .map((response) => response.json().pspReference),
    );
    expect(references.size).toBe(1);
    for (const response of responses) {
      if (response.statusCode !== 200)
        expect(response.json()).toMatchObject({ status: 409, errorCode: '705' });
    }
    const later = await merchantCall(gateway.app, 'POST', '/v71/payments', body, {
      'idempotency-key': 'key-concurrent-1',
    });
    expect(later.json().pspReference).toBe([...references][0]);
    const deliveries = (
      await merchantCall(
        gateway.app,
        'GET',
        `/v71/webhooks/deliveries?pspReference=${later.json().pspReference}`,
      )
    ).json();
    expect(deliveries.deliveries).toHaveLength(1);
  });

  it('takes over a claim left processing by a crashed gateway, and only a stale one', async () => {
    const body = paymentRequest(testCardMethod('4111111111111111'));
    const first = await merchantCall(gateway.app, 'POST', '/v71/payments', body, {
      'idempotency-key': 'key-crashed-1',
    });
    expect(first.statusCode).toBe(200);
    // What a SIGKILL between the claim and the answer leaves: the key claimed, nothing completed; the
    // payment committed or not, depending on the moment.
    const claimLeftBy = async (
      key: string,
      secondsAgo: number,
      crashed: 'after payment' | 'before payment',
    ) =>
      gateway.database.db.execute(
        sql`UPDATE idempotency_records SET state = 'processing', response_status = NULL, response_body = NULL,
            created_at = now() - make_interval(secs => ${secondsAgo}),
            effect_ref = CASE WHEN ${crashed} = 'after payment' THEN effect_ref END WHERE key = ${key}`,
      );
    const paymentsOf = async (reference: string) =>
      (await gateway.database.db.select().from(payments).where(eq(payments.merchantReference, reference)))
        .length;
    await claimLeftBy('key-crashed-1', 5, 'after payment');
    const recent = await merchantCall(gateway.app, 'POST', '/v71/payments', body, {
      'idempotency-key': 'key-crashed-1',
    });
    expect(recent.json()).toMatchObject({ status: 409, errorCode: '705' });

    await claimLeftBy('key-crashed-1', IDEMPOTENCY_STALE_CLAIM_SECONDS + 1, 'after payment');
    const answered = await merchantCall(gateway.app, 'POST', '/v71/payments', body, {
      'idempotency-key': 'key-crashed-1',
    });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual(first.json());
    expect(await paymentsOf(body.reference)).toBe(1);

    await claimLeftBy('key-crashed-1', IDEMPOTENCY_STALE_CLAIM_SECONDS + 1, 'before payment');
    const retried = await merchantCall(gateway.app, 'POST', '/v71/payments', body, {
      'idempotency-key': 'key-crashed-1',
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ resultCode: 'Authorised' });
    expect(retried.json().pspReference).not.toBe(first.json().pspReference);
    // Another body under the stale key is still refused.
    await claimLeftBy('key-crashed-1', IDEMPOTENCY_STALE_CLAIM_SECONDS + 1, 'after payment');
    const other = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest(testCardMethod('5555555555554444')),
      { 'idempotency-key': 'key-crashed-1' },
    );
    expect(other.json()).toMatchObject({ errorCode: '704' });
  });

  it('refuses the same key with a different body, and replays client errors', async () => {
    await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest(testCardMethod('4111111111111111')),
      { 'idempotency-key': 'key-different-1' },
    );
    const other = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest(testCardMethod('5555555555554444')),
      { 'idempotency-key': 'key-different-1' },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ errorCode: '704' });
    const bad = paymentRequest(testCardMethod('4111111111111112'));
    const firstError = await merchantCall(gateway.app, 'POST', '/v71/payments', bad, {
      'idempotency-key': 'key-error-1',
    });
    const replayedError = await merchantCall(gateway.app, 'POST', '/v71/payments', bad, {
      'idempotency-key': 'key-error-1',
    });
    expect(replayedError.statusCode).toBe(firstError.statusCode);
    expect(replayedError.json()).toEqual(firstError.json());
    const tooLong = await merchantCall(gateway.app, 'POST', '/v71/payments', bad, {
      'idempotency-key': 'x'.repeat(65),
    });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('SEPA Direct Debit (the first non-card family)', () => {
  const sepa = (iban: string, ownerName = 'A. Schneider') => ({ type: 'sepadirectdebit', iban, ownerName });

  it('authorises a valid IBAN and applies owner-name triggers', async () => {
    expect((await pay(sepa('NL13TEST0123456789'))).json()).toMatchObject({
      resultCode: 'Authorised',
      paymentMethod: { type: 'sepadirectdebit' },
    });
    expect((await pay(sepa('DE87123456781234567890', 'DECLINED'))).json()).toMatchObject({
      resultCode: 'Refused',
      refusalReasonCode: '2',
    });
  });

  it('refuses a bad IBAN, a missing owner and other currencies', async () => {
    expect((await pay(sepa('NL14TEST0123456789'))).json()).toMatchObject({ status: 422, errorCode: '161' });
    expect((await pay(sepa('NL13TEST0123456789', ' '))).statusCode).toBe(422);
    expect(
      (await pay(sepa('NL13TEST0123456789'), { amount: { currency: 'USD', value: 100 } })).statusCode,
    ).toBe(422);
  });
});

describe('webhook delivery log', () => {
  it('shows a notification that ran out of retries as failed, with the last error', async () => {
    const { pspReference } = (await pay(testCardMethod('4111111111111111'))).json();
    const deadline = Date.now() + 20_000;
    let entry: Record<string, unknown> | undefined;
    while (Date.now() < deadline) {
      const log = (
        await merchantCall(gateway.app, 'GET', `/v71/webhooks/deliveries?pspReference=${pspReference}`)
      ).json();
      entry = log.deliveries[0];
      if (entry?.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(entry).toMatchObject({
      eventCode: 'AUTHORISATION',
      state: 'failed',
      attempts: 1,
      lastError: expect.any(String),
      webhookUrl: 'http://127.0.0.1:9/unreachable',
      notification: { live: 'false', notificationItems: [{ NotificationRequestItem: { pspReference } }] },
    });
  }, 30_000);
});

describe('bad input never crashes (property test)', () => {
  const endpoints = [
    '/v71/payments',
    '/v71/payments/details',
    '/v71/sessions',
    '/v71/paymentMethods',
    '/v71/payments/AAAAAAAAAAAAAAAA/captures',
  ];

  it('answers arbitrary JSON with a 2xx or 4xx in the gateway format', async () => {
    const valid = paymentRequest(testCardMethod('4111111111111111'));
    const mutated = fc.record({
      field: fc.constantFrom(
        ...Object.keys(valid),
        'paymentMethod.encryptedCardNumber',
        'paymentMethod.type',
        'amount.value',
      ),
      value: fc.jsonValue(),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...endpoints),
        fc.oneof(fc.jsonValue(), mutated),
        async (url, input) => {
          let body: unknown = input;
          if (input && typeof input === 'object' && 'field' in input && 'value' in input) {
            const copy = structuredClone(valid) as unknown as Record<string, Record<string, unknown>>;
            const [head, tail] = String(input.field).split('.') as [string, string | undefined];
            if (tail && copy[head] && typeof copy[head] === 'object') copy[head][tail] = input.value;
            else (copy as Record<string, unknown>)[head] = input.value;
            body = copy;
          }
          const response = await gateway.app.inject({
            method: 'POST',
            url,
            headers: { 'x-api-key': DEMO.apiKey, 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expect(response.statusCode).toBeLessThan(500);
          if (response.statusCode >= 400)
            expect(response.json()).toMatchObject({
              status: response.statusCode,
              errorCode: expect.any(String),
              errorType: expect.any(String),
            });
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);
});
