import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { availableNavigation, isActive, mainNavigation } from './main-nav';

const localeSegment = fileURLToPath(new URL('../app/[locale]/', import.meta.url));

/** The page of the path, also inside a route group (`catalog/(list)/page.tsx`), which adds no path segment. */
function pageExists(href: string): boolean {
  const folder = join(localeSegment, href);
  if (existsSync(join(folder, 'page.tsx'))) return true;
  if (!existsSync(folder)) return false;
  return readdirSync(folder).some(
    (name) => /^\(.+\)$/.test(name) && existsSync(join(folder, name, 'page.tsx')),
  );
}

describe('main navigation', () => {
  it.each(mainNavigation.map((entry) => [entry.key, entry] as const))(
    '%s is shown exactly when its page exists',
    (_key, entry) => {
      expect(pageExists(entry.href)).toBe(entry.available);
    },
  );

  it('marks the current section', () => {
    expect(isActive({ href: '/' }, '/')).toBe(true);
    expect(isActive({ href: '/' }, '/orders')).toBe(false);
    expect(isActive({ href: '/orders' }, '/orders/O-1')).toBe(true);
    expect(isActive({ href: '/orders' }, '/orders-archive')).toBe(false);
  });
});

describe('navigation per visitor', () => {
  const keys = (visitor?: Parameters<typeof availableNavigation>[0]) =>
    availableNavigation(visitor).map((entry) => entry.key);

  it('offers a signed-out visitor only what they may open without signing in', () => {
    expect(keys()).toEqual(['home', 'catalogue']);
  });

  it('offers a pending registrant their account but no shop pages', () => {
    expect(keys({ signedIn: true, shopper: false, approver: false })).toEqual(['home', 'account']);
  });

  it('offers approvals only to approvers', () => {
    expect(keys({ signedIn: true, shopper: true, approver: false })).toEqual([
      'home',
      'catalogue',
      'quickOrder',
      'lists',
      'quotes',
      'cart',
      'orders',
      'account',
    ]);
    expect(keys({ signedIn: true, shopper: true, approver: true })).toContain('approvals');
  });
});
