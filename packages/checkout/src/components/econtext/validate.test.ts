import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { econtextPhoneError, limitEcontextPhone } from './validate.ts';

describe('Econtext telephone number', () => {
  it('keeps at most 11 characters while typing', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (typed) => {
        const kept = limitEcontextPhone(typed);
        return kept.length <= 11 && typed.startsWith(kept);
      }),
    );
  });

  it('accepts exactly the numbers of 10 or 11 digits', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{10,11}$/), (phone) => econtextPhoneError(phone) === undefined),
    );
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{1,9}$|^\d{12,20}$/),
        (phone) => econtextPhoneError(phone) === 'voucher.econtext.telephoneNumber.invalid',
      ),
    );
  });

  it('refuses any other character, and asks for a missing number', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{0,10}$/),
        fc.constantFrom('-', ' ', '+', 'a', '.', '('),
        fc.stringMatching(/^\d{0,10}$/),
        (before, other, after) => econtextPhoneError(`${before}${other}${after}`) !== undefined,
      ),
    );
    expect(econtextPhoneError('')).toBe('field.error.required');
    expect(econtextPhoneError('090-1234-5678')).toBe('voucher.econtext.telephoneNumber.invalid');
  });
});
