'use client';

import NextLink from 'next/link';
import { useParams, usePathname } from 'next/navigation';
import type { ComponentProps } from 'react';
import { type AppLocale, localeOrDefault, localizedHref, stripLocale } from './locales';

/**
 * Links written without the locale prefix, as next-intl's `Link` takes them, but on plain
 * `next/link`: next-intl's client side (its provider, `BaseLink` and message formatting) cost every
 * page 14.5 KB of JavaScript (bench/storefront/REPORT.md). These links stay in the page's locale; the
 * locale switcher uses plain anchors, whose document requests let the proxy set NEXT_LOCALE.
 */

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
