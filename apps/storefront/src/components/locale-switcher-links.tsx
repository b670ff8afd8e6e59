'use client';

import { useSearchParams } from 'next/navigation';
import { usePathnameWithoutLocale } from '@/i18n/link';
import { type AppLocale, localizedHref } from '@/i18n/locales';

export interface LocaleOption {
  readonly locale: AppLocale;
  /** The locale's name in its own language. */
  readonly name: string;
}

/**
 * Links to the current page in each offered locale: the same path and query, so a filtered catalogue
 * stays filtered. Plain anchors, on purpose: a switch loads the whole document (`<html lang>` and every
 * text change anyway), and the proxy sets the NEXT_LOCALE cookie on document requests only.
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
          <a
            href={localizedHref(option.locale, href)}
            lang={option.locale}
            hrefLang={option.locale}
            aria-current={option.locale === current ? 'true' : undefined}
            className="inline-block rounded-md px-2 py-1 text-sm text-ink-muted hover:bg-surface-muted hover:text-ink aria-[current=true]:font-semibold aria-[current=true]:text-ink aria-[current=true]:underline aria-[current=true]:underline-offset-4"
          >
            {option.name}
          </a>
        </li>
      ))}
    </ul>
  );
}
