'use client';

import NextLink from 'next/link';
import { useParams, usePathname } from 'next/navigation';
import type { ComponentProps } from 'react';
import { type AppLocale, localeOfPath, localeOrDefault } from './routing';

/**
 * Links written without the locale prefix, as next-intl's `Link` takes them, but on plain
 * `next/link`: next-intl's client side (its provider, `BaseLink` and message formatting) cost every
 * page 14.5 KB of JavaScript (bench/storefront/REPORT.md). The NEXT_LOCALE cookie still follows every
 * navigation, because src/proxy.ts sets it on each request, RSC fetches included.
 */

/** `('da', '/catalog?q=x')` → `/da/catalog?q=x`; `('da', '/')` → `/da`. */
export function localizedHref(locale: AppLocale, href: string): string {
  if (!href.startsWith('/')) return href; // absolute URLs, fragments, mailto:
  const rest = href === '/' ? '' : href.startsWith('/?') || href.startsWith('/#') ? href.slice(1) : href;
  return `/${locale}${rest}`;
}

/** The path without its locale segment: `/da/orders/1` → `/orders/1`, `/da` → `/`. */
export function stripLocale(pathname: string): string {
  if (!localeOfPath(pathname)) return pathname;
  const rest = pathname.slice(pathname.indexOf('/', 1) === -1 ? pathname.length : pathname.indexOf('/', 1));
  return rest === '' ? '/' : rest;
}

/** The current page's path without its locale segment. */
export function usePathnameWithoutLocale(): string {
  return stripLocale(usePathname() ?? '/');
}

export type LinkProps = Omit<ComponentProps<typeof NextLink>, 'href' | 'locale'> & {
  readonly href: string;
  /** Another locale than the page's, for the locale switcher. */
  readonly locale?: AppLocale;
};

/** A link within the storefront, in the page's locale unless `locale` says otherwise. */
export function Link({ href, locale, ...props }: LinkProps) {
  const params = useParams<{ locale?: string }>();
  return <NextLink href={localizedHref(locale ?? localeOrDefault(params?.locale), href)} {...props} />;
}
