/** UK direct-debit field rules (sort code, account number, holder name, e-mail). */

export const BACS_CURRENCY = 'GBP';
export const BACS_COUNTRY = 'GB';

/** Six digits; the separators shoppers type ("12-34-56", "12 34 56") are allowed and dropped. */
export function validSortCode(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/** UK account numbers have up to eight digits. */
export function validAccountNumber(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const digits = value.trim();
  return /^\d{1,8}$/.test(digits) ? digits : undefined;
}

export function validHolderName(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.trim();
  return name.length > 0 && name.length <= 128 ? name : undefined;
}

/** 6 to 320 characters, one "@", a dotted domain and no spaces: enough to reach the shopper. */
export function validEmail(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const email = value.trim();
  if (email.length < 6 || email.length > 320) return undefined;
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : undefined;
}
