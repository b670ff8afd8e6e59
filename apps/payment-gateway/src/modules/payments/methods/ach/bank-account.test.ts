import abaValidator from 'abavalidator';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidAccountNumber, isValidRoutingNumber } from './bank-account.ts';

describe('isValidRoutingNumber', () => {
  it('accepts real routing numbers and refuses a changed digit', () => {
    expect(isValidRoutingNumber('011000015')).toBe(true);
    expect(isValidRoutingNumber('121000358')).toBe(true);
    expect(isValidRoutingNumber('011000016')).toBe(false);
    expect(isValidRoutingNumber('01100001')).toBe(false);
    expect(isValidRoutingNumber('0110000155')).toBe(false);
    expect(isValidRoutingNumber('01100001a')).toBe(false);
  });

  it('agrees with abavalidator on any nine digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{9}$/), (digits) => {
        expect(isValidRoutingNumber(digits)).toBe(abaValidator.validate(digits));
      }),
    );
  });
});

describe('isValidAccountNumber', () => {
  it('takes 4 to 17 digits', () => {
    expect(isValidAccountNumber('123')).toBe(false);
    expect(isValidAccountNumber('1234')).toBe(true);
    expect(isValidAccountNumber('12345678901234567')).toBe(true);
    expect(isValidAccountNumber('123456789012345678')).toBe(false);
    expect(isValidAccountNumber('12 34')).toBe(false);
  });
});
