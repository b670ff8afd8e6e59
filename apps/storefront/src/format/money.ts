/*
 * Money for display: amounts are decimals at the OrderCloud boundary (`12.5` = 12.50) in the
 * company's currency (DKK or EUR), formatted for the page's locale.
 *
 *   formatMoney(1234.5, 'DKK', 'da')  // "1.234,50 kr."
 *   formatMoney(1234.5, 'EUR', 'de')  // "1.234,50 €"
 *   formatMoney(1234.5, 'DKK', 'en')  // "DKK 1,234.50"
 *   formatMoneyRange(10, 20, 'EUR', 'en') // "€10.00 – €20.00" (one value when min = max)
 *
 * Pure (no server or browser APIs), so client components may use it too. Arithmetic on amounts
 * belongs in minor units (`toMinor`/`fromMinor`), never in floating-point decimals.
 */

/** The Intl locale of each UI locale (English pages use British conventions with the currency code). */
const INTL_LOCALE: Record<string, string> = { en: 'en-GB', da: 'da-DK', de: 'de-DE' };

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(currency: string, locale: string): Intl.NumberFormat {
  const key = `${locale}|${currency}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale] ?? locale, {
      style: 'currency',
      currency,
      // DKK in English reads "DKK 1,234.50"; the Danish and German locales have their own symbols.
      currencyDisplay: locale === 'en' && currency === 'DKK' ? 'code' : 'symbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    formatters.set(key, format);
  }
  return format;
}

/** An amount in minor units (cents, øre), rounding half away from zero. */
export function toMinor(amount: number): number {
  const scaled = amount * 100;
  const rounded = Math.round(Math.abs(scaled) + 1e-7) * Math.sign(scaled);
  return Object.is(rounded, -0) ? 0 : rounded;
}

export function fromMinor(minor: number): number {
  return minor / 100;
}

/** A decimal amount for the locale, e.g. `"1.234,50 kr."`; `'–'` when the amount is missing. */
export function formatMoney(amount: number | null | undefined, currency: string, locale: string): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return '–';
  // Normalize the space Intl puts between number and symbol to a regular no-break space.
  return formatter(currency, locale)
    .format(fromMinor(toMinor(amount)))
    .replace(/\u202f/g, '\u00a0');
}

export function formatMoneyRange(
  min: number | null | undefined,
  max: number | null | undefined,
  currency: string,
  locale: string,
): string {
  if (min === null || min === undefined) return formatMoney(max, currency, locale);
  if (max === null || max === undefined || toMinor(min) === toMinor(max))
    return formatMoney(min, currency, locale);
  return `${formatMoney(min, currency, locale)} – ${formatMoney(max, currency, locale)}`;
}

/** Sum of decimal amounts, exact to the minor unit. */
export function sumMoney(amounts: readonly (number | null | undefined)[]): number {
  return fromMinor(amounts.reduce<number>((sum, amount) => sum + (amount ? toMinor(amount) : 0), 0));
}
