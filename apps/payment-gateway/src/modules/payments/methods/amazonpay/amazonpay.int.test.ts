import { describe, expect, it } from 'vitest';
import {
  clientCall,
  DEMO,
  merchantCall,
  OTHER_MERCHANT,
  payIn,
  paymentRequest,
  provisionOtherMerchant,
  useTestGateway,
} from '../../../../testing/index.ts';

const gateway = useTestGateway();
const REVIEW_URL = 'http://localhost:3000/checkout/review';
const RESULT_URL = 'http://localhost:3000/checkout/result';

interface AmazonConfig {
  merchantId: string;
  publicKeyId: string;
  region: 'EU' | 'UK' | 'US';
  storeId: string;
}

async function amazonEntry(currency = 'EUR'): Promise<AmazonConfig> {
  const response = await merchantCall(gateway.app, 'POST', '/v71/paymentMethods', {
    merchantAccount: DEMO.merchantAccount,
    countryCode: 'DE',
    amount: { currency, value: 1500 },
  });
  const entry = (response.json().paymentMethods as { type: string; configuration?: AmazonConfig }[]).find(
    (method) => method.type === 'amazonpay',
  );
  expect(entry?.configuration).toBeDefined();
  return entry!.configuration!;
}

const sim = (url: string, payload?: Record<string, unknown>) =>
  gateway.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/sdk-simulators/amazonpay/api/${url}`,
    headers: { origin: 'http://localhost:3000' },
    ...(payload ? { payload } : {}),
  });

/** The button's part: sign the payload, start the session in the simulator, choose address and instrument. */
async function reviewedSession(instrumentId = 'visa-1111') {
  const config = await amazonEntry();
  const payloadJSON = JSON.stringify({
    storeId: config.storeId,
    webCheckoutDetails: { checkoutReviewReturnUrl: REVIEW_URL },
  });
  const signed = await clientCall(gateway.app, '/v1/AmazonPayUtility/signString', {
    stringToSign: payloadJSON,
  });
  expect(signed.statusCode).toBe(200);
  const created = await sim('checkout-sessions', {
    merchantId: config.merchantId,
    ledgerCurrency: 'EUR',
    productType: 'PayAndShip',
    createCheckoutSessionConfig: {
      payloadJSON,
      signature: signed.json().signature,
      publicKeyId: config.publicKeyId,
    },
  });
  expect(created.statusCode).toBe(200);
  expect(created.headers['access-control-allow-origin']).toBe('*');
  const id = created.json().checkoutSessionId as string;
  const chosen = await sim(`checkout-sessions/${id}/choice`, { addressId: 'berlin', instrumentId });
  expect(chosen.statusCode).toBe(200);
  expect(chosen.json().redirectUrl).toBe(`${REVIEW_URL}?amazonCheckoutSessionId=${id}`);
  return { id, config };
}

const reference = (id: string, config: AmazonConfig) => ({
  checkoutSessionId: id,
  publicKeyId: config.publicKeyId,
  region: config.region,
});

/** The order button's part: updateCheckoutSession, then the buyer confirms on Amazon's page. */
async function confirmedSession(instrumentId = 'visa-1111') {
  const { id, config } = await reviewedSession(instrumentId);
  const updated = await clientCall(gateway.app, '/v1/AmazonPayUtility/updateCheckoutSession', {
    ...reference(id, config),
    amount: { currency: 'EUR', value: 1500 },
    checkoutResultReturnUrl: RESULT_URL,
  });
  expect(updated.statusCode).toBe(200);
  const { action } = updated.json();
  expect(action.type).toBe('redirect');
  const path = new URL(action.url).pathname;
  const page = await gateway.app.inject({ method: 'GET', url: path });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Confirm payment');
  const confirmed = await gateway.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'choice=confirm',
  });
  expect(confirmed.statusCode).toBe(303);
  expect(confirmed.headers.location).toBe(`${RESULT_URL}?amazonCheckoutSessionId=${id}`);
  return { id, config };
}

const pay = (checkoutSessionId: unknown, value = 1500) =>
  payIn(gateway.app, { type: 'amazonpay', checkoutSessionId }, 'EUR', { amount: { currency: 'EUR', value } });

describe('Amazon Pay', () => {
  it('lists amazonpay with the merchant account, per region by currency', async () => {
    const eu = await amazonEntry('EUR');
    expect(eu.region).toBe('EU');
    expect(eu.merchantId).toMatch(/^A[0-9A-F]{13}$/);
    expect((await amazonEntry('GBP')).region).toBe('UK');
    expect((await amazonEntry('USD')).region).toBe('US');
  });

  it('reviews, confirms and authorises a checkout session once', async () => {
    const { id, config } = await confirmedSession();
    const details = await clientCall(gateway.app, '/v1/AmazonPayUtility/getCheckoutDetails', {
      ...reference(id, config),
      getDeliveryAddress: true,
    });
    expect(details.json().shippingAddress.city).toBe('Berlin');
    const paid = await pay(id);
    expect(paid.json().resultCode).toBe('Authorised');
    const again = await pay(id);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toContain('already paid');
  });

  it('refuses the declining instrument, then the decline flow lets the buyer pay with another', async () => {
    const { id, config } = await confirmedSession('visa-0002');
    const refused = await pay(id);
    expect(refused.json().resultCode).toBe('Refused');
    const decline = await clientCall(gateway.app, '/v1/AmazonPayUtility/getCheckoutDetails', {
      ...reference(id, config),
      getDeclineFlowUrl: true,
    });
    expect(decline.statusCode).toBe(200);
    const path = new URL(decline.json().declineFlowUrl).pathname;
    expect((await gateway.app.inject({ method: 'GET', url: path })).body).toContain('was declined');
    const picked = await gateway.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'instrumentId=mc-4444',
    });
    expect(picked.statusCode).toBe(303);
    expect(picked.headers.location).toBe(`${RESULT_URL}?amazonCheckoutSessionId=${id}`);
    expect((await pay(id)).json().resultCode).toBe('Authorised');
  });

  it('refuses a missing, unknown, unconfirmed or foreign session and another amount with 422', async () => {
    expect((await pay(undefined)).statusCode).toBe(422);
    expect((await pay('00000000-0000-4000-8000-000000000000')).statusCode).toBe(422);
    const reviewed = await reviewedSession();
    const unconfirmed = await pay(reviewed.id);
    expect(unconfirmed.statusCode).toBe(422);
    expect(unconfirmed.json().message).toContain('not confirmed');

    const { id } = await confirmedSession();
    expect((await pay(id, 1499)).statusCode).toBe(422);
    await provisionOtherMerchant(gateway);
    const foreign = await gateway.app.inject({
      method: 'POST',
      url: '/v71/payments',
      headers: { 'x-api-key': OTHER_MERCHANT.apiKey },
      payload: paymentRequest(
        { type: 'amazonpay', checkoutSessionId: id },
        { merchantAccount: OTHER_MERCHANT.merchantAccount, amount: { currency: 'EUR', value: 1500 } },
      ),
    });
    expect(foreign.statusCode).toBe(422);
    // The refusals changed nothing: the merchant still pays with the session.
    expect((await pay(id)).json().resultCode).toBe('Authorised');
  });

  it('refuses bad utility input and a forged signature', async () => {
    const config = await amazonEntry();
    const foreignStore = await clientCall(gateway.app, '/v1/AmazonPayUtility/signString', {
      stringToSign: JSON.stringify({ storeId: 'someone-else', webCheckoutDetails: {} }),
    });
    expect(foreignStore.statusCode).toBe(422);
    expect(
      (await clientCall(gateway.app, '/v1/AmazonPayUtility/signString', { stringToSign: 'nope' })).statusCode,
    ).toBe(422);

    const payloadJSON = JSON.stringify({
      storeId: config.storeId,
      webCheckoutDetails: { checkoutReviewReturnUrl: REVIEW_URL },
    });
    const signed = await clientCall(gateway.app, '/v1/AmazonPayUtility/signString', {
      stringToSign: payloadJSON,
    });
    const tampered = await sim('checkout-sessions', {
      merchantId: config.merchantId,
      ledgerCurrency: 'EUR',
      createCheckoutSessionConfig: {
        payloadJSON: payloadJSON.replace('review', 'elsewhere'),
        signature: signed.json().signature,
        publicKeyId: config.publicKeyId,
      },
    });
    expect(tampered.statusCode).toBe(422);
    expect(tampered.json().message).toContain('InvalidSignature');

    const { id } = await reviewedSession();
    const wrongKey = await clientCall(gateway.app, '/v1/AmazonPayUtility/updateCheckoutSession', {
      ...reference(id, config),
      publicKeyId: 'SANDBOX-NOT-MINE',
      amount: { currency: 'EUR', value: 1500 },
      checkoutResultReturnUrl: RESULT_URL,
    });
    expect(wrongKey.statusCode).toBe(422);
    expect(wrongKey.json().errorMessage).toContain('publicKeyId');
    const notDeclined = await clientCall(gateway.app, '/v1/AmazonPayUtility/getCheckoutDetails', {
      ...reference(id, config),
      getDeclineFlowUrl: true,
    });
    expect(notDeclined.statusCode).toBe(422);
    const noKey = await gateway.app.inject({
      method: 'POST',
      url: '/v1/AmazonPayUtility/signString',
      headers: { origin: DEMO.origin },
      payload: { stringToSign: payloadJSON },
    });
    expect(noKey.statusCode).toBe(401);
  });

  it('serves the SDK simulator script', async () => {
    const script = await gateway.app.inject({ method: 'GET', url: '/sdk-simulators/amazonpay/checkout.js' });
    expect(script.statusCode).toBe(200);
    expect(script.body).toContain('amazon');
  });
});
