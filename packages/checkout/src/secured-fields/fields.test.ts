import { describe, expect, it } from 'vitest';
import { evaluate, type FieldContext, isGiftCardVariant } from './fields.ts';
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

describe('gift-card mode', () => {
  const giftCard: FieldContext = { ...context, giftCard: true };

  it('takes 15 to 32 digits in groups of four, without brand or Luhn', () => {
    expect(evaluate('encryptedCardNumber', '4010100000000000000', giftCard, false)).toMatchObject({
      display: '4010 1000 0000 0000 000',
      status: 'valid',
      values: [{ type: 'encryptedCardNumber', value: '4010100000000000000' }],
    });
    expect(evaluate('encryptedCardNumber', '4010100000000000000', giftCard, false).brand).toBeUndefined();
    expect(evaluate('encryptedCardNumber', '6'.repeat(40), giftCard, false).values[0]?.value).toHaveLength(
      32,
    );
    expect(evaluate('encryptedCardNumber', '60362800000000', giftCard, false)).toMatchObject({
      status: 'incomplete',
      error: '',
    });
    expect(evaluate('encryptedCardNumber', '60362800000000', giftCard, true).error).toBe('cc.num.901');
    expect(evaluate('encryptedCardNumber', '', giftCard, true).error).toBe('cc.num.900');
  });

  it('takes a PIN of 3 to 10 digits whatever the brand', () => {
    expect(evaluate('encryptedSecurityCode', '12', giftCard, true).error).toBe('cc.cvc.921');
    expect(evaluate('encryptedSecurityCode', '123', giftCard, false).status).toBe('valid');
    expect(evaluate('encryptedSecurityCode', '73737', { ...giftCard, cvcLength: 4 }, false).status).toBe(
      'valid',
    );
    expect(evaluate('encryptedSecurityCode', '12345678901', giftCard, false).values).toEqual([
      { type: 'encryptedSecurityCode', value: '1234567890' },
    ]);
    expect(evaluate('encryptedSecurityCode', '', giftCard, true).error).toBe('cc.cvc.920');
  });

  it('is switched on by the giftcard and meal-voucher variants only', () => {
    expect(isGiftCardVariant('giftcard')).toBe(true);
    expect(isGiftCardVariant('mealVoucher_FR_natixis')).toBe(true);
    expect(isGiftCardVariant('card')).toBe(false);
    expect(isGiftCardVariant(undefined)).toBe(false);
  });
});
