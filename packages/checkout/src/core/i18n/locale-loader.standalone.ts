import { SDK_VERSION } from '../../version.ts';
import type { Translations } from './en-US.ts';
import { DEFAULT_LOCALE, SHIPPED_LOCALES } from './locales.ts';

/**
 * The standalone build's locale loader (it replaces `locale-loader.ts` there): an IIFE cannot split
 * chunks, and 30 locales inlined would break its size budget, so it fetches the locale's JSON from
 * the gateway, `checkoutshopper/sdk/<version>/translations/<locale>.json`, as the reference fetches
 * its translations from its CDN. Any failure leaves the caller on en-US.
 */
/** The translations folder under the environment URL (which may already end in `checkoutshopper/`). */
export function translationsBaseUrl(loadingContext: string): string {
  const root = loadingContext.endsWith('/checkoutshopper/')
    ? loadingContext
    : `${loadingContext}checkoutshopper/`;
  return `${root}sdk/${SDK_VERSION}/translations/`;
}

export async function loadLocaleFile(
  locale: string,
  loadingContext?: string,
): Promise<Translations | undefined> {
  if (
    !loadingContext ||
    locale === DEFAULT_LOCALE ||
    !(SHIPPED_LOCALES as readonly string[]).includes(locale)
  )
    return undefined;
  const response = await fetch(`${translationsBaseUrl(loadingContext)}${locale}.json`, {
    credentials: 'omit',
  });
  if (!response.ok) return undefined;
  const body: unknown = await response.json();
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  // Only strings are kept: the file is data, never markup or code.
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}
