import type { BrandRule } from './protocol.ts';

/** Luhn (mod 10). */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

function matchesPrefix(digits: string, prefix: string | [string, string]): boolean {
  if (typeof prefix === 'string') return digits.startsWith(prefix);
  const [from, to] = prefix;
  if (digits.length < from.length) return false;
  const head = digits.slice(0, from.length);
  return head >= from && head <= to;
}

/** The brand the gateway's rules (injected into the page) give the leading digits. */
export const detectBrand = (rules: BrandRule[], digits: string): BrandRule | undefined =>
  digits.length === 0
    ? undefined
    : rules.find((rule) => rule.prefixes.some((prefix) => matchesPrefix(digits, prefix)));

/** Digit groups as printed: 4-6-5 for 15-digit Amex-style cards, else groups of four. */
export function formatCardNumber(digits: string, rule: BrandRule | undefined): string {
  const groups = rule?.brand === 'amex' || rule?.lengths.join() === '15' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let position = 0;
  for (const size of groups) {
    if (position >= digits.length) break;
    parts.push(digits.slice(position, position + size));
    position += size;
  }
  if (position < digits.length) parts.push(digits.slice(position));
  return parts.join(' ');
}

export const maxLength = (rule: BrandRule | undefined) => (rule ? Math.max(...rule.lengths) : 19);
