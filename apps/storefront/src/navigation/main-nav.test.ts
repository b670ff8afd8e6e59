import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isActive, mainNavigation } from './main-nav';

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
