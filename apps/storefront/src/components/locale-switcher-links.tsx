'use client';

import { Link, usePathname } from '@/i18n/navigation';
import type { AppLocale } from '@/i18n/routing';

export interface LocaleOption {
  readonly locale: AppLocale;
  /** The locale's name in its own language. */
  readonly name: string;
}

/**
 * Links to the current page in each offered locale. next-intl's `Link` with `locale` keeps the path,
 * is never prefetched and updates the NEXT_LOCALE cookie on click.
 */
export function LocaleSwitcherLinks({
  current,
  options,
}: {
  readonly current: AppLocale;
  readonly options: readonly LocaleOption[];
}) {
  const pathname = usePathname();
  return (
    <ul className="flex gap-1">
      {options.map((option) => (
        <li key={option.locale}>
          <Link
            href={pathname}
            locale={option.locale}
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
