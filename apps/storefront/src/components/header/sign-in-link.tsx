'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { signInHref } from '@/auth/return-to';
import { Link } from '@/i18n/link';
import { stripLocale } from '@/i18n/locales';

/**
 * The header's sign-in link, carrying the page the visitor is on (`?returnTo=`), so signing in brings
 * them back to it. From a home page it carries nothing: sign-in then opens the buyer's own language.
 */
export function SignInLink({ label }: { readonly label: string }) {
  const pathname = usePathname() ?? '/';
  const query = useSearchParams().toString();
  const onHome = stripLocale(pathname) === '/';
  const href = onHome ? '/sign-in' : signInHref(query ? `${pathname}?${query}` : pathname);
  return (
    <Link href={href} className="button-secondary" data-testid="sign-in-link">
      {label}
    </Link>
  );
}
