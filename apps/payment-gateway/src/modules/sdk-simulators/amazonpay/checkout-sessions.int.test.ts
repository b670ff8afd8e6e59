import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../../../testing/index.ts';
import { AmazonCheckoutSessions } from './checkout-sessions.ts';
import { minorUnits } from './payload.ts';
import { signPayload, verifyPayloadSignature } from './signature.ts';
import { testAddress, testInstrument } from './test-data.ts';

const gateway = useTestGateway();
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

  it('goes to review, or straight to confirmed in ProcessOrder mode', async () => {
    const sessions = new AmazonCheckoutSessions(gateway.database.db);
    const review = await sessions.create('Shop', 'EU', {
      storeId: 's',
      webCheckoutDetails: { checkoutReviewReturnUrl: REVIEW },
    });
    expect(await sessions.choose(review, testAddress('berlin'), testInstrument('visa-1111')!)).toBe(true);
    expect(review.state).toBe('Review');
    expect(sessions.returnUrlAfterChoice(review)).toBe(`${REVIEW}?amazonCheckoutSessionId=${review.id}`);

    const payNow = await sessions.create('Shop', 'UK', {
      storeId: 's',
      webCheckoutDetails: { checkoutResultReturnUrl: RESULT, checkoutMode: 'ProcessOrder' },
      paymentDetails: { chargeAmount: { amount: '12.34', currencyCode: 'GBP' } },
    });
    await sessions.choose(payNow, undefined, testInstrument('mc-4444')!);
    expect(payNow.state).toBe('Confirmed');
    expect(payNow.amount).toEqual({ currency: 'GBP', value: 1234 });
    expect(sessions.returnUrlAfterChoice(payNow)).toBe(`${RESULT}?amazonCheckoutSessionId=${payNow.id}`);
  });

  it('keeps sessions in the database: a new instance (a restarted gateway) reads what the buyer chose', async () => {
    const before = new AmazonCheckoutSessions(gateway.database.db);
    const session = await before.create('Shop', 'EU', {
      storeId: 's',
      webCheckoutDetails: { checkoutReviewReturnUrl: REVIEW },
    });
    await before.choose(session, testAddress('berlin'), testInstrument('visa-0002')!);
    const after = new AmazonCheckoutSessions(gateway.database.db);
    expect(await after.find(session.id, 'Shop')).toEqual(session);
    expect((await after.find(session.id))?.instrument?.declines).toBe(true);
  });

  it('a step on a session another step moved meanwhile does not win', async () => {
    const sessions = new AmazonCheckoutSessions(gateway.database.db);
    const created = await sessions.create('Shop', 'EU', { storeId: 's', webCheckoutDetails: {} });
    const first = (await sessions.find(created.id))!;
    const second = (await sessions.find(created.id))!;
    expect(await sessions.update(first, { state: 'Canceled' })).toBe(true);
    expect(await sessions.update(second, { state: 'Confirmed' })).toBe(false);
    expect((await sessions.find(created.id))?.state).toBe('Canceled');
  });

  it('scopes sessions to their merchant and forgets them after 24 hours', async () => {
    let now = Date.now();
    const sessions = new AmazonCheckoutSessions(gateway.database.db, () => now);
    const session = await sessions.create('Shop', 'US', { storeId: 's', webCheckoutDetails: {} });
    expect(await sessions.find(session.id, 'Shop')).toEqual(session);
    expect(await sessions.find(session.id, 'Other')).toBeUndefined();
    now += 24 * 60 * 60 * 1000 + 1;
    expect(await sessions.find(session.id)).toBeUndefined();
  });
});
