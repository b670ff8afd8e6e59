import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidCnpj, isValidCpf, socialSecurityNumberError } from './brazilian-tax-id.ts';

/** A check digit the way the Receita Federal describes it: 11 minus the sum's remainder, 0 for 10 or 11. */
const checkDigit = (digits: number[], weights: number[]) => {
  const rest = digits.reduce((sum, digit, index) => sum + digit * weights[index]!, 0) % 11;
  return rest < 2 ? 0 : 11 - rest;
};
const cpfOf = (base: number[]) => {
  const first = checkDigit(base, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit([...base, first], [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...base, first, second].join('');
};
const cnpjOf = (base: number[]) => {
  const first = checkDigit(base, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  const second = checkDigit([...base, first], [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return [...base, first, second].join('');
};
const notRepeated = (digits: number[]) => new Set(digits).size > 1;
const cpfBase = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 }).filter(notRepeated);
const cnpjBase = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 })
  .filter(notRepeated);
const formatCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
const formatCnpj = (cnpj: string) => cnpj.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
/** The same number with its last check digit changed. */
const wrongLast = (number: string, shift: number) =>
  number.slice(0, -1) + String((Number(number.at(-1)) + shift) % 10);

describe('CPF and CNPJ', () => {
  it('accepts published examples and refuses a repeated digit', () => {
    expect(isValidCpf('529.982.247-25')).toBe(true);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCpf('111.111.111-11')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
  });

  it('accepts every CPF with its check digits, typed plain or formatted, and no other last digit', () => {
    fc.assert(
      fc.property(cpfBase, fc.integer({ min: 1, max: 9 }), (base, shift) => {
        const cpf = cpfOf(base);
        return (
          socialSecurityNumberError(cpf) === undefined &&
          socialSecurityNumberError(formatCpf(cpf)) === undefined &&
          socialSecurityNumberError(wrongLast(cpf, shift)) === 'boleto.socialSecurityNumber.invalid'
        );
      }),
    );
  });

  it('accepts every CNPJ with its check digits, typed plain or formatted, and no other last digit', () => {
    fc.assert(
      fc.property(cnpjBase, fc.integer({ min: 1, max: 9 }), (base, shift) => {
        const cnpj = cnpjOf(base);
        return (
          socialSecurityNumberError(cnpj) === undefined &&
          socialSecurityNumberError(formatCnpj(cnpj)) === undefined &&
          socialSecurityNumberError(wrongLast(cnpj, shift)) === 'boleto.socialSecurityNumber.invalid'
        );
      }),
    );
  });

  it('needs a value of 11 or 14 digits in one of the two layouts', () => {
    expect(socialSecurityNumberError('  ')).toBe('field.error.required');
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,18}$/), (digits) =>
        digits.length === 11 || digits.length === 14
          ? true
          : socialSecurityNumberError(digits) === 'boleto.socialSecurityNumber.invalid',
      ),
    );
    expect(socialSecurityNumberError('529-982.247.25')).toBe('boleto.socialSecurityNumber.invalid');
  });
});
