import { checkIban, SEPA_COUNTRIES } from '../internal/iban-input/iban.ts';

export interface SepaErrors {
  ownerName?: string | undefined;
  iban?: string | undefined;
}

/** Error keys of the SEPA form; an IBAN still being typed (`no-validate`) is incomplete, not wrong. */
export function validateSepa(
  values: { ownerName: string; iban: string },
  options: { ownerNameRequired: boolean },
): { errors: SepaErrors; incomplete: boolean; iban: string } {
  const check = checkIban(values.iban, SEPA_COUNTRIES);
  const errors: SepaErrors = {};
  if (options.ownerNameRequired && !values.ownerName.trim()) errors.ownerName = 'sepa.ownerName.invalid';
  if (check.status !== 'valid') errors.iban = 'sepaDirectDebit.ibanField.invalid';
  return { errors, incomplete: check.status === 'no-validate', iban: check.iban };
}
