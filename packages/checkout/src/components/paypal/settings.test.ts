import { describe, expect, it } from 'vitest';
import {
  CLIENT_ID_LIVE,
  CLIENT_ID_TEST,
  PAYPAL_LOCALES,
  paypalLocale,
  sdkQuery,
  styleFor,
} from './settings.ts';

describe('PayPal SDK query', () => {
  it('asks for the spec’s parameters in order, buyer-country and debug only in test', () => {
    const query = {
      merchantId: 'M1',
      locale: 'de-DE',
      countryCode: 'DE',
      debug: true,
      currency: 'EUR',
      intent: 'authorize' as const,
      commit: true,
      vault: false,
    };
    expect(sdkQuery({ ...query, isTest: true })).toBe(
      `merchant-id=M1&locale=de_DE&buyer-country=DE&debug=true&currency=EUR&intent=authorize&commit=true&vault=false&client-id=${CLIENT_ID_TEST}&integration-date=2020-02-01&enable-funding=paylater,venmo&components=buttons,funding-eligibility`,
    );
    expect(sdkQuery({ ...query, isTest: false, enableMessages: true })).toBe(
      `merchant-id=M1&locale=de_DE&currency=EUR&intent=authorize&commit=true&vault=false&client-id=${CLIENT_ID_LIVE}&integration-date=2020-02-01&enable-funding=paylater,venmo&components=buttons,funding-eligibility,messages`,
    );
  });

  it('passes only the 24 PayPal locales', () => {
    expect(PAYPAL_LOCALES).toHaveLength(24);
    expect(paypalLocale('en-GB')).toBe('en_GB');
    expect(paypalLocale('fi-FI')).toBeUndefined();
    expect(paypalLocale(undefined)).toBeUndefined();
  });

  it('keeps a non-black-or-white colour only on the PayPal button', () => {
    expect(styleFor('paypal', { height: 50, color: 'gold' })).toEqual({ height: 50, color: 'gold' });
    expect(styleFor('credit', { height: 50, color: 'gold' })).toEqual({ height: 50 });
    expect(styleFor('venmo', { color: 'white' })).toEqual({ color: 'white' });
  });
});
