/**
 * The one module that converts money between the decimal amounts used at the boundaries
 * (OrderCloud fields, price service JSON) and the integer minor units used inside every service
 * (docs/decisions/0006-money-minor-units.md), and that holds the one rounding rule.
 *
 * Rules of this module:
 * - Inside a service an amount is a safe integer of minor units (cents for DKK and EUR). Every
 *   function checks `Number.isSafeInteger` on what it receives and returns, and throws
 *   `MoneyError` instead of silently losing precision.
 * - Conversions never do float arithmetic: a decimal is read as its digits (a string, or for a
 *   number its shortest round-trip text, which is what JSON shows) and scaled with BigInt. So
 *   "0.1" + "0.2" is 10 + 20 = 30 minor units, exactly "0.3".
 * - Rounding, wherever an amount has to be divided (percentages, ratios, too many decimals), is
 *   always `roundHalfAwayFromZero`: ties go away from zero, so 0.5 → 1 and -0.5 → -1, and a
 *   negated amount rounds to the negated result.
 */
import type { MonetaryAmount } from './price-service.ts';
import type { PriceCurrency } from './validation.ts';

/** Thrown for input that cannot be money: malformed decimals, unknown currencies, overflow. */
export class MoneyError extends Error {
  override name = 'MoneyError';
}

/**
 * Minor-unit exponent per ISO 4217 currency: the number of decimals an amount may have. The
 * storefront prices only in DKK and EUR; the others are here so the helpers are correct for any
 * currency OrderCloud or the payment provider may report.
 */
export const CURRENCY_MINOR_UNITS = {
  DKK: 2,
  EUR: 2,
  SEK: 2,
  NOK: 2,
  GBP: 2,
  USD: 2,
  CHF: 2,
  PLN: 2,
  CZK: 2,
  HUF: 2,
  CAD: 2,
  AUD: 2,
  CNY: 2,
  JPY: 0,
  KRW: 0,
  ISK: 0,
  CLP: 0,
  VND: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
} as const satisfies Record<string, number>;

export type KnownCurrency = keyof typeof CURRENCY_MINOR_UNITS;

/** Basis points in one whole: 10 000 bp = 100 %, so 25 % VAT is 2 500 bp. */
export const BASIS_POINTS_PER_WHOLE = 10_000;

export function isKnownCurrency(currency: string): currency is KnownCurrency {
  return Object.hasOwn(CURRENCY_MINOR_UNITS, currency);
}

/** Number of decimals of the currency's minor unit (DKK 2, JPY 0, KWD 3). Throws for unknown codes. */
export function minorUnitExponent(currency: string): number {
  if (!isKnownCurrency(currency)) throw new MoneyError(`Unknown currency: ${currency}`);
  return CURRENCY_MINOR_UNITS[currency];
}

/** True for an integer amount of minor units that a JavaScript number holds exactly. */
export function isMinorUnits(value: unknown): value is number {
  return Number.isSafeInteger(value);
}

// ---------------------------------------------------------------------------------------------
// The rounding rule
// ---------------------------------------------------------------------------------------------

/**
 * THE rounding rule: numerator / denominator rounded to the nearest integer, ties away from zero
 * (2.5 → 3, -2.5 → -3, 2.4 → 2). Exact: works on BigInt, so no float drift. Every division or
 * percentage of money in every service goes through this function.
 */
export function roundHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new MoneyError('Division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d;
  // The remainder is at least half the divisor: a tie or more rounds the magnitude up.
  const magnitude = 2n * (n % d) >= d ? quotient + 1n : quotient;
  return negative ? -magnitude : magnitude;
}

/** minor × numerator / denominator, rounded by the rule. E.g. a share of a discount across lines. */
export function multiplyRatio(minor: number, numerator: number, denominator: number): number {
  assertMinorUnits(minor);
  assertSafeInteger(numerator, 'numerator');
  assertSafeInteger(denominator, 'denominator');
  return toSafeNumber(roundHalfAwayFromZero(BigInt(minor) * BigInt(numerator), BigInt(denominator)));
}

