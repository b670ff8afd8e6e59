import { describe, expect, it } from 'vitest';
import { evaluateAdyenWebField, inputMaxLength } from './adyen-web-fields.ts';
import type { FieldContext } from './fields.ts';

const context: FieldContext = {
  rules: [
    {
      brand: 'visa',
      prefixes: ['4'],
      lengths: [16],
      cvcLength: 3,
      cvcPolicy: 'required',
      expiryDatePolicy: 'required',
      luhn: true,
    },
  ],
  cvcLength: 3,
  cvcPolicy: 'required',
  expiryDatePolicy: 'required',
  now: new Date('2026-11-27T12:00:00Z'),
};

describe('fields of the frames for the official library', () => {
  it('takes a gift-card number of 15 to 32 digits without brand or Luhn check', () => {
    const givex = evaluateAdyenWebField(
      'giftcard',
      'encryptedCardNumber',
      '6036280000000000000',
      context,
      false,
    );
    expect(givex).toMatchObject({
      status: 'valid',
      display: '6036 2800 0000 0000 000',
      values: [{ type: 'encryptedCardNumber', value: '6036280000000000000' }],
    });
    expect(givex.brand).toBeUndefined();
    expect(
      evaluateAdyenWebField('giftcard', 'encryptedCardNumber', '60362800000000', context, false).status,
    ).toBe('incomplete');
    expect(
      evaluateAdyenWebField('giftcard', 'encryptedCardNumber', '60362800000000', context, true).error,
    ).toBe('cc.num.901');
    expect(
      evaluateAdyenWebField('giftcard', 'encryptedCardNumber', '1'.repeat(40), context, false).values[0]
        ?.value,
    ).toHaveLength(32);
  });

  it('takes a PIN of 3 to 10 digits as the gift card security code', () => {
    expect(evaluateAdyenWebField('giftcard', 'encryptedSecurityCode', '123', context, false)).toMatchObject({
      status: 'valid',
      values: [{ type: 'encryptedSecurityCode', value: '123' }],
    });
    expect(evaluateAdyenWebField('giftcard', 'encryptedSecurityCode', '73737', context, false).status).toBe(
      'valid',
    );
    expect(evaluateAdyenWebField('giftcard', 'encryptedSecurityCode', '12', context, true).error).toBe(
      'cc.cvc.921',
    );
    expect(evaluateAdyenWebField('giftcard', 'encryptedSecurityCode', '', context, true).error).toBe(
      'cc.cvc.920',
    );
    expect(inputMaxLength('giftcard', 'encryptedSecurityCode', 3)).toBe(10);
  });

  it('keeps the card rules for cards (brand, Luhn)', () => {
    expect(
      evaluateAdyenWebField('card', 'encryptedCardNumber', '4111111111111111', context, false),
    ).toMatchObject({
      status: 'valid',
      brand: { brand: 'visa' },
    });
    expect(
      evaluateAdyenWebField('card', 'encryptedCardNumber', '4111111111111112', context, true).error,
    ).toBe('cc.num.902');
  });
});
