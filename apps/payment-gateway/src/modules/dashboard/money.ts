import { minorUnitDigits } from '../payments/currencies.ts';

/** Minor units as a plain decimal (CSV): `10.00`, `1000`. */
export function decimalAmount(value: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  if (digits === 0) return String(value);
  const text = String(Math.abs(value)).padStart(digits + 1, '0');
  return `${value < 0 ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * A typed amount in major units (`10`, `10.5`, `10.50`) as minor units; undefined when it is not a
 * positive amount with at most the currency's decimals.
 */
export function parseMajorAmount(text: string, currency: string): number | undefined {
  const digits = minorUnitDigits(currency);
  const match = /^(\d{1,13})(?:[.,](\d+))?$/.exec(text.trim());
  if (!match) return undefined;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return undefined;
  const value = Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}
