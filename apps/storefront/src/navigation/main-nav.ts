/**
 * The storefront's main navigation. Every entry is declared here, but only the ones whose page exists
 * are shown (`available`); a test keeps the flag in step with the files under `src/app/[locale]/`.
 */
export interface MainNavEntry {
  /** Key in the `Nav` messages. */
  readonly key: 'home' | 'catalogue' | 'cart' | 'orders' | 'account';
  /** Path without the locale prefix. */
  readonly href: string;
  readonly available: boolean;
}

export const mainNavigation: readonly MainNavEntry[] = [
  { key: 'home', href: '/', available: true },
  { key: 'catalogue', href: '/catalog', available: true },
  { key: 'cart', href: '/cart', available: true },
  { key: 'orders', href: '/orders', available: true },
  { key: 'account', href: '/account', available: true },
];

export function availableNavigation(): readonly MainNavEntry[] {
  return mainNavigation.filter((entry) => entry.available);
}

/** Whether `pathname` (without locale prefix) is the entry's page or below it. */
export function isActive(entry: Pick<MainNavEntry, 'href'>, pathname: string): boolean {
  if (entry.href === '/') return pathname === '/' || pathname === '';
  return pathname === entry.href || pathname.startsWith(`${entry.href}/`);
}
