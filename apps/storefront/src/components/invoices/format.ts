import { formatMoney, fromMinor } from '@/format/money';
import type { AppLocale } from '@/i18n/routing';

const TAGS: Record<AppLocale, string> = { en: 'en-GB', da: 'da-DK', de: 'de-DE' };

/** An invoice amount (minor units of DKK or EUR) for the page's locale. */
export const invoiceMoney = (minor: number, currency: string, locale: AppLocale) =>
  formatMoney(fromMinor(minor), currency, locale);

/** A VAT rate in basis points (2500) as the locale writes a percentage ("25 %", "25%"). */
export const vatRate = (basisPoints: number, locale: AppLocale) =>
  new Intl.NumberFormat(TAGS[locale], { style: 'percent', maximumFractionDigits: 2 }).format(
    basisPoints / 10_000,
  );

/** A country code as the locale names the country. */
export const countryName = (code: string, locale: AppLocale) =>
  code ? (new Intl.DisplayNames([TAGS[locale]], { type: 'region' }).of(code) ?? code) : '';
