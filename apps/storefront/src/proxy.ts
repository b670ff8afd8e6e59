import { type NextRequest, NextResponse } from 'next/server';
import createMiddleware from 'next-intl/middleware';
import { getConfig } from './config';
import {
  type AppLocale,
  LOCALE_COOKIE_MAX_AGE,
  LOCALE_COOKIE_NAME,
  LOCALE_HEADER,
  localeOfPath,
  routing,
} from './i18n/routing';
import { pageSecurityHeaders } from './security/headers';

/*
 * Runs before every page request (see `config.matcher`): next-intl negotiates the locale and redirects
 * unprefixed paths; this proxy then
 *  - forwards the locale of the path to the app as the `x-actuate-locale` request header and answers
 *    with `Content-Language`;
 *  - always sets the NEXT_LOCALE cookie to the locale of the path (next-intl alone sets it only when it
 *    differs from Accept-Language), except on the browser's background fetches (see below);
 *  - sets the pages' Content-Security-Policy and Permissions-Policy (they name PAYMENT_GATEWAY_URL,
 *    read at run time);
 *  - with LOCALIZATION_ENABLED=false, sends every other locale to the default one and ignores the
 *    buyer's language preferences.
 */

const negotiating = createMiddleware(routing);
const defaultOnly = createMiddleware({ ...routing, localeDetection: false });

const development = process.env.NODE_ENV === 'development';
let pageHeaders: { origin: string; headers: readonly { key: string; value: string }[] } | undefined;

/** Content-Security-Policy and Permissions-Policy of the pages, built once per gateway origin. */
function setPageSecurityHeaders(response: NextResponse, paymentGatewayOrigin: string): void {
  if (pageHeaders?.origin !== paymentGatewayOrigin) {
    pageHeaders = {
      origin: paymentGatewayOrigin,
      headers: pageSecurityHeaders({ paymentGatewayOrigin, development }),
    };
  }
  for (const { key, value } of pageHeaders.headers) response.headers.set(key, value);
}

export function setLocaleCookie(response: NextResponse, locale: AppLocale): void {
  response.cookies.set(LOCALE_COOKIE_NAME, locale, {
    maxAge: LOCALE_COOKIE_MAX_AGE,
    sameSite: 'lax',
    path: '/',
  });
}

/**
 * Whether the request is a page the buyer navigates to. The client router's background fetches
 * (revalidation of previously visited routes, possibly in another locale) carry `Sec-Fetch-Dest: empty`;
 * letting them set the cookie would undo a locale switch the buyer just made. Requests without the
 * header (non-browser clients) count as navigations.
 */
function isNavigation(request: NextRequest): boolean {
  const dest = request.headers.get('sec-fetch-dest');
  return dest === null || dest === 'document';
}

export default function proxy(request: NextRequest): NextResponse {
  const { localizationEnabled, paymentGatewayOrigin } = getConfig();
  const pathLocale = localeOfPath(request.nextUrl.pathname);

  if (!localizationEnabled && pathLocale && pathLocale !== routing.defaultLocale) {
    const url = request.nextUrl.clone();
    url.pathname = `/${routing.defaultLocale}${url.pathname.slice(pathLocale.length + 1)}`;
    const response = NextResponse.redirect(url);
    setPageSecurityHeaders(response, paymentGatewayOrigin);
    setLocaleCookie(response, routing.defaultLocale);
    return response;
  }

  // next-intl copies the request headers it forwards, so a header set here reaches the app.
  if (pathLocale) request.headers.set(LOCALE_HEADER, pathLocale);
  else request.headers.delete(LOCALE_HEADER);

  const response = (localizationEnabled ? negotiating : defaultOnly)(request);

  setPageSecurityHeaders(response, paymentGatewayOrigin);
  if (pathLocale) {
    response.headers.set('Content-Language', pathLocale);
    if (isNavigation(request)) setLocaleCookie(response, pathLocale);
  }
  return response;
}

export const config = {
  // Everything except route handlers (/health, /ready, /docs), catalogue images, Next.js internals and
  // files with an extension.
  matcher: ['/((?!(?:health|ready|docs|catalog-images)(?:/|$)|_next/|_vercel/|.*\\..*).*)'],
};
