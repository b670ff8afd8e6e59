import { defineRouting } from 'next-intl/routing';

/** Name of the cookie that remembers the buyer's locale (spec §2, §9). */
export const LOCALE_COOKIE_NAME = 'NEXT_LOCALE';
/** One year, in seconds (spec §9). */
export const LOCALE_COOKIE_MAX_AGE = 31_536_000;
/** Request header the proxy forwards with the locale of the request's path, read by the translation layer. */
export const LOCALE_HEADER = 'x-actuate-locale';

export const routing = defineRouting({
  locales: ['en', 'da', 'de'],
  defaultLocale: 'en',
  localePrefix: 'always',
  localeCookie: { name: LOCALE_COOKIE_NAME, maxAge: LOCALE_COOKIE_MAX_AGE, sameSite: 'lax', path: '/' },
});

export type AppLocale = (typeof routing.locales)[number];

/** Each locale's name in its own language, for the locale switcher. */
export const localeNames: Record<AppLocale, string> = {
  en: 'English',
  da: 'Dansk',
  de: 'Deutsch',
};

export function isAppLocale(value: unknown): value is AppLocale {
  return typeof value === 'string' && (routing.locales as readonly string[]).includes(value);
}

/** The value if it is one of our locales, else the default locale. */
export function localeOrDefault(value: unknown): AppLocale {
  return isAppLocale(value) ? value : routing.defaultLocale;
}

/** The locale named by the first segment of a pathname (`/da/orders` → `da`), if it is one of ours. */
export function localeOfPath(pathname: string): AppLocale | undefined {
  const segment = pathname.split('/')[1];
  return isAppLocale(segment) ? segment : undefined;
}

/** The locales the buyer may choose from: all of them, or only the default one when localization is off. */
export function offeredLocales(localizationEnabled: boolean): readonly AppLocale[] {
  return localizationEnabled ? routing.locales : [routing.defaultLocale];
}
