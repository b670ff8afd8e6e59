'use client';

import { usePathname } from 'next/navigation';
import { type ReactNode, useEffect, useId, useState } from 'react';

/**
 * The header's navigation and account controls. From the `md` breakpoint up the panel dissolves
 * (`display: contents`) and its children take their places in the header's own rows; on a narrower
 * screen (a phone) they fold behind a menu button, so the header stays one row and nothing is wider
 * than the screen. Opening a page closes the menu again.
 */
export function HeaderMenu({
  label,
  children,
}: {
  /** The menu button's text. */
  readonly label: string;
  readonly children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const pathname = usePathname();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (pathname) closes the menu.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
        className="button-secondary gap-2 md:hidden"
        data-testid="menu-button"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="currentColor">
          <path d="M2 4h16v2H2zm0 5h16v2H2zm0 5h16v2H2z" />
        </svg>
        {label}
      </button>
      <div
        id={panelId}
        data-testid="site-menu"
        className={`${open ? 'flex' : 'hidden'} w-full min-w-0 flex-col gap-3 border-t border-line pt-3 md:contents`}
      >
        {children}
      </div>
    </>
  );
}