/**
 * The given percentage of an amount, in basis points (2 500 bp = 25 %), rounded by the rule.
 * Returns the share only, e.g. the VAT on a net amount: applyPercentage(10_000, 2_500) = 2_500.
 */
export function applyPercentage(minor: number, percentBasisPoints: number): number {
  return multiplyRatio(minor, percentBasisPoints, BASIS_POINTS_PER_WHOLE);
}

/**
 * A percentage written as a decimal ("25", 12.5) in basis points. Strict: more than two decimals
 * of a percent cannot be expressed in basis points and are rejected.
 */
export function percentToBasisPoints(percent: number | string): number {
  return toSafeNumber(scaleDecimal(readDecimal(percent), 2, 'strict'));
}

// ---------------------------------------------------------------------------------------------
// Integer arithmetic with overflow checks
// ---------------------------------------------------------------------------------------------

/** Sum of minor-unit amounts (e.g. line totals); throws rather than leave the safe range. */
export function sumMinorUnits(amounts: Iterable<number>): number {
  let total = 0;
  for (const amount of amounts) {
    assertMinorUnits(amount);
    total += amount;
    // Both operands are safe integers, so an inexact float sum can only be an unsafe one.
    if (!Number.isSafeInteger(total)) throw new MoneyError('Amount out of range');
  }
  return total;
}

/** a − b in minor units, with the same overflow check. */
export function subtractMinorUnits(a: number, b: number): number {
  assertMinorUnits(b);
  return sumMinorUnits([a, -b]);
}

/** Unit price × quantity in minor units: exact, no rounding needed. */
export function multiplyMinorUnits(minor: number, quantity: number): number {
  assertMinorUnits(minor);
  assertSafeInteger(quantity, 'quantity');
  const product = minor * quantity;
  // A product of safe integers that is not itself a safe integer was rounded by the float multiply.
  if (!Number.isSafeInteger(product)) throw new MoneyError('Amount out of range');
  return product === 0 ? 0 : product; // no -0
}

// ---------------------------------------------------------------------------------------------
// Conversions at the boundaries
// ---------------------------------------------------------------------------------------------

/**
 * A decimal amount ("1234.5", 1234.5) in minor units (123450 for DKK). Strict: an amount with
 * more decimals than the currency has (1.005 EUR) throws, because it is not a price the currency
 * can express; trailing zeros do not count ("1.500" is fine). Numbers are read by their shortest
 * round-trip text (what JSON shows), not their binary value, so 1.1 means exactly 1.10.
 */
export function toMinorUnits(decimal: number | string, currency: string): number {
  return toSafeNumber(scaleDecimal(readDecimal(decimal), minorUnitExponent(currency), 'strict'));
}

/**
 * Like `toMinorUnits`, but an amount with too many decimals is rounded by the rule
 * (1.005 EUR → 101, -1.005 EUR → -101) instead of rejected. Use it where the other side is known to
 * send extra precision (e.g. a computed tax) and the rounding is intended.
 */
export function toMinorUnitsRounded(decimal: number | string, currency: string): number {
  return toSafeNumber(scaleDecimal(readDecimal(decimal), minorUnitExponent(currency), 'round'));
}

/** True when `toMinorUnits` would accept the amount (well-formed, not too precise, in range). */
export function canConvertToMinorUnits(decimal: number | string, currency: string): boolean {
  try {
    toMinorUnits(decimal, currency);
    return true;
  } catch (error) {
    if (error instanceof MoneyError) return false;
    throw error;
  }
}

