import { formatMoney } from '../../format/money';
import type { AppLocale } from '../../i18n/routing';

/** Locale tags used for dates (Danish and German buyers in their countries). */
const TAGS: Record<AppLocale, string> = { en: 'en-GB', da: 'da-DK', de: 'de-DE' };

/** An amount in the order's currency, formatted for the page's locale (the shared money format). */
export function money(
  amount: number | null | undefined,
  currency: string | null | undefined,
  locale: AppLocale,
): string {
  if (!currency)
    return amount === null || amount === undefined ? '–' : new Intl.NumberFormat(TAGS[locale]).format(amount);
  return formatMoney(amount, currency, locale);
}

/** A date (no time) for the page's locale, e.g. 24 Nov 2026. */
export function day(value: string | null | undefined, locale: AppLocale): string | undefined {
  if (!value) return undefined;
  const date = new Date(value.length === 10 ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat(TAGS[locale], { dateStyle: 'medium', timeZone: 'Europe/Copenhagen' }).format(
    date,
  );
}

/** A date and time for the page's locale. */
export function dateTime(value: string | null | undefined, locale: AppLocale): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return new Intl.DateTimeFormat(TAGS[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Europe/Copenhagen',
  }).format(date);
}
