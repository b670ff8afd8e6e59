import { Types } from '@adyen/api-library';
import { describe, expect, it } from 'vitest';
import { DEMO, encodeBase64Json, testCardMethod } from '../testing/index.ts';
import { runChallengePages } from '../testing/threeds2.ts';
import { useApiLibrary } from './api-library-harness.ts';

const harness = useApiLibrary();

const amount = { currency: 'EUR', value: 4200 };

describe('@adyen/api-library CheckoutAPI against the gateway', () => {
  it('creates a session and reads its result', async () => {
    const session = await harness.api.payments.sessions({
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
    const methods = await harness.api.payments.paymentMethods({
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
    const payment = await harness.api.payments.payments(request, { idempotencyKey: 'lib-payment-1' });
    expect(payment.resultCode).toBe(Types.checkout.PaymentResponse.ResultCodeEnum.Authorised);
    const replay = await harness.api.payments.payments(request, { idempotencyKey: 'lib-payment-1' });
    expect(replay.pspReference).toBe(payment.pspReference);
    const psp = payment.pspReference as string;
    const capture = await harness.api.modifications.captureAuthorisedPayment(psp, {
      merchantAccount: DEMO.merchantAccount,
      amount,
    });
    expect(capture).toMatchObject({ paymentPspReference: psp, status: 'received' });
    const refund = await harness.api.modifications.refundCapturedPayment(psp, {
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
    const payment = await harness.api.payments.payments({
      amount,
      merchantAccount: DEMO.merchantAccount,
      reference: 'lib-payment-2',
      returnUrl: 'http://localhost:3000/return',
      paymentMethod: testCardMethod('5555555555554444') as unknown as Types.checkout.CardDetails,
    });
    const cancel = await harness.api.modifications.cancelAuthorisedPaymentByPspReference(
      payment.pspReference as string,
      {
        merchantAccount: DEMO.merchantAccount,
      },
    );
    expect(cancel).toMatchObject({ paymentPspReference: payment.pspReference, status: 'received' });
  });

  it('completes a 3DS2 challenge through payments/details', async () => {
    const payment = await harness.api.payments.payments({
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
    await runChallengePages(harness.gateway.app, action.token as string, { otp: 'password' });
    const result = await harness.api.payments.paymentsDetails({
      details: {
        threeDSResult: encodeBase64Json({ transStatus: 'Y', authorisationToken: action.authorisationToken }),
      },
    });
    expect(result.resultCode).toBe(Types.checkout.PaymentDetailsResponse.ResultCodeEnum.Authorised);
  });

  it('surfaces gateway errors as the library’s HttpClientException with our error body', async () => {
    const failure = await harness.api.payments
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
