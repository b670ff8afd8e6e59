import type { FieldState } from './fields.ts';

/** US bank account numbers: 4 to 17 digits. ABA routing numbers: 9 digits. */
export const BANK_ACCOUNT_NUMBER_LENGTH = { min: 4, max: 17 } as const;
export const ROUTING_NUMBER_LENGTH = 9;

const digitsOf = (text: string) => text.replace(/\D/g, '');

/** The ABA checksum: digits weighted 3, 7, 1 (repeated) sum to a multiple of ten. */
export function passesAbaChecksum(digits: string): boolean {
  if (digits.length !== ROUTING_NUMBER_LENGTH) return false;
  const weights = [3, 7, 1];
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1)
    sum += Number(digits[index]) * (weights[index % 3] ?? 0);
  return sum % 10 === 0;
}

/** Error codes `ach.num.945` (empty) and `ach.num.946` (wrong length). */
export function bankAccountNumber(input: string, complete: boolean): FieldState {
  const digits = digitsOf(input).slice(0, BANK_ACCOUNT_NUMBER_LENGTH.max);
  const base = { display: digits, values: [] };
  if (digits.length === 0)
    return { ...base, status: complete ? 'invalid' : 'empty', error: complete ? 'ach.num.945' : '' };
  if (digits.length < BANK_ACCOUNT_NUMBER_LENGTH.min)
    return { ...base, status: complete ? 'invalid' : 'incomplete', error: complete ? 'ach.num.946' : '' };
  return {
    ...base,
    status: 'valid',
    error: '',
    values: [{ type: 'encryptedBankAccountNumber', value: digits }],
  };
}

/** Error codes `ach.loc.947` (empty) and `ach.loc.948` (not nine digits, or a failed checksum). */
export function bankLocationId(input: string, complete: boolean): FieldState {
  const digits = digitsOf(input).slice(0, ROUTING_NUMBER_LENGTH);
  const base = { display: digits, values: [] };
  if (digits.length === 0)
    return { ...base, status: complete ? 'invalid' : 'empty', error: complete ? 'ach.loc.947' : '' };
  if (digits.length < ROUTING_NUMBER_LENGTH)
    return { ...base, status: complete ? 'invalid' : 'incomplete', error: complete ? 'ach.loc.948' : '' };
  if (!passesAbaChecksum(digits)) return { ...base, status: 'invalid', error: 'ach.loc.948' };
  return {
    ...base,
    status: 'valid',
    error: '',
    values: [{ type: 'encryptedBankLocationId', value: digits }],
  };
}
