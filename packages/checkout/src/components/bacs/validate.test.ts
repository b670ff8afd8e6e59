import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bacsErrors, digitsOnly, EMPTY_FIELDS, fieldError, isValidEmail } from './validate.ts';

const valid = {
  holderName: 'Jane Doe',
  bankAccountNumber: '40308669',
  bankLocationId: '560036',
  shopperEmail: 'jane@example.co.uk',
  amountConsent: true,
  accountConsent: true,
};

describe('BACS widget rules', () => {
  it('keeps only digits, never more than the limit', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 10 }), (typed, max) => {
        const kept = digitsOnly(typed, max);
        return /^\d*$/.test(kept) && kept.length <= max;
      }),
    );
  });

  it('needs a sort code of exactly six digits and an account of one to eight', () => {
    expect(bacsErrors(valid)).toEqual({});
    expect(fieldError({ ...valid, bankLocationId: '56003' }, 'bankLocationId')).toBe(
      'bacs.bankLocationId.invalid',
    );
    expect(fieldError({ ...valid, bankAccountNumber: '' }, 'bankAccountNumber')).toBe(
      'bacs.accountNumber.invalid',
    );
    expect(fieldError({ ...valid, bankAccountNumber: '123456789' }, 'bankAccountNumber')).toBe(
      'bacs.accountNumber.invalid',
    );
    expect(fieldError({ ...valid, holderName: '  ' }, 'holderName')).toBe('bacs.accountHolderName.invalid');
  });

  it('needs both consents and an e-mail of 6 to 320 characters', () => {
    expect(Object.keys(bacsErrors(EMPTY_FIELDS))).toHaveLength(6);
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('a@b.c')).toBe(false);
    expect(isValidEmail(`${'a'.repeat(315)}@b.com`)).toBe(false);
    expect(bacsErrors({ ...valid, accountConsent: false })).toEqual({
      accountConsent: 'bacs.consent.required',
    });
  });
});
