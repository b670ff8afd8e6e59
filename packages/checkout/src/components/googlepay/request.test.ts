import { describe, expect, it } from 'vitest';
import { toPaymentAddress } from './address.ts';
import {
  buttonLocale,
  cardNetworks,
  decimalPrice,
  paymentDataRequest,
  type RequestSettings,
  readyToPayRequest,
  walletEnvironment,
} from './request.ts';

const SETTINGS: RequestSettings = {
  merchantId: 'sandbox-ActuateStore',
  gatewayMerchantId: 'ActuateStore',
  merchantName: 'Actuate Store',
  amount: { value: 1250, currency: 'EUR' },
  countryCode: 'NL',
  totalPriceStatus: 'FINAL',
  allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
  allowedCardNetworks: ['MASTERCARD', 'VISA'],
  allowCreditCards: true,
  allowPrepaidCards: true,
  assuranceDetailsRequired: false,
  billingAddressRequired: false,
  emailRequired: false,
  shippingAddressRequired: false,
  shippingOptionRequired: false,
  callbackIntents: ['SHIPPING_OPTION'],
  existingPaymentMethodRequired: false,
};

describe('Google Pay requests', () => {
  it('builds the sheet request: API 2.0, merchant, decimal total, gateway tokenization', () => {
    const request = paymentDataRequest(SETTINGS);
    expect(request).toMatchObject({
      apiVersion: 2,
      apiVersionMinor: 0,
      merchantInfo: { merchantId: 'sandbox-ActuateStore', merchantName: 'Actuate Store' },
      transactionInfo: {
        countryCode: 'NL',
        currencyCode: 'EUR',
        totalPrice: '12.50',
        totalPriceStatus: 'FINAL',
      },
      allowedPaymentMethods: [
        {
          type: 'CARD',
          parameters: {
            allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
            allowedCardNetworks: ['MASTERCARD', 'VISA'],
          },
          tokenizationSpecification: {
            type: 'PAYMENT_GATEWAY',
            parameters: { gateway: 'adyen', gatewayMerchantId: 'ActuateStore' },
          },
        },
      ],
    });
  });

  it('always asks for PAYMENT_AUTHORIZATION, once', () => {
    expect(paymentDataRequest(SETTINGS).callbackIntents).toEqual([
      'SHIPPING_OPTION',
      'PAYMENT_AUTHORIZATION',
    ]);
    expect(
      paymentDataRequest({ ...SETTINGS, callbackIntents: ['PAYMENT_AUTHORIZATION'] }).callbackIntents,
    ).toEqual(['PAYMENT_AUTHORIZATION']);
  });

  it('asks isReadyToPay with the card methods only', () => {
    expect(readyToPayRequest(SETTINGS)).toEqual({
      apiVersion: 2,
      apiVersionMinor: 0,
      allowedPaymentMethods: [
        {
          type: 'CARD',
          parameters: {
            allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
            allowedCardNetworks: ['MASTERCARD', 'VISA'],
          },
        },
      ],
      existingPaymentMethodRequired: false,
    });
  });

  it('formats totals by the currency minor units', () => {
    expect(decimalPrice({ value: 1000, currency: 'JPY' })).toBe('1000');
    expect(decimalPrice({ value: 1234, currency: 'KWD' })).toBe('1.234');
    expect(decimalPrice({ value: 5, currency: 'EUR' })).toBe('0.05');
  });

  it('takes networks from the merchant, else the brands, else the defaults', () => {
    expect(cardNetworks(['VISA'], ['mc'])).toEqual(['VISA']);
    expect(cardNetworks(undefined, ['mc', 'visa', 'maestro'])).toEqual(['MASTERCARD', 'VISA']);
    expect(cardNetworks(undefined, undefined)).toEqual(['AMEX', 'DISCOVER', 'JCB', 'MASTERCARD', 'VISA']);
  });

  it('chooses the environment from its name', () => {
    expect(walletEnvironment('live')).toBe('PRODUCTION');
    expect(walletEnvironment('live-us')).toBe('PRODUCTION');
    expect(walletEnvironment('production')).toBe('PRODUCTION');
    expect(walletEnvironment('test')).toBe('TEST');
    expect(walletEnvironment(undefined)).toBe('TEST');
  });

  it('gives the button one of its 31 languages or none', () => {
    expect(buttonLocale('de-DE')).toBe('de');
    expect(buttonLocale('nb_NO')).toBeUndefined();
    expect(buttonLocale('zh-TW')).toBe('zh');
    expect(buttonLocale('is-IS')).toBeUndefined();
  });
});

describe('wallet address mapping', () => {
  const address = {
    name: 'Jane Doe',
    address1: '1600 Example Avenue',
    address2: 'Suite 5',
    address3: '',
    locality: 'Mountain View',
    administrativeArea: 'CA',
    postalCode: '94043',
    countryCode: 'US',
  };

  it('maps a billing address without the name, with the house-number placeholder', () => {
    expect(toPaymentAddress(address, 'billing')).toEqual({
      street: '1600 Example Avenue Suite 5',
      houseNumberOrName: 'ZZ',
      postalCode: '94043',
      city: 'Mountain View',
      country: 'US',
      stateOrProvince: 'CA',
    });
  });

  it('adds the recipient to a delivery address and leaves out an empty state', () => {
    expect(toPaymentAddress({ ...address, administrativeArea: '' }, 'delivery')).toEqual({
      street: '1600 Example Avenue Suite 5',
      houseNumberOrName: 'ZZ',
      postalCode: '94043',
      city: 'Mountain View',
      country: 'US',
      firstName: 'Jane',
      lastName: 'Doe',
    });
    expect(toPaymentAddress(undefined, 'delivery')).toBeUndefined();
  });
});
