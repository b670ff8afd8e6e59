import { isAppLocale } from '../i18n/locales';

/*
 * Where sign-in sends the buyer afterwards: the page they opened while signed out. The path travels
 * as `?returnTo=` on the sign-in page and in its form, so it is untrusted input and must never lead
 * off the site (open redirect). Only same-site paths under one of our locales pass:
 *
 *   /en/cart, /da/catalog/HD25?voltage=24+V, /de          → accepted (normalized)
 *   //evil.example, /\evil.example, https://evil.example,
 *   /en//evil, /xx/cart, cart, /en/sign-in                 → refused (the caller falls back to home)
 */

/** Query parameter of the sign-in page and field of its form. */
export const RETURN_TO_PARAM = 'returnTo';
/** Request header the proxy forwards with the path (and query) of the page being opened. */
export const PATH_HEADER = 'x-actuate-path';

const MAX_LENGTH = 2000;
const PROBE_ORIGIN = 'http://return-to.invalid';

/** A backslash, a control character or any white space. */
function hasUnsafeCharacter(value: string): boolean {
  if (value.includes('\\') || /\s/.test(value)) return true;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** The path if it is a safe place to return to after sign-in, else undefined. */
export function safeReturnTo(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return undefined;
  // The path: one leading slash, no scheme, no protocol-relative `//`, no encoded slash or backslash.
  // Nowhere a backslash (browsers read it as `/`), control character or space (the URL parser drops
  // tabs and newlines, which would hide a `//`).
  const path = value.split(/[?#]/, 1)[0] as string;
  if (path[0] !== '/' || path.includes('//')) return undefined;
  if (hasUnsafeCharacter(value) || /%(?:2f|5c|0[0-9a-f]|1[0-9a-f]|7f)/i.test(path)) return undefined;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PROBE_ORIGIN) return undefined;
  // After normalization (`/en/../x` → `/x`) the first segment must still be one of our locales.
  const [, locale, page] = url.pathname.split('/');
  if (!isAppLocale(locale)) return undefined;
  // Back to the sign-in page would only show the form again.
  if (page === 'sign-in') return undefined;
  for (const param of [RETURN_TO_PARAM, '_rsc']) {
    if (url.searchParams.has(param)) url.searchParams.delete(param);
  }
  return `${url.pathname}${url.search}`;
}

/** The sign-in page's path for a locale, carrying the page to return to when it is safe. */
export function signInHref(returnTo: string | null | undefined): string {
  const safe = safeReturnTo(returnTo);
  return safe ? `/sign-in?${RETURN_TO_PARAM}=${encodeURIComponent(safe)}` : '/sign-in';
}
