/**
 * The storefront's locales and locale-prefixed paths as plain data and functions. No next-intl here:
 * browser code (./link.tsx) imports this module, and next-intl would ship its client code to every
 * page. ./routing.ts builds next-intl's routing (server side) from it and re-exports it.
 */

export const LOCALES = ['en', 'da', 'de'] as const;
export type AppLocale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: AppLocale = 'en';

/** Name of the cookie that remembers the buyer's locale. */
export const LOCALE_COOKIE_NAME = 'NEXT_LOCALE';
/** One year, in seconds. */
export const LOCALE_COOKIE_MAX_AGE = 31_536_000;
/** Request header the proxy forwards with the locale of the request's path, read by the translation layer. */
export const LOCALE_HEADER = 'x-actuate-locale';

/** Each locale's name in its own language, for the locale switcher. */
export const localeNames: Record<AppLocale, string> = {
  en: 'English',
  da: 'Dansk',
  de: 'Deutsch',
};

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The value if it is one of our locales, else the default locale. */
export function localeOrDefault(value: unknown): AppLocale {
  return isAppLocale(value) ? value : DEFAULT_LOCALE;
}

/** The locale named by the first segment of a pathname (`/da/orders` → `da`), if it is one of ours. */
export function localeOfPath(pathname: string): AppLocale | undefined {
  const segment = pathname.split('/')[1];
  return isAppLocale(segment) ? segment : undefined;
}

/** The locales the buyer may choose from: all of them, or only the default one when localization is off. */
export function offeredLocales(localizationEnabled: boolean): readonly AppLocale[] {
  return localizationEnabled ? LOCALES : [DEFAULT_LOCALE];
}

/** `('da', '/catalog?q=x')` → `/da/catalog?q=x`; `('da', '/')` → `/da`. */
export function localizedHref(locale: AppLocale, href: string): string {
  if (!href.startsWith('/')) return href; // absolute URLs, fragments, mailto:
  const rest = href === '/' ? '' : href.startsWith('/?') || href.startsWith('/#') ? href.slice(1) : href;
  return `/${locale}${rest}`;
}

/** The path without its locale segment: `/da/orders/1` → `/orders/1`, `/da` → `/`. */
export function stripLocale(pathname: string): string {
  if (!localeOfPath(pathname)) return pathname;
  const rest = pathname.slice(pathname.indexOf('/', 1) === -1 ? pathname.length : pathname.indexOf('/', 1));
  return rest === '' ? '/' : rest;
}
