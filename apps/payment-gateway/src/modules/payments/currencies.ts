import { gatewayError } from '../../shared/errors.ts';
import type { Amount } from './models.ts';

/**
 * ISO 4217 currencies the gateway takes payments in: Node's ICU list of current ISO 4217 codes,
 * without the units of account that are not money one pays with (SDR, Sucre). Test, precious-metal
 * and fund codes (`XXX`, `XAU`, …) are not in that list.
 */
const NOT_PAYABLE = new Set(['XDR', 'XSU']);
const CURRENCIES = new Set(Intl.supportedValuesOf('currency').filter((code) => !NOT_PAYABLE.has(code)));

/** The reference provider's own decimals where they differ from ISO 4217 (as the widget shows them). */
const ZERO_DECIMAL = new Set(['IDR', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMAL = new Set(['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']);

/**
 * Card networks carry an amount as 12 digits of minor units (ISO 8583 field 4), so no authorisation
 * can be larger: 9,999,999,999.99 EUR, 999,999,999,999 JPY, 999,999,999.999 KWD.
 */
export const MAX_MINOR_UNITS = 999_999_999_999;

export const isPayableCurrency = (currency: string) => CURRENCIES.has(currency);

/** Decimals of the currency's minor unit (EUR 2, JPY 0, KWD 3). */
export function minorUnitDigits(currency: string): number {
  if (ZERO_DECIMAL.has(currency)) return 0;
  if (THREE_DECIMAL.has(currency)) return 3;
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** The largest amount of a currency, in major units, as text (`9999999999.99`). */
export function maximumAmountText(currency: string): string {
  const digits = minorUnitDigits(currency);
  const text = String(MAX_MINOR_UNITS);
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * Checks an amount before anything is stored: an ISO 4217 currency (422 `138`), a value within the
 * per-currency maximum, and 0 only where the caller allows a zero-value authorisation (422 `137`).
 */
export function assertPayableAmount(amount: Amount, options: { zeroAllowed: boolean }) {
  if (!isPayableCurrency(amount.currency)) {
    throw gatewayError.unprocessable(
      '138',
      `Unsupported currency specified: ${amount.currency} is not an ISO 4217 currency.`,
    );
  }
  if (amount.value > MAX_MINOR_UNITS) {
    throw gatewayError.unprocessable(
      '137',
      `Invalid amount specified: at most ${maximumAmountText(amount.currency)} ${amount.currency}.`,
    );
  }
  if (amount.value === 0 && !options.zeroAllowed) {
    throw gatewayError.unprocessable(
      '137',
      'Invalid amount specified: an amount of 0 is only allowed to store a card (storePaymentMethod with a shopperReference).',
    );
  }
}

/** Minor units as the gateway's own pages show them: `€10.00`, `DKK 1,000.00`, `¥1,000`. */
export function formatAmount(value: number, currency: string): string {
  const digits = minorUnitDigits(currency);
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value / 10 ** digits);
}
