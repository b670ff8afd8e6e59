import { describe, expect, it } from 'vitest';
import {
  clientCall,
  DEMO,
  encodeBase64Json,
  merchantCall,
  testCardMethod,
  useTestGateway,
} from '../../testing/index.ts';
import { runChallengePages, runFingerprintPages } from '../../testing/threeds2.ts';

const gateway = useTestGateway();

const createSession = async (extra: Record<string, unknown> = {}) => {
  const response = await merchantCall(gateway.app, 'POST', '/v71/sessions', {
    amount: { currency: 'EUR', value: 2500 },
    merchantAccount: DEMO.merchantAccount,
    reference: `order-${Math.random().toString(36).slice(2)}`,
    returnUrl: 'http://localhost:3000/checkout/return',
    countryCode: 'DK',
    ...extra,
  });
  expect(response.statusCode).toBe(201);
  return response.json();
};

describe('merchant sessions', () => {
  it('creates a session that echoes the request, with CS id, sessionData and a 1 h expiry', async () => {
    const before = Date.now();
    const session = await createSession({ shopperLocale: 'da-DK' });
    expect(session).toMatchObject({
      id: expect.stringMatching(/^CS[0-9A-F]{16}$/),
      sessionData: expect.any(String),
      amount: { currency: 'EUR', value: 2500 },
      returnUrl: 'http://localhost:3000/checkout/return',
      shopperLocale: 'da-DK',
      countryCode: 'DK',
      merchantAccount: DEMO.merchantAccount,
    });
    const expires = Date.parse(session.expiresAt);
    expect(expires - before).toBeGreaterThan(3500_000);
    expect(expires - before).toBeLessThan(3700_000);
  });

  it('refuses a missing returnUrl (422 14_030), a far expiry and a bad amount', async () => {
    const missing = await merchantCall(gateway.app, 'POST', '/v71/sessions', {
      amount: { currency: 'EUR', value: 100 },
      merchantAccount: DEMO.merchantAccount,
      reference: 'x',
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      status: 422,
      errorCode: '14_030',
      message: 'Return URL is missing.',
      errorType: 'validation',
    });
    const far = await merchantCall(gateway.app, 'POST', '/v71/sessions', {
      amount: { currency: 'EUR', value: 100 },
      merchantAccount: DEMO.merchantAccount,
      reference: 'x',
      returnUrl: 'http://x',
      expiresAt: new Date(Date.now() + 48 * 3600_000).toISOString(),
    });
    expect(far.statusCode).toBe(422);
    const decimal = await merchantCall(gateway.app, 'POST', '/v71/sessions', {
      amount: { currency: 'EUR', value: 10.5 },
      merchantAccount: DEMO.merchantAccount,
      reference: 'x',
      returnUrl: 'http://x',
    });
    expect(decimal.statusCode).toBe(400);
  });
});

