import type { ServiceApp } from '@actuate/service-kit';
import { merchantCall, paymentRequest } from '../../../../testing/index.ts';

/** A valid request of each voucher kind, for the voucher tests. */
export const boleto = {
  paymentMethod: { type: 'boletobancario' },
  extra: {
    amount: { currency: 'BRL', value: 12345 },
    countryCode: 'BR',
    shopperName: { firstName: 'José', lastName: 'Silva' },
    socialSecurityNumber: '529.982.247-25',
    billingAddress: {
      street: 'Rua Funcionários',
      houseNumberOrName: '952',
      postalCode: '04386040',
      city: 'São Paulo',
      stateOrProvince: 'SP',
      country: 'BR',
    },
  },
};
export const doku = {
  paymentMethod: { type: 'doku_alfamart' },
  extra: {
    amount: { currency: 'IDR', value: 150000 },
    countryCode: 'ID',
    shopperName: { firstName: 'Siti', lastName: 'Rahayu' },
    shopperEmail: 'siti@example.co.id',
  },
};
export const oxxo = {
  paymentMethod: { type: 'oxxo' },
  extra: { amount: { currency: 'MXN', value: 25000 }, countryCode: 'MX' },
};
export const multibanco = {
  paymentMethod: { type: 'multibanco' },
  extra: { amount: { currency: 'EUR', value: 4999 }, countryCode: 'PT' },
};
export const dragonpay = {
  paymentMethod: { type: 'dragonpay_ebanking', issuer: 'BDO' },
  extra: { amount: { currency: 'PHP', value: 50000 }, countryCode: 'PH', shopperEmail: 'juan@example.ph' },
};
export const econtext = {
  paymentMethod: { type: 'econtext_seven_eleven' },
  extra: {
    amount: { currency: 'JPY', value: 3000 },
    countryCode: 'JP',
    firstName: 'Taro',
    lastName: 'Yamada',
    telephoneNumber: '09012345678',
    shopperEmail: 'taro@example.jp',
  },
};

export type Example = { paymentMethod: Record<string, unknown>; extra: Record<string, unknown> };

/** `/payments` with an example's method and shopper fields, `overrides` replacing some. */
export const payWith = (app: ServiceApp, example: Example, overrides: Record<string, unknown> = {}) =>
  merchantCall(
    app,
    'POST',
    '/v71/payments',
    paymentRequest(example.paymentMethod, { ...example.extra, ...overrides }),
  );
