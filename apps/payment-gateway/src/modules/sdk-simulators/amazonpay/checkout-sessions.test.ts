import { describe, expect, it } from 'vitest';
import { AmazonCheckoutSessions } from './checkout-sessions.ts';
import { minorUnits } from './payload.ts';
import { signPayload, verifyPayloadSignature } from './signature.ts';
import { testAddress, testInstrument } from './test-data.ts';

const REVIEW = 'https://shop.example/review';
const RESULT = 'https://shop.example/result';

describe('Amazon Pay simulator rules', () => {
  it('turns Amazon decimals into minor units', () => {
    expect(minorUnits({ amount: '10.5', currencyCode: 'EUR' })).toEqual({ currency: 'EUR', value: 1050 });
    expect(minorUnits({ amount: '1000', currencyCode: 'JPY' })).toEqual({ currency: 'JPY', value: 1000 });
    expect(minorUnits({ amount: '1.005', currencyCode: 'EUR' })).toBeUndefined();
  });

  it('verifies only the payload and merchant the gateway signed', () => {
    const key = Buffer.alloc(32, 7);
    const signature = signPayload(key, 'Shop', '{"storeId":"s"}');
    expect(verifyPayloadSignature(key, signature, '{"storeId":"s"}')).toBe('Shop');
    expect(verifyPayloadSignature(key, signature, '{"storeId":"t"}')).toBeUndefined();
    expect(verifyPayloadSignature(Buffer.alloc(32, 8), signature, '{"storeId":"s"}')).toBeUndefined();
  });

  it('goes to review, or straight to confirmed in ProcessOrder mode', () => {
    const sessions = new AmazonCheckoutSessions();
    const review = sessions.create('Shop', 'EU', {
      storeId: 's',
      webCheckoutDetails: { checkoutReviewReturnUrl: REVIEW },
    });
    sessions.choose(review, testAddress('berlin'), testInstrument('visa-1111')!);
    expect(review.state).toBe('Review');
    expect(sessions.returnUrlAfterChoice(review)).toBe(`${REVIEW}?amazonCheckoutSessionId=${review.id}`);

    const payNow = sessions.create('Shop', 'UK', {
      storeId: 's',
      webCheckoutDetails: { checkoutResultReturnUrl: RESULT, checkoutMode: 'ProcessOrder' },
      paymentDetails: { chargeAmount: { amount: '12.34', currencyCode: 'GBP' } },
    });
    sessions.choose(payNow, undefined, testInstrument('mc-4444')!);
    expect(payNow.state).toBe('Confirmed');
    expect(payNow.amount).toEqual({ currency: 'GBP', value: 1234 });
    expect(sessions.returnUrlAfterChoice(payNow)).toBe(`${RESULT}?amazonCheckoutSessionId=${payNow.id}`);
  });

  it('scopes sessions to their merchant and forgets them after 24 hours', () => {
    let now = 0;
    const sessions = new AmazonCheckoutSessions(() => now);
    const session = sessions.create('Shop', 'US', { storeId: 's', webCheckoutDetails: {} });
    expect(sessions.find(session.id, 'Shop')).toBe(session);
    expect(sessions.find(session.id, 'Other')).toBeUndefined();
    now = 24 * 60 * 60 * 1000 + 1;
    expect(sessions.find(session.id)).toBeUndefined();
  });
});
