import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeReturnTo, signInHref } from './return-to';

describe('safeReturnTo', () => {
  it.each([
    ['/en/cart', '/en/cart'],
    ['/da/catalog/HD25?voltage=24+V&stroke=100', '/da/catalog/HD25?voltage=24+V&stroke=100'],
    ['/de', '/de'],
    ['/en/orders/ORD-1?status=Open', '/en/orders/ORD-1?status=Open'],
    ['/en/orders?q=http://example.com', '/en/orders?q=http://example.com'],
    ['/en/./checkout', '/en/checkout'],
    ['/en/cart?_rsc=abc', '/en/cart'],
    ['/en/cart?returnTo=%2Fen%2Forders', '/en/cart'],
  ])('accepts %s as %s', (value, expected) => {
    expect(safeReturnTo(value)).toBe(expected);
  });

  it.each([
    ['empty', ''],
    ['not a string', 42],
    ['relative without slash', 'en/cart'],
    ['protocol-relative', '//evil.example/en/cart'],
    ['triple slash', '///evil.example'],
    ['double slash inside the path', '/en//evil.example'],
    ['backslash', '/\\evil.example'],
    ['backslash inside', '/en/\\\\evil.example'],
    ['backslash in the query', '/en/cart?x=\\'],
    ['scheme', 'https://evil.example/en/cart'],
    ['javascript scheme', 'javascript:alert(1)'],
    ['data scheme', 'data:text/html,hi'],
    ['tab hiding a double slash', '/\t/evil.example'],
    ['newline', '/en/cart\n'],
    ['space', '/en/ca rt'],
    ['encoded slash', '/%2F%2Fevil.example'],
    ['encoded backslash', '/en/%5cevil.example'],
    ['encoded control character', '/en/cart%0d%0aLocation:x'],
    ['unknown locale', '/xx/cart'],
    ['no locale', '/cart'],
    ['locale prefix only', '/english/cart'],
    ['dot segments leaving the locale', '/en/../evil'],
    ['encoded dot segments leaving the locale', '/en/%2e%2e/cart'],
    ['the sign-in page itself', '/en/sign-in'],
    ['too long', `/en/${'a'.repeat(2001)}`],
  ])('refuses %s', (_name, value) => {
    expect(safeReturnTo(value)).toBeUndefined();
  });

  it('never answers a path that leaves the site or lacks a known locale', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (value) => {
        const safe = safeReturnTo(value);
        if (safe === undefined) return;
        expect(safe).toMatch(/^\/(en|da|de)(\/|\?|$)/);
        expect(safe.startsWith('//')).toBe(false);
        expect(safe).not.toContain('\\');
        expect(new URL(safe, 'https://shop.example').origin).toBe('https://shop.example');
      }),
      { numRuns: 2000 },
    );
  });

  it('is stable: a safe path stays the same when checked again', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('en', 'da', 'de'),
        fc.array(fc.stringMatching(/^[A-Za-z0-9._~-]{1,8}$/), { maxLength: 4 }),
        (locale, segments) => {
          const safe = safeReturnTo(`/${locale}/${segments.join('/')}`);
          if (safe !== undefined) expect(safeReturnTo(safe)).toBe(safe);
        },
      ),
    );
  });
});

describe('signInHref', () => {
  it('carries a safe path', () => {
    expect(signInHref('/da/catalog/HD25?voltage=24+V')).toBe(
      '/sign-in?returnTo=%2Fda%2Fcatalog%2FHD25%3Fvoltage%3D24%2BV',
    );
  });
  it('drops an unsafe one', () => {
    expect(signInHref('//evil.example')).toBe('/sign-in');
    expect(signInHref(null)).toBe('/sign-in');
  });
});