describe('client session flow', () => {
  it('setup → payments (3DS2 fingerprint + challenge) → paymentDetails → merchant sees completed', async () => {
    const session = await createSession({ shopperReference: 'shopper-sessions-1' });
    const setup = await clientCall(gateway.app, `/v1/sessions/${session.id}/setup`, {
      sessionData: session.sessionData,
    });
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['access-control-allow-origin']).toBe(DEMO.origin);
    expect(setup.json()).toMatchObject({
      id: session.id,
      amount: { currency: 'EUR', value: 2500 },
      paymentMethods: {
        paymentMethods: expect.arrayContaining([expect.objectContaining({ type: 'scheme' })]),
        storedPaymentMethods: [],
      },
      returnUrl: session.returnUrl,
      shopperLocale: 'en-US',
      configuration: { enableStoreDetails: true },
      sessionData: expect.any(String),
    });
    const payment = await clientCall(gateway.app, `/v1/sessions/${session.id}/payments`, {
      sessionData: setup.json().sessionData,
      paymentMethod: testCardMethod('5000550000000029'),
      browserInfo: { userAgent: 'test', acceptHeader: '*/*' },
      storePaymentMethod: true,
    });
    expect(payment.statusCode).toBe(200);
    const paid = payment.json();
    expect(paid).toMatchObject({
      resultCode: 'IdentifyShopper',
      action: { type: 'threeDS2', subtype: 'fingerprint' },
      sessionData: expect.any(String),
    });
    await runFingerprintPages(gateway.app, paid.action.token);
    const fingerprint = await clientCall(
      gateway.app,
      `/v1/submitThreeDS2Fingerprint?token=${DEMO.clientKey}`,
      {
        fingerprintResult: encodeBase64Json({ threeDSCompInd: 'Y' }),
        paymentData: paid.action.paymentData,
      },
    );
    expect(fingerprint.json()).toMatchObject({
      type: 'action',
      action: { type: 'threeDS2', subtype: 'challenge', authorisationToken: expect.any(String) },
    });
    const challengeAction = fingerprint.json().action;
    await runChallengePages(gateway.app, challengeAction.token, { otp: 'password' });
    const details = await clientCall(gateway.app, `/v1/sessions/${session.id}/paymentDetails`, {
      sessionData: paid.sessionData,
      details: {
        threeDSResult: encodeBase64Json({
          transStatus: 'Y',
          authorisationToken: challengeAction.authorisationToken,
        }),
      },
    });
    expect(details.json()).toMatchObject({
      resultCode: 'Authorised',
      sessionResult: expect.any(String),
      sessionData: expect.any(String),
    });
    const result = await merchantCall(
      gateway.app,
      'GET',
      `/v71/sessions/${session.id}?sessionResult=${encodeURIComponent(details.json().sessionResult)}`,
    );
    expect(result.json()).toMatchObject({
      id: session.id,
      status: 'completed',
      payments: [
        {
          resultCode: 'Authorised',
          amount: { currency: 'EUR', value: 2500 },
          pspReference: expect.stringMatching(/^[A-Z0-9]{16}$/),
        },
      ],
    });
    const again = await clientCall(gateway.app, `/v1/sessions/${session.id}/payments`, {
      sessionData: details.json().sessionData,
      paymentMethod: testCardMethod('4111111111111111'),
    });
    expect(again.statusCode).toBe(422);
    const stored = await clientCall(gateway.app, `/v1/sessions/${session.id}/setup`, {
      sessionData: details.json().sessionData,
    });
    expect(stored.json().paymentMethods.storedPaymentMethods).toHaveLength(1);
  });

  it('answers frictionless fingerprints with completed details', async () => {
    const session = await createSession();
    const paid = (
      await clientCall(gateway.app, `/v1/sessions/${session.id}/payments`, {
        sessionData: session.sessionData,
        paymentMethod: testCardMethod('5201281505129736'),
      })
    ).json();
    const fingerprint = (
      await clientCall(gateway.app, `/v1/submitThreeDS2Fingerprint?token=${DEMO.clientKey}`, {
        fingerprintResult: encodeBase64Json({ threeDSCompInd: 'N' }),
        paymentData: paid.action.paymentData,
      })
    ).json();
    expect(fingerprint).toMatchObject({ type: 'completed', details: { threeDSResult: expect.any(String) } });
    const details = await clientCall(gateway.app, `/v1/sessions/${session.id}/paymentDetails`, {
      sessionData: paid.sessionData,
      details: fingerprint.details,
    });
    expect(details.json().resultCode).toBe('Authorised');
  });

  it('becomes refused after three refusals', async () => {
    const session = await createSession();
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const refused = await clientCall(gateway.app, `/v1/sessions/${session.id}/payments`, {
        sessionData: session.sessionData,
        paymentMethod: testCardMethod('4111111111111111', { holderName: 'DECLINED' }),
      });
      expect(refused.json().resultCode).toBe('Refused');
    }
    const blocked = await clientCall(gateway.app, `/v1/sessions/${session.id}/payments`, {
      sessionData: session.sessionData,
      paymentMethod: testCardMethod('4111111111111111'),
    });
    expect(blocked.json()).toMatchObject({ status: 422, errorCode: '14_004' });
  });

  it('refuses foreign sessionData, bad sessionResult and bad payment data', async () => {
    const one = await createSession();
    const two = await createSession();
    expect(
      (await clientCall(gateway.app, `/v1/sessions/${one.id}/setup`, { sessionData: two.sessionData }))
        .statusCode,
    ).toBe(422);
    expect((await clientCall(gateway.app, `/v1/sessions/${one.id}/setup`, {})).statusCode).toBe(400);
    expect(
      (await merchantCall(gateway.app, 'GET', `/v71/sessions/${one.id}?sessionResult=nope`)).statusCode,
    ).toBe(422);
    expect(
      (await merchantCall(gateway.app, 'GET', '/v71/sessions/CS0000000000000000?sessionResult=nope'))
        .statusCode,
    ).toBe(422);
    const bad = await clientCall(gateway.app, `/v1/sessions/${one.id}/payments`, {
      sessionData: one.sessionData,
      paymentMethod: 'card',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('client key and origin', () => {
  it('requires a known client key', async () => {
    const missing = await gateway.app.inject({
      method: 'POST',
      url: '/v3/analytics',
      headers: { origin: DEMO.origin },
      payload: {},
    });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({
      errorCode: '000',
      errorType: 'security',
      message: expect.stringContaining('clientKey'),
    });
    const unknown = await clientCall(gateway.app, '/v3/analytics?clientKey=nope', {});
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toContain('Invalid clientKey');
  });

  it('refuses origins not allowed for the key, without CORS headers', async () => {
    const response = await clientCall(gateway.app, '/v3/analytics', {}, 'https://evil.example');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({
      errorCode: '010',
      message: expect.stringContaining('https://evil.example'),
    });
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a missing, null or unparseable Origin like a disallowed one', async () => {
    const url = `/v3/analytics?clientKey=${DEMO.clientKey}`;
    const cases: Record<string, string>[] = [
      {},
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
      { origin: 'not a url' },
      { origin: '' },
    ];
    for (const headers of cases) {
      const response = await gateway.app.inject({ method: 'POST', url, headers, payload: {} });
      expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      expect(response.json()).toMatchObject({ errorCode: '010', errorType: 'security' });
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    }
    const setup = await gateway.app.inject({
      method: 'POST',
      url: `/v1/sessions/CS1/setup?clientKey=${DEMO.clientKey}`,
      headers: { origin: 'null' },
      payload: { sessionData: 'x' },
    });
    expect(setup.statusCode).toBe(403);
  });

  it("lets the gateway's own pages call without an Origin (same-origin)", async () => {
    const response = await gateway.app.inject({
      method: 'POST',
      url: `/v3/analytics?clientKey=${DEMO.clientKey}`,
      headers: { 'sec-fetch-site': 'same-origin' },
      payload: {},
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers CORS preflights for allowed origins', async () => {
    const preflight = await gateway.app.inject({
      method: 'OPTIONS',
      url: `/v1/sessions/CS1/setup?clientKey=${DEMO.clientKey}`,
      headers: {
        origin: 'http://127.0.0.1:8080',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('http://127.0.0.1:8080');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    const denied = await gateway.app.inject({
      method: 'OPTIONS',
      url: `/v1/sessions/CS1/setup?clientKey=${DEMO.clientKey}`,
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(denied.statusCode).toBe(403);
  });

  it('serves the client API under /checkoutshopper too', async () => {
    expect((await clientCall(gateway.app, '/checkoutshopper/v3/analytics', {})).statusCode).toBe(200);
  });

  it('serves the datasets to any origin without a client key, preflights included', async () => {
    for (const url of ['/datasets/countries/en-US.json', '/checkoutshopper/datasets/states/BR/en-US.json']) {
      const response = await gateway.app.inject({ url, headers: { origin: 'https://shop.example' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe('*');
    }
    const preflight = await gateway.app.inject({
      method: 'OPTIONS',
      url: '/datasets/states/BR/en-US.json',
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toBe('content-type');
    // The client API's own preflight still asks for a key.
    const gated = await gateway.app.inject({
      method: 'OPTIONS',
      url: '/v3/analytics',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(gated.statusCode).toBe(401);
  });
});

describe('client utilities', () => {
  it('binLookup decrypts the BIN and answers brands', async () => {
    const response = await clientCall(gateway.app, `/v3/bin/binLookup?token=${DEMO.clientKey}`, {
      encryptedBin: 'test_40355010',
      requestId: '7',
      supportedBrands: ['visa', 'mc', 'cartebancaire'],
      type: 'card',
    });
    expect(response.json()).toMatchObject({
      requestId: '7',
      issuingCountryCode: 'FR',
      brands: [
        { brand: 'cartebancaire', supported: true },
        { brand: 'visa', supported: true, cvcPolicy: 'required' },
      ],
    });
    expect(
      (
        await clientCall(gateway.app, `/v3/bin/binLookup?token=${DEMO.clientKey}`, {
          encryptedBin: 'test_41',
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await clientCall(gateway.app, `/v3/bin/binLookup?token=${DEMO.clientKey}`, {
          encryptedBin: 'garbage',
        })
      ).statusCode,
    ).toBe(422);
  });

  it.each(['en-US', 'da-DK', 'de-DE'])('serves countries and states in %s', async (locale) => {
    const countries = (await clientCall(gateway.app, `/datasets/countries/${locale}.json`)).json();
    const denmark = countries.find((country: { id: string }) => country.id === 'DK');
    expect(denmark.name).toBe({ 'en-US': 'Denmark', 'da-DK': 'Danmark', 'de-DE': 'Dänemark' }[locale]);
    const states = (await clientCall(gateway.app, `/datasets/states/US/${locale}.json`)).json();
    expect(states).toContainEqual({ id: 'CA', name: 'California' });
  });

  it('serves phone prefixes and refuses unknown datasets', async () => {
    expect((await clientCall(gateway.app, '/datasets/phonenumbers.json')).json()).toContainEqual({
      id: 'DK',
      prefix: '+45',
    });
    expect((await clientCall(gateway.app, '/datasets/states/DK/en-US.json')).statusCode).toBe(404);
    expect((await clientCall(gateway.app, '/datasets/countries/nonsense.json')).statusCode).toBe(400);
  });

  it('renders barcodes and QR codes as PNG', async () => {
    const code128 = await clientCall(
      gateway.app,
      '/utility/v1/barcode.png?barcodeType=BT_Code128C&data=12345678',
    );
    expect(code128.statusCode).toBe(200);
    expect(code128.headers['content-type']).toBe('image/png');
    expect(code128.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    expect((await clientCall(gateway.app, '/utility/v1/barcode.png?type=qrCode&data=hello')).statusCode).toBe(
      200,
    );
    expect(
      (await clientCall(gateway.app, '/utility/v1/barcode.png?type=BT_Int2of5A&data=abc')).statusCode,
    ).toBe(400);
    expect((await clientCall(gateway.app, '/utility/v1/barcode.png?type=nope&data=1')).statusCode).toBe(400);
  });

  it('hands out checkout attempt ids and accepts analytics events', async () => {
    const attempt = (
      await clientCall(gateway.app, '/v3/analytics', { version: '6.45.2', channel: 'Web', platform: 'Web' })
    ).json();
    expect(attempt.checkoutAttemptId).toEqual(expect.any(String));
    const events = await clientCall(gateway.app, `/v3/analytics/${attempt.checkoutAttemptId}`, {
      channel: 'Web',
      info: [],
    });
    expect(events.statusCode).toBe(204);
  });

  it('reports the status of a payment by paymentData, and refuses unknown orders', async () => {
    const session = await createSession();
    const paid = (
      await clientCall(gateway.app, `/v1/sessions/${session.id}/payments`, {
        sessionData: session.sessionData,
        paymentMethod: testCardMethod('4212345678910006'),
      })
    ).json();
    const pending = await clientCall(gateway.app, '/services/PaymentInitiation/v1/status', {
      paymentData: paid.action.paymentData,
    });
    expect(pending.json()).toEqual({ type: 'pending' });
    expect(
      (await clientCall(gateway.app, '/services/PaymentInitiation/v1/status', { paymentData: 'nope' }))
        .statusCode,
    ).toBe(422);
    expect((await clientCall(gateway.app, '/v1/order/status', { orderData: 'nope' })).statusCode).toBe(422);
  });
});
