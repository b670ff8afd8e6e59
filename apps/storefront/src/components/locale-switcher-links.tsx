'use client';

import { useSearchParams } from 'next/navigation';
import { Link, usePathnameWithoutLocale } from '@/i18n/link';
import type { AppLocale } from '@/i18n/routing';

export interface LocaleOption {
  readonly locale: AppLocale;
  /** The locale's name in its own language. */
  readonly name: string;
}

/**
 * Links to the current page in each offered locale: the same path and query, so a filtered catalogue
 * stays filtered. The proxy sets the NEXT_LOCALE cookie when the page in the new locale is requested.
 */
export function LocaleSwitcherLinks({
  current,
  options,
}: {
  readonly current: AppLocale;
  readonly options: readonly LocaleOption[];
}) {
  const pathname = usePathnameWithoutLocale();
  const query = useSearchParams().toString();
  const href = query ? `${pathname}?${query}` : pathname;
  return (
    <ul className="flex gap-1">
      {options.map((option) => (
        <li key={option.locale}>
          <Link
            href={href}
            locale={option.locale}
            prefetch={false}
            lang={option.locale}
            hrefLang={option.locale}
            aria-current={option.locale === current ? 'true' : undefined}
            className="inline-block rounded-md px-2 py-1 text-sm text-ink-muted hover:bg-surface-muted hover:text-ink aria-[current=true]:font-semibold aria-[current=true]:text-ink aria-[current=true]:underline aria-[current=true]:underline-offset-4"
          >
            {option.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
