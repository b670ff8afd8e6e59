/** The check digit of a CPF or CNPJ prefix: a weighted sum modulo 11. */
function checkDigit(digits: number[], weights: number[]): number {
  const sum = digits.reduce((total, digit, index) => total + digit * (weights[index] ?? 0), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const CPF_WEIGHTS = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_WEIGHTS = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/** Whether `digits` (11 or 14, anything else is not) ends in its own two check digits. */
function hasValidCheckDigits(digits: number[]): boolean {
  const weights = digits.length === 11 ? CPF_WEIGHTS : digits.length === 14 ? CNPJ_WEIGHTS : undefined;
  if (!weights) return false;
  // 000.000.000-00, 111.111.111-11 … pass the sums but are not issued.
  if (digits.every((digit) => digit === digits[0])) return false;
  const body = digits.length - 2;
  const first = checkDigit(digits.slice(0, body), weights.slice(1));
  const second = checkDigit(digits.slice(0, body + 1), weights);
  return digits[body] === first && digits[body + 1] === second;
}

/**
 * A Brazilian tax id: a person's CPF (000.000.000-00) or a company's CNPJ (00.000.000/0000-00),
 * punctuation optional, check digits verified.
 */
export function isValidBrazilianTaxId(value: string): boolean {
  const trimmed = value.trim();
  if (!/^[\d./-]+$/.test(trimmed)) return false;
  return hasValidCheckDigits([...trimmed.replace(/\D/g, '')].map(Number));
}
