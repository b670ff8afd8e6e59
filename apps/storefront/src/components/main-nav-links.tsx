'use client';

import { Link, usePathnameWithoutLocale } from '@/i18n/link';
import { isActive } from '@/navigation/main-nav';

export interface NavLinkItem {
  readonly href: string;
  readonly label: string;
  /** A count shown next to the label (e.g. orders waiting for approval), with its words for screen readers. */
  readonly badge?: { readonly text: string; readonly label: string };
}

/** The main navigation's links, marking the current page for assistive technology. */
export function MainNavLinks({ items }: { readonly items: readonly NavLinkItem[] }) {
  const pathname = usePathnameWithoutLocale();
  return (
    <ul className="flex flex-col gap-1 md:-ml-3 md:flex-row md:flex-wrap">
      {items.map((item) => {
        const current = isActive(item, pathname);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={current ? 'page' : undefined}
              className="flex items-center gap-2 rounded-md px-3 py-2 font-medium text-ink hover:bg-surface-muted aria-[current=page]:bg-brand-soft aria-[current=page]:text-brand md:inline-flex"
            >
              {item.label}
              {item.badge ? (
                <>
                  <span
                    aria-hidden="true"
                    data-testid="nav-badge"
                    className="inline-flex min-w-6 items-center justify-center rounded-full bg-brand px-1.5 text-xs font-bold text-on-brand"
                  >
                    {item.badge.text}
                  </span>
                  <span className="sr-only">({item.badge.label})</span>
                </>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
