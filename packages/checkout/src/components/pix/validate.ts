import { isValidBrazilianTaxId } from '../internal/brazilian-tax-id.ts';

export interface PixValues {
  firstName: string;
  lastName: string;
  socialSecurityNumber: string;
}

export type PixErrors = Partial<Record<keyof PixValues, string>>;

/** Error keys of the Pix form: both names and a CPF or CNPJ with valid check digits. */
export function validatePix(values: PixValues): PixErrors {
  const errors: PixErrors = {};
  if (!values.firstName.trim()) errors.firstName = 'pix.firstName.invalid';
  if (!values.lastName.trim()) errors.lastName = 'pix.lastName.invalid';
  if (!isValidBrazilianTaxId(values.socialSecurityNumber))
    errors.socialSecurityNumber = 'pix.socialSecurityNumber.invalid';
  return errors;
}
