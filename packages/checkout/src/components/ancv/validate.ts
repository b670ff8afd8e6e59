import { isValidEmail } from '../internal/open-invoice/validate.ts';

/** An ANCV beneficiary: the 11-digit id of the Chèque-Vacances account, or its e-mail address. */
export const ANCV_ID_LENGTH = 11;

export function beneficiaryIdError(value: string): string | undefined {
  const id = value.trim();
  const valid = new RegExp(`^\\d{${ANCV_ID_LENGTH}}$`).test(id) || isValidEmail(id);
  return valid ? undefined : 'ancv.beneficiaryId.invalid';
}
