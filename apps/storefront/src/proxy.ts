import { type NextRequest, NextResponse } from 'next/server';
import createMiddleware from 'next-intl/middleware';
import { refreshAccessToken } from './auth/refresh';
import { PATH_HEADER } from './auth/return-to';
import { REFRESH_COOKIE, SESSION_COOKIE, sessionCookies } from './auth/session';
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
import { hasMalformedEncoding, isForeignServerAction } from './security/request-guard';

/*
 * Runs before every page request (see `config.matcher`): next-intl negotiates the locale and redirects
 * unprefixed paths; this proxy then
 *  - forwards the locale of the path to the app as the `x-actuate-locale` request header and answers
 *    with `Content-Language`;
 *  - forwards the path and query of the page as the `x-actuate-path` request header, so a page that
 *    needs a signed-in buyer can send them to sign-in and back (`src/auth/return-to.ts`);
 *  - always sets the NEXT_LOCALE cookie to the locale of the path (next-intl alone sets it only when it
 *    differs from Accept-Language), except on the browser's background fetches (see below);
 *  - sets the pages' Content-Security-Policy and Permissions-Policy (they name PAYMENT_GATEWAY_URL,
 *    read at run time);
 *  - with LOCALIZATION_ENABLED=false, sends every other locale to the default one and ignores the
 *    buyer's language preferences;
 *  - renews the buyer's access token when its cookie has expired and a refresh token is present
 *    (`src/auth/refresh.ts`): the new tokens go to the page in the request's cookies and to the
 *    browser in Set-Cookie; a rejected refresh token ends the session;
 *  - answers a server action posted from another origin with 403, and shows the 404 page for a path
 *    that is not valid percent-encoding (`src/security/request-guard.ts`), where Next.js would fail.
 */

/** Path of no route: rendering it gives app/global-not-found.tsx with status 404. */
export const UNMATCHED_PATH = 'not-a-page';

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

type CookieWrite = { name: string; value: string; options?: Parameters<NextResponse['cookies']['set']>[2] };

/** Renews an expired access token; the cookie writes the response must carry. */
async function renewSession(request: NextRequest, refreshToken: string): Promise<CookieWrite[]> {
  const result = await refreshAccessToken(refreshToken);
  if (result.ok) {
    const specs = sessionCookies(result.accessToken, result.expiresIn, result.refreshToken);
    for (const spec of specs) request.cookies.set(spec.name, spec.value);
    return specs;
  }
  if (result.reason === 'unavailable') return [];
  request.cookies.delete(REFRESH_COOKIE);
  return [{ name: REFRESH_COOKIE, value: '', options: { path: '/', maxAge: 0 } }];
}

/** The page's path and query, without the client router's cache-busting `_rsc` parameter. */
function pagePath(request: NextRequest): string {
  const { pathname, searchParams } = request.nextUrl;
  const query = new URLSearchParams(searchParams);
  query.delete('_rsc');
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** Synchronous unless the access token needs renewing. */
export default function proxy(request: NextRequest): NextResponse | Promise<NextResponse> {
  if (isForeignServerAction(request)) {
    return new NextResponse('Forbidden: cross-origin server action.', {
      status: 403,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  }
  if (hasMalformedEncoding(request.nextUrl.pathname)) return notFound(request);
  const refreshToken = request.cookies.get(REFRESH_COOKIE)?.value;
  if (refreshToken && !request.cookies.get(SESSION_COOKIE)?.value) {
    return renewSession(request, refreshToken).then((writes) => handle(request, writes));
  }
  return handle(request, []);
}

/** The storefront's 404 page in the locale of the path, without running anything on the bad path. */
function notFound(request: NextRequest): NextResponse {
  const locale = localeOfPath(request.nextUrl.pathname) ?? routing.defaultLocale;
  request.headers.set(LOCALE_HEADER, locale);
  const url = request.nextUrl.clone();
  url.pathname = `/${locale}/${UNMATCHED_PATH}`;
  url.search = '';
  const response = NextResponse.rewrite(url, { request: { headers: request.headers } });
  setPageSecurityHeaders(response, getConfig().paymentGatewayOrigin);
  return response;
}

function handle(request: NextRequest, sessionWrites: readonly CookieWrite[]): NextResponse {
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
  request.headers.set(PATH_HEADER, pagePath(request));

  const response = (localizationEnabled ? negotiating : defaultOnly)(request);

  setPageSecurityHeaders(response, paymentGatewayOrigin);
  for (const write of sessionWrites) response.cookies.set(write.name, write.value, write.options);
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
