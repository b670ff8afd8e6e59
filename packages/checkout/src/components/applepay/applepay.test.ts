import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCheckout } from '../../index.ts';
import { CLIENT_KEY, type FakeFetch, GATEWAY_URL, installFakeFetch } from '../../test/fake-gateway.ts';
import { ApplePay } from './applepay.tsx';
import { APPLE_PAY_ERRORS, fetchMerchantSession } from './merchant-validation.ts';
import {
  brandsToNetworks,
  buildPaymentRequest,
  contactToAddress,
  decimalAmount,
  resolveSupportedVersion,
} from './payment-request.ts';

let fake: FakeFetch;
beforeEach(() => {
  fake = installFakeFetch();
});
afterEach(() => vi.unstubAllGlobals());

const checkout = () =>
  createCheckout({
    clientKey: CLIENT_KEY,
    environmentUrl: GATEWAY_URL,
    analytics: { enabled: false },
    risk: { enabled: false },
    onSubmit: () => undefined,
  });

describe('version negotiation', () => {
  it('takes the highest supported version from 14 down', () => {
    expect(resolveSupportedVersion({ supportsVersion: (v) => v <= 14 })).toBe(14);
    expect(resolveSupportedVersion({ supportsVersion: (v) => v <= 6 })).toBe(6);
    const asked: number[] = [];
    resolveSupportedVersion({ supportsVersion: (v) => (asked.push(v), v === 3) });
    expect(asked).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  });

  it('gives undefined when nothing is supported or the SDK throws', () => {
    expect(resolveSupportedVersion({ supportsVersion: () => false })).toBeUndefined();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(
      resolveSupportedVersion({
        supportsVersion: () => {
          throw new Error('boom');
        },
      }),
    ).toBeUndefined();
  });
});

describe('payment request', () => {
  it('maps brands to Apple networks once each and drops unknown ones', () => {
    expect(
      brandsToNetworks(['mc', 'visa', 'elo', 'elodebit', 'cartebancaire', 'eftpos_australia', 'bogus']),
    ).toEqual(['masterCard', 'visa', 'elo', 'cartesBancaires', 'eftpos']);
  });

  it('writes amounts as decimals in the currency’s minor units', () => {
    expect(decimalAmount({ value: 1234, currency: 'USD' })).toBe('12.34');
    expect(decimalAmount({ value: 1234, currency: 'JPY' })).toBe('1234');
    expect(decimalAmount({ value: 1234, currency: 'KWD' })).toBe('1.234');
  });

  it('builds the total (type final), networks, capabilities and only the members given', () => {
    const request = buildPaymentRequest({
      amount: { value: 2500, currency: 'EUR' },
      countryCode: 'NL',
      totalPriceLabel: 'Shop',
      totalPriceStatus: 'final',
      merchantCapabilities: ['supports3DS'],
      supportedNetworks: ['visa'],
      requiredShippingContactFields: ['postalAddress'],
      shippingMethods: [{ identifier: 'std', label: 'Standard', amount: '0.00' }],
    });
    expect(request).toEqual({
      countryCode: 'NL',
      currencyCode: 'EUR',
      total: { label: 'Shop', amount: '25.00', type: 'final' },
      merchantCapabilities: ['supports3DS'],
      supportedNetworks: ['visa'],
      requiredShippingContactFields: ['postalAddress'],
      shippingMethods: [{ identifier: 'std', label: 'Standard', amount: '0.00' }],
    });
  });
});

