'use client';

import { Link, usePathnameWithoutLocale } from '@/i18n/link';
import { isActive } from '@/navigation/main-nav';

export interface NavLinkItem {
  readonly href: string;
  readonly label: string;
}

/** The main navigation's links, marking the current page for assistive technology. */
export function MainNavLinks({ items }: { readonly items: readonly NavLinkItem[] }) {
  const pathname = usePathnameWithoutLocale();
  return (
    <ul className="flex flex-wrap gap-1">
      {items.map((item) => {
        const current = isActive(item, pathname);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={current ? 'page' : undefined}
              className="inline-block rounded-md px-3 py-2 font-medium text-ink hover:bg-surface-muted aria-[current=page]:bg-brand-soft aria-[current=page]:text-brand"
            >
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
