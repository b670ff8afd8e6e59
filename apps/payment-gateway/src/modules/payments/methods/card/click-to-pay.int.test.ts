import { describe, expect, it } from 'vitest';
import {
  DEMO,
  merchantCall,
  OTHER_MERCHANT,
  paymentRequest,
  UNREACHABLE_WEBHOOKS,
  useTestGateway,
} from '../../../../testing/index.ts';

const gateway = useTestGateway({ ...UNREACHABLE_WEBHOOKS, CLICK_TO_PAY_ENABLED: 'true' });

/** A scheme call as the simulator script makes it: text/plain JSON, from any page. */
async function scheme<T = Record<string, unknown>>(action: string, body: object, expected = 200) {
  const response = await gateway.app.inject({
    method: 'POST',
    url: `/sdk-simulators/clicktopay/api/${action}`,
    headers: { 'content-type': 'text/plain', origin: 'http://shop.example' },
    payload: JSON.stringify(body),
  });
  expect(response.statusCode, response.body).toBe(expected);
  expect(response.headers['access-control-allow-origin']).toBe('*');
  return response.json() as T;
}

interface MaskedCard {
  srcDigitalCardId: string;
  panLastFour: string;
  tokenId?: string;
  digitalCardData: { status: string };
}
interface Profile {
  profiles: { maskedCards: MaskedCard[] }[];
  srcCorrelationId: string;
}

const dpa = (schemeName: 'visa' | 'mc', account: string = DEMO.merchantAccount) =>
  `sandbox-${schemeName}-dpa.${account}`;

/** The OTP journey: lookup, code, profile. */
async function signedInProfile(schemeName: 'visa' | 'mc', email = 'shopper@example.com', account?: string) {
  expect(await scheme('lookup', { scheme: schemeName, email })).toEqual({ consumerPresent: true });
  const started = await scheme<{ validationId: string; code: string; maskedValidationChannel: string }>(
    'otp-start',
    { scheme: schemeName, email },
  );
  expect(started.maskedValidationChannel).toBe('s*****r@example.com');
  expect(started.code).toMatch(/^\d{6}$/);
  const { idToken } = await scheme<{ idToken: string }>('otp-complete', {
    validationId: started.validationId,
    otp: started.code,
  });
  return scheme<Profile>('profile', {
    scheme: schemeName,
    srciDpaId: dpa(schemeName, account),
    idTokens: [idToken],
  });
}