describe('address mapping', () => {
  const contact = {
    givenName: 'Jane',
    familyName: 'Appleseed',
    addressLines: ['1 Infinite Loop', 'Building 2 '],
    locality: 'Cupertino',
    administrativeArea: 'CA',
    postalCode: '95014',
    countryCode: 'US',
  };

  it('maps a billing contact with the ZZ house-number placeholder and no names', () => {
    expect(contactToAddress(contact)).toEqual({
      city: 'Cupertino',
      country: 'US',
      houseNumberOrName: 'ZZ',
      postalCode: '95014',
      street: '1 Infinite Loop Building 2',
      stateOrProvince: 'CA',
    });
  });

  it('adds the names on a delivery address; no state when absent; nothing without a contact', () => {
    const { administrativeArea: _state, ...withoutState } = contact;
    expect(contactToAddress(withoutState, true)).toEqual({
      city: 'Cupertino',
      country: 'US',
      houseNumberOrName: 'ZZ',
      postalCode: '95014',
      street: '1 Infinite Loop Building 2',
      firstName: 'Jane',
      lastName: 'Appleseed',
    });
    expect(contactToAddress(undefined)).toBeUndefined();
  });
});

describe('merchant validation call', () => {
  const options = { configuration: { merchantId: 'merchant.x', merchantName: 'Shop' } };
  const base64 = (text: string) => btoa(text);

  it('posts the session fields and parses the decoded data', async () => {
    fake.route('/v1/applePay/sessions', () => ({ data: base64(JSON.stringify({ signature: 's' })) }));
    const session = await fetchMerchantSession(await checkout(), options);
    expect(session).toEqual({ signature: 's' });
    const [call] = fake.callsTo('/v1/applePay/sessions');
    expect(call!.url.searchParams.get('clientKey')).toBe(CLIENT_KEY);
    expect(call!.body).toEqual({
      displayName: 'Shop',
      domainName: window.location.hostname,
      initiative: 'web',
      merchantIdentifier: 'merchant.x',
    });
  });

  it('rejects with the reference texts when the call fails or the data is not a session', async () => {
    const c = await checkout();
    await expect(fetchMerchantSession(c, options)).rejects.toBe(APPLE_PAY_ERRORS.sessionFailed);
    fake.route('/v1/applePay/sessions', () => ({ data: '%%%' }));
    await expect(fetchMerchantSession(c, options)).rejects.toBe(APPLE_PAY_ERRORS.decodeFailed);
    fake.route('/v1/applePay/sessions', () => ({ data: base64('not json') }));
    await expect(fetchMerchantSession(c, options)).rejects.toBe(APPLE_PAY_ERRORS.decodeFailed);
  });
});

describe('ApplePay component', () => {
  it('refuses the express callbacks without isExpress (IMPLEMENTATION_ERROR)', async () => {
    const c = await checkout();
    expect(() => new ApplePay(c, { onShippingMethodSelected: () => undefined })).toThrowError(
      expect.objectContaining({ type: 'IMPLEMENTATION_ERROR', message: APPLE_PAY_ERRORS.expressOnly }),
    );
    expect(
      () => new ApplePay(c, { isExpress: true, onShippingContactSelected: () => undefined }),
    ).not.toThrow();
  });

  it('is always valid and submits type applepay, with subtype express when express', async () => {
    const c = await checkout();
    const element = new ApplePay(c, {});
    expect(element.isValid).toBe(true);
    expect(element.data.paymentMethod).toMatchObject({ type: 'applepay' });
    expect(new ApplePay(c, { isExpress: true }).data.paymentMethod).toMatchObject({ subtype: 'express' });
  });

  it('is not available on an insecure page', async () => {
    const c = await checkout();
    vi.stubGlobal('isSecureContext', false);
    await expect(new ApplePay(c, {}).isAvailable()).rejects.toMatchObject({
      type: 'IMPLEMENTATION_ERROR',
      message: APPLE_PAY_ERRORS.insecure,
    });
  });

  it('keeps the spec’s error texts', () => {
    expect(APPLE_PAY_ERRORS).toMatchObject({
      serviceFailed: 'ApplePay - Something went wrong on ApplePayService',
      dismissed: 'ApplePay UI dismissed',
      decodeFailed: 'Could not decode Apple Pay session',
      sessionFailed: 'Could not get Apple Pay session',
      insecure: 'Trying to start an Apple Pay session from an insecure document',
      noClientKey: 'clientKey was not provided',
      notAvailable: 'Apple Pay is not available on this device',
    });
  });
});