/** Minor units as a plain decimal string with all the currency's decimals: 123450 DKK → "1234.50". */
export function formatDecimal(minor: number, currency: string): string {
  assertMinorUnits(minor);
  const exponent = minorUnitExponent(currency);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(exponent + 1, '0');
  if (exponent === 0) return sign + digits;
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/**
 * Minor units as a decimal number for JSON at the boundaries: 123450 DKK → 1234.5. The number is
 * the double nearest to the exact decimal, so `toMinorUnits(fromMinorUnits(m, c), c) === m`.
 */
export function fromMinorUnits(minor: number, currency: string): number {
  return Number(formatDecimal(minor, currency));
}

/** A price service amount in minor units. */
export function monetaryAmountToMinorUnits(amount: MonetaryAmount): number {
  return toMinorUnits(amount.amount, amount.currency);
}

/** Minor units as a price service amount. */
export function toMonetaryAmount(minor: number, currency: PriceCurrency): MonetaryAmount {
  return { amount: fromMinorUnits(minor, currency), currency };
}

// ---------------------------------------------------------------------------------------------
// Internals
// ---------------------------------------------------------------------------------------------

/** A decimal split into its sign and ASCII digit strings, e.g. -12.05 → {true, "12", "05"}. */
interface DecimalDigits {
  negative: boolean;
  integer: string;
  fraction: string;
}

/** Plain decimal text accepted from strings: optional minus, digits, optional point and digits. */
const DECIMAL_TEXT = /^(-)?([0-9]+)(?:\.([0-9]+))?$/;
/** What `String(number)` produces: plain or exponential (1e-7, 1.5e+21). */
const NUMBER_TEXT = /^(-)?([0-9]+)(?:\.([0-9]+))?(?:e([+-][0-9]+))?$/;

function readDecimal(decimal: number | string): DecimalDigits {
  if (typeof decimal === 'number') return readNumber(decimal);
  const match = DECIMAL_TEXT.exec(decimal);
  if (!match) throw new MoneyError(`Not a decimal amount: ${JSON.stringify(decimal)}`);
  return { negative: match[1] === '-', integer: match[2] ?? '0', fraction: match[3] ?? '' };
}

function readNumber(value: number): DecimalDigits {
  if (!Number.isFinite(value)) throw new MoneyError(`Not a finite amount: ${value}`);
  const match = NUMBER_TEXT.exec(String(value));
  if (!match) throw new MoneyError(`Not a decimal amount: ${value}`);
  const integer = match[2] ?? '0';
  const digits = integer + (match[3] ?? '');
  // Position of the decimal point within `digits` once the exponent is applied.
  const point = integer.length + Number(match[4] ?? 0);
  const negative = match[1] === '-';
  if (point <= 0) return { negative, integer: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length)
    return { negative, integer: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { negative, integer: digits.slice(0, point), fraction: digits.slice(point) };
}

/** The decimal × 10^exponent as an integer, rejecting or rounding (by the rule) extra decimals. */
function scaleDecimal(decimal: DecimalDigits, exponent: number, mode: 'strict' | 'round'): bigint {
  const fraction = decimal.fraction.replace(/0+$/, '');
  let magnitude: bigint;
  if (fraction.length <= exponent) {
    magnitude = BigInt(decimal.integer + fraction.padEnd(exponent, '0'));
  } else if (mode === 'strict') {
    throw new MoneyError(`Amount has more than ${exponent} decimals: ${formatDigits(decimal)}`);
  } else {
    const kept = BigInt(decimal.integer + fraction.slice(0, exponent));
    // Rounding the magnitude half up is rounding the signed value half away from zero.
    const firstDropped = fraction.charAt(exponent);
    magnitude = firstDropped >= '5' ? kept + 1n : kept;
  }
  return decimal.negative ? -magnitude : magnitude;
}

function formatDigits(decimal: DecimalDigits): string {
  return `${decimal.negative ? '-' : ''}${decimal.integer}${decimal.fraction ? `.${decimal.fraction}` : ''}`;
}

function toSafeNumber(value: bigint): number {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new MoneyError('Amount out of range');
  }
  return Number(value);
}

function assertMinorUnits(value: number): void {
  assertSafeInteger(value, 'minor-unit amount');
}

function assertSafeInteger(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new MoneyError(`Not a safe integer ${what}: ${value}`);
}
