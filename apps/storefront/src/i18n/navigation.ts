import { redirect as nextRedirect } from 'next/navigation';
import { type AppLocale, localizedHref } from './locales';

/**
 * Locale-aware `redirect` for server code, with next-intl's signature: paths are written without the
 * locale prefix. Not next-intl's `createNavigation`: a server module importing it puts next-intl's
 * client `BaseLink` in the route's JavaScript even when no link is rendered.
 * Links are plain `next/link` with the locale prefix: ./link.tsx.
 */
export function redirect({ href, locale }: { href: string; locale: AppLocale }): never {
  return nextRedirect(localizedHref(locale, href));
}
