import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  clientCall,
  merchantCall,
  OTHER_MERCHANT,
  payIn,
  provisionOtherMerchant,
  useTestGateway,
} from '../../../../testing/index.ts';

const gateway = useTestGateway();

afterEach(() => {
  vi.useRealTimers();
});

/** A token as the simulator's sheet gets it for a test card. */
async function tokenFor(cardId: string, clientKey?: string) {
  const response = await clientCall(
    gateway.app,
    `/sdk-simulators/googlepay/tokens${clientKey ? `?clientKey=${clientKey}` : ''}`,
    { cardId },
  );
  expect(response.statusCode).toBe(200);
  return response.json() as { token: string; card: { network: string; lastFour: string } };
}

const payWith = (token: string, type = 'googlepay', extra: Record<string, unknown> = {}) =>
  payIn(gateway.app, { type, googlePayToken: token, googlePayCardNetwork: 'VISA' }, 'EUR', extra);

describe('Google Pay family', () => {
  it('is listed with its wallet configuration and brands', async () => {
    const response = await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
      merchantAccount: 'ActuateStore',
      countryCode: 'NL',
      amount: { currency: 'EUR', value: 1000 },
    });
    const entry = response
      .json()
      .paymentMethods.find((method: { type: string }) => method.type === 'googlepay');
    expect(entry).toMatchObject({
      name: 'Google Pay',
      brands: expect.arrayContaining(['visa', 'mc']),
      configuration: { gatewayMerchantId: 'ActuateStore', merchantId: 'sandbox-ActuateStore' },
    });
  });

  it('lists the simulator cards without their numbers', async () => {
    const response = await clientCall(gateway.app, '/sdk-simulators/googlepay/cards');
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(/\d{12,}/);
    expect(response.json().cards.map((card: { id: string }) => card.id)).toContain('mc-cryptogram');
  });

  it('authorises a CRYPTOGRAM_3DS token without 3-D Secure, with brand and last four', async () => {
    const { token } = await tokenFor('mc-cryptogram');
    expect(token).not.toContain('5555555555554444');
    const response = await payWith(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ resultCode: 'Authorised', paymentMethod: { brand: 'mc' } });
  });

  it('takes the older type paywithgoogle too', async () => {
    const { token } = await tokenFor('visa-frictionless');
    const response = await payWith(token, 'paywithgoogle');
    expect(response.json()).toMatchObject({ resultCode: 'Authorised', paymentMethod: { brand: 'visa' } });
  });

  it('sends a PAN_ONLY card of an enrolled test card through 3-D Secure 2', async () => {
    const { token } = await tokenFor('visa-challenge');
    const response = await payWith(token, 'googlepay', {
      channel: 'Web',
      returnUrl: 'https://shop.example/back',
    });
    expect(response.json()).toMatchObject({ resultCode: 'ChallengeShopper', action: { type: 'threeDS2' } });
  });

  it('lets the merchant skip 3-D Secure as for cards', async () => {
    const { token } = await tokenFor('visa-challenge');
    const response = await payWith(token, 'googlepay', {
      authenticationData: { attemptAuthentication: 'never' },
    });
    expect(response.json().resultCode).toBe('Authorised');
  });

  it('refuses the declined test card', async () => {
    const { token } = await tokenFor('visa-declined');
    const response = await payWith(token);
    expect(response.json()).toMatchObject({ resultCode: 'Refused', refusalReason: 'Refused' });
  });

  it('answers 422 for a missing, tampered, foreign or expired token', async () => {
    expect((await payWith('')).statusCode).toBe(422);
    expect((await payWith('not json')).json().message).toMatch(/not a token of this gateway/);

    const { token } = await tokenFor('mc-cryptogram');
    const parsed = JSON.parse(token);
    const tampered = JSON.stringify({ ...parsed, signedMessage: `${parsed.signedMessage.slice(0, -2)}xx` });
    const refused = await payWith(tampered);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errorType: 'validation',
      message: expect.stringMatching(/signature/),
    });

    await provisionOtherMerchant(gateway);
    const foreign = await tokenFor('mc-cryptogram', OTHER_MERCHANT.clientKey);
    expect((await payWith(foreign.token)).json().message).toMatch(/another merchant account/);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 16 * 60 * 1000);
    expect((await payWith(token)).json().message).toMatch(/expired/);
  });

  it('refuses a token request for an unknown card or without a client key', async () => {
    expect(
      (await clientCall(gateway.app, '/sdk-simulators/googlepay/tokens', { cardId: 'nope' })).statusCode,
    ).toBe(400);
    const keyless = await gateway.app.inject({
      method: 'POST',
      url: '/sdk-simulators/googlepay/tokens',
      payload: { cardId: 'mc-cryptogram' },
    });
    expect(keyless.statusCode).toBe(401);
  });

  it('is captured and refunded like a card', async () => {
    const { token } = await tokenFor('mc-cryptogram');
    const { pspReference } = (await payWith(token)).json();
    const capture = await merchantCall(gateway.app, 'POST', `/v71/payments/${pspReference}/captures`, {
      merchantAccount: 'ActuateStore',
      amount: { currency: 'EUR', value: 500 },
    });
    expect(capture.statusCode).toBe(201);
  });
});
