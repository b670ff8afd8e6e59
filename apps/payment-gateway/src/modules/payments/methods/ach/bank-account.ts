/** US bank account numbers have 4 to 17 digits. */
export const ACCOUNT_NUMBER_LENGTH = { min: 4, max: 17 } as const;
export const ACH_COUNTRIES = ['US', 'PR'] as const;
export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export function isValidAccountNumber(value: string): boolean {
  return (
    /^\d+$/.test(value) &&
    value.length >= ACCOUNT_NUMBER_LENGTH.min &&
    value.length <= ACCOUNT_NUMBER_LENGTH.max
  );
}

/**
 * An ABA routing number: nine digits whose weighted sum (weights 3, 7, 1 repeated) is a multiple of
 * ten, so a single mistyped digit is caught.
 */
export function isValidRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = weights.reduce((total, weight, index) => total + weight * Number(value[index]), 0);
  return sum % 10 === 0;
}
