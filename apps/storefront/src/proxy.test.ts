import { register } from 'node:module';
import { NextRequest } from 'next/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// next-intl's ESM build imports `next/server` without an extension, which Node's own resolver (used for
// packages Vitest does not bundle) refuses because `next` has no `exports` map. Resolve it as Next.js's
// bundlers do.
const resolveHook = [
  'export async function resolve(specifier, context, next) {',
  "  const bare = ['next/server', 'next/navigation', 'next/headers'].includes(specifier);",
  "  return next(bare ? specifier + '.js' : specifier, context);",
  '}',
].join('\n');
register(`data:text/javascript,${encodeURIComponent(resolveHook)}`, import.meta.url);

// The proxy reads the configuration through getConfig(); each test sets the environment first.
async function loadProxy(env: Record<string, string> = {}) {
  vi.resetModules();
  for (const [key, value] of Object.entries(env)) vi.stubEnv(key, value);
  const proxy = (await import('./proxy')).default;
  // Without a refresh token to spend the proxy answers synchronously.
  return (request: NextRequest) => proxy(request) as Response;
}

function request(path: string, headers: Record<string, string> = {}) {
  return new NextRequest(new URL(path, 'http://localhost:3000'), { headers });
}

function localeCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((cookie) => cookie.startsWith('NEXT_LOCALE='));
}

/** The request headers next-intl forwards to the app, as Next.js encodes them on the response. */
function forwardedHeader(response: Response, name: string): string | null {
  return response.headers.get(`x-middleware-request-${name}`);
}

