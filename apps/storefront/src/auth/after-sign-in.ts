import { type AppLocale, isAppLocale, localizedHref, offeredLocales, stripLocale } from '../i18n/locales';
import { safeReturnTo } from './return-to';

/*
 * Where sign-in sends the buyer: back to the page that sent them to sign-in (`returnTo`), else the home
 * page in the language of their profile (`xp.PreferredLanguage`, else the platform's `Locale.Language`):
 *
 *   returnTo /en/checkout, profile da-DK → /en/checkout
 *   no returnTo (or a bare home such as /en), profile da-DK → /da
 *   no returnTo, profile unknown or not offered → the sign-in page's locale
 */

/** Our locale for a language tag: `da-DK` → `da`, `de` → `de`, `fr-FR` → undefined. */
export function localeOfLanguage(tag: unknown): AppLocale | undefined {
  if (typeof tag !== 'string') return undefined;
  const language = tag.trim().split(/[-_]/, 1)[0]?.toLowerCase();
  return isAppLocale(language) ? language : undefined;
}

export function afterSignInPath({
  returnTo,
  preferredLanguages,
  pageLocale,
  localizationEnabled,
}: {
  readonly returnTo: unknown;
  /** The profile's languages, most specific first (PreferredLanguage, then Locale.Language). */
  readonly preferredLanguages: readonly unknown[];
  readonly pageLocale: AppLocale;
  readonly localizationEnabled: boolean;
}): string {
  const safe = safeReturnTo(returnTo);
  if (safe && stripLocale(safe.split('?', 1)[0] as string) !== '/') return safe;
  const offered = offeredLocales(localizationEnabled);
  const preferred = preferredLanguages
    .map(localeOfLanguage)
    .find((locale): locale is AppLocale => locale !== undefined && offered.includes(locale));
  return localizedHref(preferred ?? pageLocale, '/');
}
