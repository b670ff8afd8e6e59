import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bankAccountNumber, bankLocationId, passesAbaChecksum } from './bank-account-rules.ts';
import { evaluate, type FieldContext } from './fields.ts';

const context: FieldContext = {
  rules: [],
  cvcLength: 3,
  cvcPolicy: 'required',
  expiryDatePolicy: 'required',
  now: new Date('2026-01-01T00:00:00Z'),
};

describe('bank account number frame', () => {
  it('takes 4 to 17 digits, with the ACH error codes', () => {
    expect(bankAccountNumber('', false)).toMatchObject({ status: 'empty', error: '' });
    expect(bankAccountNumber('', true)).toMatchObject({ status: 'invalid', error: 'ach.num.945' });
    expect(bankAccountNumber('123', false)).toMatchObject({ status: 'incomplete', error: '' });
    expect(bankAccountNumber('123', true)).toMatchObject({ status: 'invalid', error: 'ach.num.946' });
    expect(evaluate('encryptedBankAccountNumber', '12-34', context, false)).toMatchObject({
      status: 'valid',
      display: '1234',
      values: [{ type: 'encryptedBankAccountNumber', value: '1234' }],
    });
    expect(bankAccountNumber('1'.repeat(20), false).display).toHaveLength(17);
  });
});

describe('routing number frame', () => {
  it('takes nine digits with the ABA checksum', () => {
    expect(bankLocationId('', true)).toMatchObject({ error: 'ach.loc.947' });
    expect(bankLocationId('01100001', true)).toMatchObject({ error: 'ach.loc.948' });
    expect(bankLocationId('01100001', false)).toMatchObject({ status: 'incomplete', error: '' });
    expect(bankLocationId('011000016', false)).toMatchObject({ status: 'invalid', error: 'ach.loc.948' });
    expect(evaluate('encryptedBankLocationId', '011000015', context, false)).toMatchObject({
      status: 'valid',
      values: [{ type: 'encryptedBankLocationId', value: '011000015' }],
    });
  });

  it('catches any single changed digit of a valid routing number', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('011000015', '121000358', '026009593'),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (routing, position, shift) => {
          expect(passesAbaChecksum(routing)).toBe(true);
          const digit = (Number(routing[position]) + shift) % 10;
          const changed = `${routing.slice(0, position)}${digit}${routing.slice(position + 1)}`;
          expect(passesAbaChecksum(changed)).toBe(false);
        },
      ),
    );
  });
});
