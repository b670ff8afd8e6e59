import { LOCALE_COOKIE_MAX_AGE, LOCALE_COOKIE_NAME, LOCALE_HEADER, routing } from '@/i18n/routing';
import { mainNavigation } from '@/navigation/main-nav';

/** A machine-readable description of the storefront's pages and route handlers. */
export function GET() {
  return Response.json(
    {
      service: 'storefront',
      description: 'Actuate buyer web app (Next.js App Router). Pages live under /{locale}/…',
      locales: {
        supported: routing.locales,
        default: routing.defaultLocale,
        prefix: 'always',
        cookie: {
          name: LOCALE_COOKIE_NAME,
          maxAgeSeconds: LOCALE_COOKIE_MAX_AGE,
          sameSite: 'Lax',
          path: '/',
        },
        requestHeader: LOCALE_HEADER,
      },
      pages: [
        { path: '/{locale}', name: 'home', description: 'Home, composed from content/pages/home.json' },
        {
          path: '/{locale}/sign-in',
          name: 'sign-in',
          description: 'Buyer sign-in (platform password grant)',
        },
      ],
      plannedPages: mainNavigation
        .filter((entry) => !entry.available)
        .map((entry) => ({ path: `/{locale}${entry.href}`, name: entry.key })),
      routeHandlers: [
        { method: 'GET', path: '/health', description: 'Liveness: {status:"ok", service:"storefront"}' },
        {
          method: 'GET',
          path: '/ready',
          description:
            'Readiness: 200 {status:"ready"} when the platform /health answers within 2 s, else 503',
        },
        { method: 'GET', path: '/docs', description: 'This document' },
        {
          method: 'GET',
          path: '/{locale}/quick-order/template',
          description: 'The quick order’s CSV template (salesItemNumber,quantity)',
        },
        {
          method: 'GET',
          path: '/{locale}/cart/export?format=csv|pdf',
          description: 'The signed-in buyer’s cart as CSV or PDF (the middleware’s GET /orders/{id}/export)',
        },
        {
          method: 'GET',
          path: '/{locale}/orders/{id}/export?format=csv|pdf',
          description: 'One of the buyer’s orders as CSV or PDF; 404 for an order that is not theirs',
        },
      ],
      redirects: [
        { from: '/', to: '/{locale}', description: 'Locale from the NEXT_LOCALE cookie or Accept-Language' },
      ],
    },
    { headers: { 'cache-control': 'no-store' } },
  );
}
