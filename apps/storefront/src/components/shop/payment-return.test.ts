import { describe, expect, it } from 'vitest';
import { amazonPayUrls, paymentReturnFrom, shopperSummary } from './payment-return';

describe('paymentReturnFrom', () => {
  it('reads a redirect method’s result', () => {
    expect(paymentReturnFrom({ sessionId: 'CS_1', redirectResult: 'abc' })).toEqual({
      kind: 'redirect',
      sessionId: 'CS_1',
      redirectResult: 'abc',
    });
  });

  it('reads Amazon Pay’s return, which wins over a redirect result', () => {
    const amazon = '3f1c0a9e-1b2c-4d5e-8f90-123456789abc';
    expect(
      paymentReturnFrom({ sessionId: 'CS_1', amazonCheckoutSessionId: amazon, redirectResult: 'x' }),
    ).toEqual({ kind: 'amazonpay', sessionId: 'CS_1', amazonCheckoutSessionId: amazon });
  });

  it('refuses a missing or malformed session id, an odd Amazon id, repeated parameters', () => {
    expect(paymentReturnFrom({ redirectResult: 'abc' })).toBeUndefined();
    expect(paymentReturnFrom({ sessionId: 'a/b', redirectResult: 'abc' })).toBeUndefined();
    expect(paymentReturnFrom({ sessionId: 'CS_1' })).toBeUndefined();
    expect(paymentReturnFrom({ sessionId: 'CS_1', amazonCheckoutSessionId: '<script>' })).toBeUndefined();
    expect(paymentReturnFrom({ sessionId: ['CS_1', 'CS_2'], redirectResult: 'abc' })).toBeUndefined();
  });

  it('cuts an overlong redirect result', () => {
    const parsed = paymentReturnFrom({ sessionId: 'CS_1', redirectResult: 'r'.repeat(10_000) });
    expect(parsed?.kind === 'redirect' && parsed.redirectResult.length).toBe(8192);
  });
});

describe('amazonPayUrls', () => {
  it('returns to the return route and cancels to the checkout, on the page’s own origin', () => {
    expect(amazonPayUrls('https://shop.example', 'da', 'CS_1')).toEqual({
      returnUrl: 'https://shop.example/da/checkout/return?sessionId=CS_1',
      cancelUrl: 'https://shop.example/da/checkout',
    });
  });

  it('keeps only the origin of what it is given and refuses a non-web scheme', () => {
    expect(amazonPayUrls('http://127.0.0.1:3000/en/checkout?x=1', 'en', 'CS 1').returnUrl).toBe(
      'http://127.0.0.1:3000/en/checkout/return?sessionId=CS+1',
    );
    expect(() => amazonPayUrls('javascript:alert(1)', 'en', 'CS_1')).toThrow();
  });
});

describe('shopperSummary', () => {
  it('takes the first instrument and the buyer’s e-mail from Amazon’s checkout details', () => {
    expect(
      shopperSummary({
        buyer: { name: 'Sandbox Buyer', email: 'buyer@sandbox.example' },
        paymentPreferences: [{ paymentDescriptor: 'Visa ••••1111' }, { paymentDescriptor: 'other' }],
      }),
    ).toEqual({ instrument: 'Visa ••••1111', email: 'buyer@sandbox.example' });
  });

  it('leaves out what is missing or not text', () => {
    expect(shopperSummary(undefined)).toEqual({});
    expect(shopperSummary({ buyer: { email: 42 }, paymentPreferences: [] })).toEqual({});
  });
});
