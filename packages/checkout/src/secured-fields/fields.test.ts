import { describe, expect, it } from 'vitest';
import { evaluate, type FieldContext } from './fields.ts';
import type { BrandRule } from './protocol.ts';

const rules: BrandRule[] = [
  {
    brand: 'amex',
    prefixes: ['34', '37'],
    lengths: [15],
    cvcLength: 4,
    cvcPolicy: 'required',
    expiryDatePolicy: 'required',
    luhn: true,
  },
  {
    brand: 'mc',
    prefixes: [
      ['51', '55'],
      ['2221', '2720'],
    ],
    lengths: [16],
    cvcLength: 3,
    cvcPolicy: 'required',
    expiryDatePolicy: 'required',
    luhn: true,
  },
  {
    brand: 'visa',
    prefixes: ['4'],
    lengths: [13, 16, 19],
    cvcLength: 3,
    cvcPolicy: 'required',
    expiryDatePolicy: 'required',
    luhn: true,
  },
];

const context: FieldContext = {
  rules,
  cvcLength: 3,
  cvcPolicy: 'required',
  expiryDatePolicy: 'required',
  now: new Date(2026, 5, 15),
};

describe('card number field', () => {
  it('formats by brand and encrypts only a complete, Luhn-valid number', () => {
    expect(evaluate('encryptedCardNumber', '4111111111111111', context, false)).toMatchObject({
      display: '4111 1111 1111 1111',
      status: 'valid',
      brand: { brand: 'visa' },
      values: [{ type: 'encryptedCardNumber', value: '4111111111111111' }],
    });
    expect(evaluate('encryptedCardNumber', '371449635398431', context, false).display).toBe(
      '3714 496353 98431',
    );
    expect(evaluate('encryptedCardNumber', '2222 4000 1000 0008', context, false).brand?.brand).toBe('mc');
  });

  it('reports the error codes', () => {
    expect(evaluate('encryptedCardNumber', '', context, true).error).toBe('cc.num.900');
    expect(evaluate('encryptedCardNumber', '4111', context, true).error).toBe('cc.num.901');
    expect(evaluate('encryptedCardNumber', '4111', context, false)).toMatchObject({
      status: 'incomplete',
      error: '',
    });
    expect(evaluate('encryptedCardNumber', '5555555555554445', context, false).error).toBe('cc.num.902');
    expect(evaluate('encryptedCardNumber', '4111111111111112', context, true).error).toBe('cc.num.902');
    expect(
      evaluate('encryptedCardNumber', '5555555555554444', { ...context, supportedBrands: ['visa'] }, false)
        .error,
    ).toBe('cc.num.903');
  });

  it('never accepts letters and cuts at the brand length', () => {
    expect(evaluate('encryptedCardNumber', '4111-1111 abcd 1111 1111 9999', context, false).display).toBe(
      '4111 1111 1111 1111 999',
    );
  });
});

describe('expiry fields', () => {
  it('formats MM/YY, pads a leading month digit and encrypts month and four-digit year', () => {
    expect(evaluate('encryptedExpiryDate', '3', context, false).display).toBe('03');
    expect(evaluate('encryptedExpiryDate', '0330', context, false)).toMatchObject({
      display: '03/30',
      status: 'valid',
      values: [
        { type: 'encryptedExpiryMonth', value: '03' },
        { type: 'encryptedExpiryYear', value: '2030' },
      ],
    });
  });

  it('reports empty, incorrect, too old and too far', () => {
    expect(evaluate('encryptedExpiryDate', '', context, true).error).toBe('cc.dat.910');
    expect(evaluate('encryptedExpiryDate', '13', context, false).error).toBe('cc.dat.911');
    expect(evaluate('encryptedExpiryDate', '05/26', context, false).error).toBe('cc.dat.912');
    expect(evaluate('encryptedExpiryDate', '06/26', context, false).status).toBe('valid');
    expect(evaluate('encryptedExpiryDate', '01/70', context, false).error).toBe('cc.dat.913');
    expect(
      evaluate('encryptedExpiryDate', '', { ...context, expiryDatePolicy: 'optional' }, true).status,
    ).toBe('empty');
  });

  it('validates separate month and year fields', () => {
    expect(evaluate('encryptedExpiryMonth', '', context, true).error).toBe('cc.mth.915');
    expect(evaluate('encryptedExpiryMonth', '12', context, false).status).toBe('valid');
    expect(evaluate('encryptedExpiryYear', '', context, true).error).toBe('cc.yr.917');
    expect(evaluate('encryptedExpiryYear', '203', context, true).error).toBe('cc.yr.918');
    expect(evaluate('encryptedExpiryYear', '30', context, false).values).toEqual([
      { type: 'encryptedExpiryYear', value: '2030' },
    ]);
  });
});

describe('security code field', () => {
  it('follows the brand length and policy', () => {
    expect(evaluate('encryptedSecurityCode', '737', context, false).status).toBe('valid');
    expect(evaluate('encryptedSecurityCode', '737', { ...context, cvcLength: 4 }, true).error).toBe(
      'cc.cvc.921',
    );
    expect(evaluate('encryptedSecurityCode', '', context, true).error).toBe('cc.cvc.920');
    expect(evaluate('encryptedSecurityCode', '', { ...context, cvcPolicy: 'optional' }, true).status).toBe(
      'empty',
    );
  });
});
