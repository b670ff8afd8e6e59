/** Brazilian taxpayer numbers: CPF (people, 11 digits) and CNPJ (companies, 14 digits), with check digits. */

/** Both check digits of a number: weights run down to 2 (and wrap to 9 for a CNPJ); 10 or 11 count as 0. */
function checkDigitsValid(digits: string, firstWeights: number[]): boolean {
  const numbers = [...digits].map(Number);
  const length = firstWeights.length;
  const digitFor = (weights: number[]) => {
    const sum = weights.reduce((total, weight, index) => total + weight * numbers[index]!, 0);
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = digitFor(firstWeights);
  const second = digitFor([firstWeights[0]! + 1, ...firstWeights]);
  return first === numbers[length] && second === numbers[length + 1];
}

const CPF_WEIGHTS = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Numbers of one repeated digit pass the checksum but are never issued. */
const repeated = (digits: string) => /^(\d)\1*$/.test(digits);

export function isValidCpf(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return digits.length === 11 && !repeated(digits) && checkDigitsValid(digits, CPF_WEIGHTS);
}

export function isValidCnpj(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return digits.length === 14 && !repeated(digits) && checkDigitsValid(digits, CNPJ_WEIGHTS);
}

const TAX_ID_LAYOUT = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$|^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/;

/**
 * A Brazilian tax id: a person's CPF (000.000.000-00) or a company's CNPJ (00.000.000/0000-00),
 * punctuation optional, check digits verified.
 */
export function isValidBrazilianTaxId(value: string): boolean {
  const trimmed = value.trim();
  return TAX_ID_LAYOUT.test(trimmed) && (isValidCpf(trimmed) || isValidCnpj(trimmed));
}

/** The CPF/CNPJ field's error key: required, in one of the two layouts, with valid check digits. */
export function socialSecurityNumberError(value: string): string | undefined {
  if (value.trim() === '') return 'field.error.required';
  return isValidBrazilianTaxId(value) ? undefined : 'boleto.socialSecurityNumber.invalid';
}
