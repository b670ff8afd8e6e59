import { CheckoutAPI, Client, EnvironmentEnum, Types } from '@adyen/api-library';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpsListenerOf } from '../modules/tls/listener.ts';
import {
  DEMO,
  encodeBase64Json,
  startTestGateway,
  type TestGateway,
  testCardMethod,
} from '../testing/index.ts';
import { runChallengePages } from '../testing/threeds2.ts';

// Starting a database and the gateway can take a while on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

let gateway: TestGateway;
let checkout: CheckoutAPI;
let payments: CheckoutAPI['PaymentsApi'];
let modifications: CheckoutAPI['ModificationsApi'];

beforeAll(async () => {
  gateway = await startTestGateway({
    PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable',
    WEBHOOK_RETRY_LIMIT: '0',
  });
  // The gateway's own HTTPS port (a self-signed certificate it made on first start).
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  const https = await httpsListenerOf(gateway.app);
  if (!https) throw new Error('the gateway opened no HTTPS port');
  const client = new Client({ apiKey: DEMO.apiKey, environment: EnvironmentEnum.TEST });
  // The only change to the official client: trust the test certificate and point it at our base URL.
  (client.httpClient as unknown as { agentOptions: object }).agentOptions = { ca: https.tls.cert };
  checkout = new CheckoutAPI(client);
  payments = checkout.PaymentsApi;
  modifications = checkout.ModificationsApi;
  const baseUrl = `https://127.0.0.1:${https.port}/v71`;
  (payments as unknown as { baseUrl: string }).baseUrl = baseUrl;
  (modifications as unknown as { baseUrl: string }).baseUrl = baseUrl;
});

afterAll(async () => {
  await gateway?.close();
});

const amount = { currency: 'EUR', value: 4200 };

describe('@adyen/api-library CheckoutAPI against the gateway', () => {
  it('creates a session and reads its result', async () => {
    const session = await payments.sessions({
      amount,
      merchantAccount: DEMO.merchantAccount,
      reference: 'lib-session-1',
      returnUrl: 'http://localhost:3000/return',
      countryCode: 'NL',
    });
    expect(session.id).toMatch(/^CS[0-9A-F]{16}$/);
    expect(session.sessionData).toEqual(expect.any(String));
    expect(session.expiresAt).toBeInstanceOf(Date);
  });

  it('lists payment methods', async () => {
    const methods = await payments.paymentMethods({
      merchantAccount: DEMO.merchantAccount,
      amount,
      countryCode: 'NL',
    });
    expect(methods.paymentMethods?.find((method) => method.type === 'scheme')?.brands).toContain('visa');
  });

  it('pays, captures and refunds, with idempotency keys', async () => {
    const request: Types.checkout.PaymentRequest = {
      amount,
      merchantAccount: DEMO.merchantAccount,
      reference: 'lib-payment-1',
      returnUrl: 'http://localhost:3000/return',
      paymentMethod: testCardMethod('4111111111111111') as unknown as Types.checkout.CardDetails,
    };
    const payment = await payments.payments(request, { idempotencyKey: 'lib-payment-1' });
    expect(payment.resultCode).toBe(Types.checkout.PaymentResponse.ResultCodeEnum.Authorised);
    const replay = await payments.payments(request, { idempotencyKey: 'lib-payment-1' });
    expect(replay.pspReference).toBe(payment.pspReference);
    const psp = payment.pspReference as string;
    const capture = await modifications.captureAuthorisedPayment(psp, {
      merchantAccount: DEMO.merchantAccount,
      amount,
    });
    expect(capture).toMatchObject({ paymentPspReference: psp, status: 'received' });
    const refund = await modifications.refundCapturedPayment(psp, {
      merchantAccount: DEMO.merchantAccount,
      amount: { currency: 'EUR', value: 1000 },
    });
    expect(refund).toMatchObject({
      paymentPspReference: psp,
      status: 'received',
      amount: { currency: 'EUR', value: 1000 },
    });
  });

  it('cancels an authorised payment', async () => {
    const payment = await payments.payments({
      amount,
      merchantAccount: DEMO.merchantAccount,
      reference: 'lib-payment-2',
      returnUrl: 'http://localhost:3000/return',
      paymentMethod: testCardMethod('5555555555554444') as unknown as Types.checkout.CardDetails,
    });
    const cancel = await modifications.cancelAuthorisedPaymentByPspReference(payment.pspReference as string, {
      merchantAccount: DEMO.merchantAccount,
    });
    expect(cancel).toMatchObject({ paymentPspReference: payment.pspReference, status: 'received' });
  });

  it('completes a 3DS2 challenge through payments/details', async () => {
    const payment = await payments.payments({
      amount,
      merchantAccount: DEMO.merchantAccount,
      reference: 'lib-payment-3',
      returnUrl: 'http://localhost:3000/return',
      paymentMethod: testCardMethod('4212345678910006') as unknown as Types.checkout.CardDetails,
      authenticationData: {
        threeDSRequestData: { nativeThreeDS: Types.checkout.ThreeDSRequestData.NativeThreeDSEnum.Preferred },
      },
    });
    expect(payment.resultCode).toBe(Types.checkout.PaymentResponse.ResultCodeEnum.ChallengeShopper);
    const action = payment.action as Types.checkout.CheckoutThreeDS2Action;
    await runChallengePages(gateway.app, action.token as string, { otp: 'password' });
    const result = await payments.paymentsDetails({
      details: {
        threeDSResult: encodeBase64Json({ transStatus: 'Y', authorisationToken: action.authorisationToken }),
      },
    });
    expect(result.resultCode).toBe(Types.checkout.PaymentDetailsResponse.ResultCodeEnum.Authorised);
  });

  it('surfaces gateway errors as the library’s HttpClientException with our error body', async () => {
    const failure = await payments
      .payments({
        amount,
        merchantAccount: DEMO.merchantAccount,
        reference: 'lib-payment-4',
        returnUrl: 'http://localhost:3000/return',
        paymentMethod: testCardMethod('4111111111111112') as unknown as Types.checkout.CardDetails,
      })
      .catch((error: unknown) => error as { statusCode: number; errorCode?: string; responseBody?: string });
    expect(failure).toMatchObject({ statusCode: 422 });
    expect(JSON.parse((failure as { responseBody: string }).responseBody)).toMatchObject({
      errorCode: '101',
      errorType: 'validation',
    });
  });
});