const pay = (paymentMethod: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  merchantCall(gateway.app, 'POST', '/v71/payments', paymentRequest(paymentMethod, extra));

describe('Click to Pay (sandbox schemes and the card family)', () => {
  it('lists the sandbox DPA ids on the card entry', async () => {
    const response = await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
      merchantAccount: DEMO.merchantAccount,
    });
    const scheme = response.json().paymentMethods.find((entry: { type: string }) => entry.type === 'scheme');
    expect(scheme.configuration).toMatchObject({ visaSrciDpaId: dpa('visa'), mcDpaId: dpa('mc') });
  });

  it('answers NOT_FOUND-free lookups: an unknown e-mail is not enrolled, a wrong code is refused', async () => {
    expect(await scheme('lookup', { scheme: 'visa', email: 'nobody@example.com' })).toEqual({
      consumerPresent: false,
    });
    expect(await scheme('lookup', { scheme: 'visa', email: 'mc-only@example.com' })).toEqual({
      consumerPresent: false,
    });
    const started = await scheme<{ validationId: string; code: string }>('otp-start', {
      scheme: 'visa',
      email: 'shopper@example.com',
    });
    const wrong = started.code === '000000' ? '111111' : '000000';
    expect(
      await scheme('otp-complete', { validationId: started.validationId, otp: wrong }, 400),
    ).toMatchObject({
      reason: 'CODE_INVALID',
    });
    expect(await scheme('otp-start', { scheme: 'visa', email: 'locked@example.com' }, 400)).toMatchObject({
      reason: 'ACCT_INACCESSIBLE',
    });
  });

  it('never hands the page a card number', async () => {
    const profile = await signedInProfile('visa');
    const text = JSON.stringify(profile);
    expect(text).not.toContain('4111111111111111');
    expect(profile.profiles[0]?.maskedCards.map((card) => card.panLastFour)).toEqual([
      '1111',
      '4242',
      '0002',
    ]);
  });

  it('pays with a Visa checkout payload and a Mastercard digital card id (frictionless)', async () => {
    const visa = await signedInProfile('visa');
    const visaCard = visa.profiles[0]!.maskedCards.find((card) => card.panLastFour === '1111')!;
    const done = await scheme<{ dcfActionCode: string; checkoutResponse: string; recognitionToken?: string }>(
      'checkout',
      {
        scheme: 'visa',
        srcCorrelationId: visa.srcCorrelationId,
        srcDigitalCardId: visaCard.srcDigitalCardId,
        rememberMe: true,
      },
    );
    expect(done.dcfActionCode).toBe('COMPLETE');
    expect(done.recognitionToken).toBeTruthy();
    const visaPayment = await pay({
      type: 'scheme',
      srcScheme: 'visa',
      srcCorrelationId: visa.srcCorrelationId,
      srcCheckoutPayload: done.checkoutResponse,
    });
    expect(visaPayment.statusCode, visaPayment.body).toBe(200);
    expect(visaPayment.json()).toMatchObject({ resultCode: 'Authorised' });
    expect(visaPayment.json().action).toBeUndefined();

    const mc = await signedInProfile('mc');
    const mcCard = mc.profiles[0]!.maskedCards.find((card) => card.panLastFour === '4444')!;
    const mcPayment = await pay({
      type: 'scheme',
      srcScheme: 'mc',
      srcCorrelationId: mc.srcCorrelationId,
      srcDigitalCardId: mcCard.srcDigitalCardId,
    });
    expect(mcPayment.json()).toMatchObject({ resultCode: 'Authorised' });
  });

  it('pays with a Visa token reference, refuses an expired card', async () => {
    const visa = await signedInProfile('visa');
    const tokenised = visa.profiles[0]!.maskedCards.find((card) => card.tokenId)!;
    const paid = await pay({
      type: 'scheme',
      srcScheme: 'visa',
      srcCorrelationId: visa.srcCorrelationId,
      srcTokenReference: tokenised.tokenId,
    });
    expect(paid.json()).toMatchObject({ resultCode: 'Authorised' });
    const mc = await signedInProfile('mc');
    const suspended = mc.profiles[0]!.maskedCards.find(
      (card) => card.digitalCardData.status === 'SUSPENDED',
    )!;
    const refused = await pay({
      type: 'scheme',
      srcScheme: 'mc',
      srcCorrelationId: mc.srcCorrelationId,
      srcDigitalCardId: suspended.srcDigitalCardId,
    });
    expect(refused.json()).toMatchObject({ resultCode: 'Refused', refusalReason: 'Expired Card' });
  });

  it('recognises a remembered device', async () => {
    const visa = await signedInProfile('visa');
    const card = visa.profiles[0]!.maskedCards[0]!;
    const done = await scheme<{ recognitionToken: string }>('checkout', {
      scheme: 'visa',
      srcCorrelationId: visa.srcCorrelationId,
      srcDigitalCardId: card.srcDigitalCardId,
      rememberMe: true,
    });
    const recognised = await scheme<{ recognized: boolean; idTokens: string[] }>('recognize', {
      recognitionToken: done.recognitionToken,
    });
    expect(recognised.recognized).toBe(true);
    expect(await scheme('recognize', { recognitionToken: `${done.recognitionToken}x` })).toEqual({
      recognized: false,
    });
  });

  it('refuses tampered, mismatched and other-merchant references with 422 and creates no payment', async () => {
    const mc = await signedInProfile('mc');
    const card = mc.profiles[0]!.maskedCards[0]!;
    const tampered = `${mc.srcCorrelationId.slice(0, -2)}AA`;
    const cases: Record<string, unknown>[] = [
      { srcScheme: 'mc', srcCorrelationId: tampered, srcDigitalCardId: card.srcDigitalCardId },
      { srcScheme: 'mc', srcCorrelationId: mc.srcCorrelationId },
      { srcScheme: 'visa', srcCorrelationId: mc.srcCorrelationId, srcTokenReference: card.srcDigitalCardId },
      { srcScheme: 'mc', srcCorrelationId: mc.srcCorrelationId, srcDigitalCardId: mc.srcCorrelationId },
      { srcScheme: 'amex', srcCorrelationId: mc.srcCorrelationId },
    ];
    for (const fields of cases) {
      const response = await pay({ type: 'scheme', ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(422);
      expect(response.json().pspReference).toBeUndefined();
    }
    const other = await signedInProfile('mc', 'shopper@example.com', OTHER_MERCHANT.merchantAccount);
    const otherCard = other.profiles[0]!.maskedCards[0]!;
    const response = await pay({
      type: 'scheme',
      srcScheme: 'mc',
      srcCorrelationId: other.srcCorrelationId,
      srcDigitalCardId: otherCard.srcDigitalCardId,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toContain('another merchant');
  });
});
