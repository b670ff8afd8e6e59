/** Field validators. Each returns an error translation key, or undefined when valid. */

export const validateHolderName = (value: string, required: boolean) =>
  required && value.trim().length === 0 ? 'creditCard.holderName.invalid' : undefined;

/** Korean tax number (birth date YYMMDD or 10-digit corporate number): 6 or 10 digits. */
export function validateTaxNumber(value: string): string | undefined {
  const digits = value.replace(/\D/g, '');
  return digits.length === 6 || digits.length === 10 ? undefined : 'creditCard.taxNumber.invalid';
}

export const SOCIAL_SECURITY_NUMBER_MAX_LENGTH = 18;
const CPF = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;
const CNPJ = /^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/;

/** Brazilian CPF (000.000.000-00) or CNPJ (00.000.000/0000-00); empty allowed (checked on blur). */
export function validateSocialSecurityNumber(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return CPF.test(trimmed) || CNPJ.test(trimmed) ? undefined : 'boleto.socialSecurityNumber.invalid';
}

/** Formats the digits typed so far as a CPF (11 digits or fewer) or a CNPJ. */
export function formatSocialSecurityNumber(value: string): string {
  const digits = value.replace(/\D/g, '').slice(0, 14);
  if (digits.length <= 11) {
    return digits
      .replace(/^(\d{3})(\d)/, '$1.$2')
      .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
      .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
  }
  return digits
    .replace(/^(\d{2})(\d)/, '$1.$2')
    .replace(/^(\d{2})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d)/, '.$1/$2')
    .replace(/(\d{4})(\d{1,2})$/, '$1-$2');
}

/** Plan revolving, or more than one instalment, counts as instalments. */
export const isInstallmentPayment = (option: { value: number; plan?: string } | undefined) =>
  !!option && (option.plan === 'revolving' || option.value > 1);

/** Card error codes that are shown but never announced to a screen reader. */
const SILENT_CODES = new Set(['cc.num.903', 'cc.dat.912', 'cc.dat.913', 'cc.dat.914']);
export const isAnnouncedError = (code: string) => !SILENT_CODES.has(code);
