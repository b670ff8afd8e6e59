import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validAccountNumber, validEmail, validHolderName, validSortCode } from './validate.ts';

describe('BACS field rules', () => {
  it('takes a sort code of exactly six digits, with or without separators', () => {
    expect(validSortCode('123456')).toBe('123456');
    expect(validSortCode('12-34-56')).toBe('123456');
    expect(validSortCode('12 34 56')).toBe('123456');
    for (const bad of ['12345', '1234567', '12a456', '', '１２３４５６', 123456, null])
      expect(validSortCode(bad)).toBeUndefined();
  });

  it('takes account numbers of one to eight digits only', () => {
    fc.assert(fc.property(fc.stringMatching(/^\d{1,8}$/), (digits) => validAccountNumber(digits) === digits));
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9,12}$/), (digits) => validAccountNumber(digits) === undefined),
    );
    for (const bad of ['', '1234-567', 'abc', 12345678]) expect(validAccountNumber(bad)).toBeUndefined();
  });

  it('needs a holder name of 1 to 128 characters', () => {
    expect(validHolderName('  Jane Doe ')).toBe('Jane Doe');
    expect(validHolderName('   ')).toBeUndefined();
    expect(validHolderName('x'.repeat(129))).toBeUndefined();
  });

  it('needs an e-mail of 6 to 320 characters with a dotted domain', () => {
    expect(validEmail('jane@example.co.uk')).toBe('jane@example.co.uk');
    for (const bad of [
      'a@b.c',
      'jane.example.com',
      'jane@example',
      'ja ne@example.com',
      `${'a'.repeat(315)}@ex.com`,
    ])
      expect(validEmail(bad)).toBeUndefined();
  });
});