describe('proxy', () => {
  beforeEach(() => vi.unstubAllEnvs());
  afterEach(() => vi.unstubAllEnvs());

  it('redirects / to the default locale', async () => {
    const proxy = await loadProxy();
    const response = proxy(request('/'));
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get('location') ?? '', 'http://x').pathname).toBe('/en');
  });

  it('sets NEXT_LOCALE for the locale of the path even when Accept-Language agrees', async () => {
    const proxy = await loadProxy();
    const response = proxy(request('/da', { 'accept-language': 'da' }));
    const cookie = localeCookie(response);
    expect(cookie).toContain('NEXT_LOCALE=da');
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie?.toLowerCase()).toContain('samesite=lax');
    expect(cookie).toContain('Path=/');
  });

  it('overwrites a cookie for another locale and refreshes one for the same locale', async () => {
    const proxy = await loadProxy();
    expect(localeCookie(proxy(request('/de/sign-in', { cookie: 'NEXT_LOCALE=en' })))).toContain(
      'NEXT_LOCALE=de',
    );
    expect(localeCookie(proxy(request('/en', { cookie: 'NEXT_LOCALE=en' })))).toContain('NEXT_LOCALE=en');
  });

  it('leaves the cookie alone on the client router’s background fetches', async () => {
    const proxy = await loadProxy();
    expect(localeCookie(proxy(request('/de', { 'sec-fetch-dest': 'empty' })))).toBeUndefined();
    expect(localeCookie(proxy(request('/de', { 'sec-fetch-dest': 'document' })))).toContain('NEXT_LOCALE=de');
  });

  it('forwards the locale header and replaces a value sent by the client', async () => {
    const proxy = await loadProxy();
    const response = proxy(request('/de', { 'x-actuate-locale': 'xx' }));
    expect(forwardedHeader(response, 'x-actuate-locale')).toBe('de');
    expect(response.headers.get('content-language')).toBe('de');
  });

  it('forwards the page path with its query (without _rsc) and replaces a value sent by the client', async () => {
    const proxy = await loadProxy();
    const response = proxy(
      request('/da/catalog/HD25?voltage=24+V&_rsc=abc', { 'x-actuate-path': '//evil.example' }),
    );
    expect(forwardedHeader(response, 'x-actuate-path')).toBe('/da/catalog/HD25?voltage=24+V');
    expect(forwardedHeader(proxy(request('/en/cart?_rsc=1')), 'x-actuate-path')).toBe('/en/cart');
  });

  it('sets the page security headers with the configured payment gateway', async () => {
    const proxy = await loadProxy({ PAYMENT_GATEWAY_URL: 'https://pay.example.com:8443/base/' });
    const csp = proxy(request('/en')).headers.get('content-security-policy') ?? '';
    expect(csp).toContain('frame-src https://pay.example.com:8443;');
    expect(csp).toMatch(/script-src 'self' 'unsafe-inline' https:\/\/pay\.example\.com:8443[;\s]/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  describe('requests Next.js would fail on', () => {
    it.each([
      ['/en/orders/%ZZ', 'en'],
      ['/da/orders/%E0%A4%A', 'da'],
      ['/%ZZ', 'en'],
      ['/de/subscriptions/%C3%28?x=1', 'de'],
    ])('shows the 404 page for the malformed path %s', async (path, locale) => {
      const proxy = await loadProxy();
      const response = proxy(request(path));
      const rewrite = new URL(response.headers.get('x-middleware-rewrite') ?? '', 'http://x');
      expect(rewrite.pathname + rewrite.search).toBe(`/${locale}/not-a-page`);
      expect(forwardedHeader(response, 'x-actuate-locale')).toBe(locale);
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    });

    it('leaves well-formed encoded paths alone', async () => {
      const proxy = await loadProxy();
      for (const path of ['/en/orders/A%20B', '/en/items/%C3%A6%C3%B8']) {
        const response = proxy(request(path));
        expect(response.headers.get('x-middleware-rewrite')).toBeNull();
        expect(response.headers.get('x-middleware-next')).toBe('1');
      }
    });

    const action = (origin: string | undefined, extra: Record<string, string> = {}) =>
      new NextRequest(new URL('/en/account', 'http://localhost:3000'), {
        method: 'POST',
        headers: {
          'next-action': '7f3a9c',
          host: 'localhost:3000',
          'content-type': 'text/plain;charset=UTF-8',
          ...(origin === undefined ? {} : { origin }),
          ...extra,
        },
        body: '[]',
      });

    it.each(['https://evil.example', 'http://localhost:3001', 'null', 'not a url'])(
      'refuses a server action posted from the origin %s with 403',
      async (origin) => {
        const proxy = await loadProxy();
        const response = proxy(action(origin));
        expect(response.status).toBe(403);
        expect(response.headers.get('x-middleware-next')).toBeNull();
      },
    );

    it('passes same-origin server actions, plain POSTs and actions without an Origin on', async () => {
      const proxy = await loadProxy();
      expect(proxy(action('http://localhost:3000')).headers.get('x-middleware-next')).toBe('1');
      expect(
        proxy(action('https://shop.example', { 'x-forwarded-host': 'shop.example' })).headers.get(
          'x-middleware-next',
        ),
      ).toBe('1');
      expect(proxy(action(undefined)).headers.get('x-middleware-next')).toBe('1');
      const plain = new NextRequest(new URL('/en/account', 'http://localhost:3000'), {
        method: 'POST',
        headers: { origin: 'https://evil.example' },
      });
      expect(proxy(plain).headers.get('x-middleware-next')).toBe('1');
    });
  });

  describe('with LOCALIZATION_ENABLED=false', () => {
    it('sends other locales to the default one, keeping the rest of the path', async () => {
      const proxy = await loadProxy({ LOCALIZATION_ENABLED: 'false' });
      const response = proxy(request('/da/sign-in?next=1', { 'accept-language': 'da' }));
      expect(response.status).toBe(307);
      const location = new URL(response.headers.get('location') ?? '', 'http://x');
      expect(location.pathname + location.search).toBe('/en/sign-in?next=1');
      expect(localeCookie(response)).toContain('NEXT_LOCALE=en');
    });

    it('ignores the buyer’s language preferences', async () => {
      const proxy = await loadProxy({ LOCALIZATION_ENABLED: 'false' });
      const response = proxy(request('/', { 'accept-language': 'de', cookie: 'NEXT_LOCALE=da' }));
      expect(new URL(response.headers.get('location') ?? '', 'http://x').pathname).toBe('/en');
    });
  });

  it('renews an expired access token from the refresh cookie and forwards it to the page', async () => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ access_token: 'fresh', expires_in: 600, refresh_token: 'r2' }), {
          status: 200,
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    vi.resetModules();
    const proxy = (await import('./proxy')).default;
    const response = await proxy(request('/en/cart', { cookie: 'actuate_refresh=r1' }));
    vi.unstubAllGlobals();
    const setCookies = response.headers.getSetCookie();
    expect(setCookies.find((c) => c.startsWith('actuate_session=fresh'))).toContain('HttpOnly');
    expect(setCookies.find((c) => c.startsWith('actuate_refresh=r2'))).toContain('HttpOnly');
    expect(forwardedHeader(response, 'cookie')).toContain('actuate_session=fresh');
  });
});
