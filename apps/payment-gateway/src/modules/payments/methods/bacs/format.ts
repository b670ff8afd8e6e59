import { minorUnitDigits } from '../../currencies.ts';

/** "GBP 12.34" from minor units, for documents that carry no locale. */
export function formatMinorAmount(amount: { currency: string; value: number }): string {
  const digits = minorUnitDigits(amount.currency);
  const major = (amount.value / 10 ** digits).toFixed(digits);
  return `${amount.currency} ${major}`;
}
