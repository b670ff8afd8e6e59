import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clientCall,
  DEMO,
  merchantCall,
  OTHER_MERCHANT,
  paymentRequest,
  provisionOtherMerchant,
  useTestGateway,
} from '../../../../testing/index.ts';
import { merchantIdentifierOf } from './tokens.ts';

const gateway = useTestGateway();
const DEMO_HOST = new URL(DEMO.origin).hostname;

const sessionRequest = (overrides: Record<string, unknown> = {}) => ({
  displayName: 'Actuate Store',
  domainName: DEMO_HOST,
  initiative: 'web',
  merchantIdentifier: merchantIdentifierOf(DEMO.merchantAccount),
  ...overrides,
});

async function merchantSession(clientKey: string = DEMO.clientKey, account: string = DEMO.merchantAccount) {
  const response = await clientCall(
    gateway.app,
    `/v1/applePay/sessions?clientKey=${clientKey}`,
    sessionRequest({ merchantIdentifier: merchantIdentifierOf(account) }),
  );
  expect(response.statusCode).toBe(200);
  return JSON.parse(Buffer.from(response.json().data, 'base64').toString('utf8')) as Record<string, unknown>;
}

const simulator = (path: string, body: unknown, origin: string = DEMO.origin) =>
  gateway.app.inject({
    method: 'POST',
    url: `/sdk-simulators/applepay/${path}`,
    headers: { origin },
    payload: body as object,
  });

async function walletToken(card = 'visa-authorised', session?: Record<string, unknown>) {
  const response = await simulator('tokens', { merchantSession: session ?? (await merchantSession()), card });
  expect(response.statusCode).toBe(200);
  return response.json() as {
    paymentData: { data: string };
    paymentMethod: Record<string, string>;
    transactionIdentifier: string;
  };
}

const applePayToken = (paymentData: unknown) => Buffer.from(JSON.stringify(paymentData)).toString('base64');
const pay = (token: string, extra: Record<string, unknown> = {}) =>
  merchantCall(
    gateway.app,
    'POST',
    '/v71/payments',
    paymentRequest({ type: 'applepay', applePayToken: token }, extra),
  );

describe('Apple Pay merchant validation (v1/applePay/sessions)', () => {
  it('answers base64 of a signed merchant session for an allowed domain', async () => {
    const session = await merchantSession();
    expect(session).toMatchObject({
      domainName: DEMO_HOST,
      displayName: 'Actuate Store',
      merchantIdentifier: merchantIdentifierOf(DEMO.merchantAccount),
    });
    expect(session.expiresAt).toBeGreaterThan(Date.now());
    const check = await simulator('merchant-sessions/check', { merchantSession: session });
    expect(check.statusCode).toBe(200);
    expect(check.headers['access-control-allow-origin']).toBe(DEMO.origin);
  });

  it.each([
    ['a foreign domain', { domainName: 'evil.example' }],
    ['another initiative', { initiative: 'messaging' }],
    ['another merchant identifier', { merchantIdentifier: 'merchant.com.other' }],
  ])('refuses %s with a 422', async (_, overrides) => {
    const response = await clientCall(gateway.app, '/v1/applePay/sessions', sessionRequest(overrides));
    expect(response.statusCode).toBe(422);
  });

  it('refuses a missing field with a 400 and an unknown client key with a 401', async () => {
    expect((await clientCall(gateway.app, '/v1/applePay/sessions', { displayName: 'x' })).statusCode).toBe(
      400,
    );
    const unknown = await clientCall(gateway.app, '/v1/applePay/sessions?clientKey=nope', sessionRequest());
    expect(unknown.statusCode).toBe(401);
  });

  it('the simulator refuses a tampered session and one from another page', async () => {
    const session = await merchantSession();
    const tampered = { ...session, signature: `${String(session.signature)}x` };
    expect((await simulator('merchant-sessions/check', { merchantSession: tampered })).statusCode).toBe(422);
    expect(
      (
        await simulator(
          'tokens',
          { merchantSession: session, card: 'visa-authorised' },
          'http://evil.example',
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('Apple Pay payments', () => {
  it('lists applepay with its merchant configuration', async () => {
    const response = await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
      merchantAccount: DEMO.merchantAccount,
      amount: { currency: 'EUR', value: 1000 },
    });
    const entry = response
      .json()
      .paymentMethods.find((method: { type: string }) => method.type === 'applepay');
    expect(entry).toMatchObject({
      name: 'Apple Pay',
      configuration: {
        merchantId: merchantIdentifierOf(DEMO.merchantAccount),
        merchantName: DEMO.merchantAccount,
      },
    });
  });

  it('authorises a wallet token without 3-D Secure and shows brand and last four', async () => {
    const token = await walletToken();
    expect(token.paymentMethod).toEqual({ displayName: 'Visa 1111', network: 'Visa', type: 'debit' });
    // No card number anywhere (the random hex transaction id may hold a long run of digits by chance).
    expect(JSON.stringify(token).replaceAll(token.transactionIdentifier, '')).not.toMatch(/\d{12,}/);
    const response = await pay(applePayToken(token.paymentData));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ resultCode: 'Authorised' });
    expect(response.json().action).toBeUndefined();
  });

  it('is refused with the declined test card', async () => {
    const token = await walletToken('visa-declined');
    const response = await pay(applePayToken(token.paymentData));
    expect(response.json()).toMatchObject({ resultCode: 'Refused', refusalReason: 'Refused' });
  });

  it('refuses a tampered, malformed or missing token with a 422', async () => {
    const token = await walletToken();
    const tampered = {
      ...token.paymentData,
      data: token.paymentData.data.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
    };
    expect((await pay(applePayToken(tampered))).statusCode).toBe(422);
    expect((await pay('not-base64-json')).statusCode).toBe(422);
    const missing = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest({ type: 'applepay' }),
    );
    expect(missing.statusCode).toBe(422);
  });

  it('a token pays once: a replay is refused with a 422 and creates no payment', async () => {
    const token = applePayToken((await walletToken()).paymentData);
    expect((await pay(token)).json()).toMatchObject({ resultCode: 'Authorised' });
    const replay = await pay(token, { reference: 'replayed-token' });
    expect(replay.statusCode).toBe(422);
    expect(replay.json()).toMatchObject({ status: 422, errorCode: '000' });
    expect(replay.json().message).toMatch(/already used/);
    // Also a refused payment uses the token up.
    const declined = applePayToken((await walletToken('visa-declined')).paymentData);
    expect((await pay(declined)).json()).toMatchObject({ resultCode: 'Refused' });
    expect((await pay(declined)).statusCode).toBe(422);
  });

  describe('after ten minutes', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    it('refuses an unused token as expired', async () => {
      const token = applePayToken((await walletToken()).paymentData);
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 + 1000 });
      const response = await pay(token);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toMatch(/expired/);
    });
  });

  it('refuses a token minted for another merchant account', async () => {
    await provisionOtherMerchant(gateway);
    const session = await merchantSession(OTHER_MERCHANT.clientKey, OTHER_MERCHANT.merchantAccount);
    const token = await walletToken('visa-authorised', session);
    const response = await pay(applePayToken(token.paymentData));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toMatch(/another merchant account/);
  });
});
