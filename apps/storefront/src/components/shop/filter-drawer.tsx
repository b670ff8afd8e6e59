'use client';

import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * The catalogue's filters: beside the results on wide screens, behind a "Filters" button on narrow
 * ones (a full-screen panel), so a phone shows the results first instead of 18 facets. The panel
 * stays open while filters are changed (each change navigates) until the buyer closes it.
 */
export function FilterDrawer({
  openLabel,
  closeLabel,
  title,
  activeCount,
  children,
}: {
  openLabel: string;
  closeLabel: string;
  title: string;
  activeCount: number;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);
  const openRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    closeRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const close = () => {
    setOpen(false);
    openRef.current?.focus();
  };
  return (
    <div>
      <button
        ref={openRef}
        type="button"
        className="button-secondary lg:hidden"
        aria-expanded={open}
        aria-controls="catalog-filters"
        onClick={() => setOpen(true)}
      >
        {openLabel}
        {activeCount > 0 ? ` (${activeCount})` : ''}
      </button>
      <div
        id="catalog-filters"
        className={`${open ? 'fixed inset-0 z-30 overflow-y-auto bg-surface p-4' : 'hidden'} lg:static lg:z-auto lg:block lg:overflow-visible lg:bg-transparent lg:p-0`}
      >
        {open ? (
          <div className="mb-3 flex items-center justify-between gap-3 lg:hidden">
            <p className="text-lg font-semibold">{title}</p>
            <button ref={closeRef} type="button" className="button-primary py-2" onClick={close}>
              {closeLabel}
            </button>
          </div>
        ) : null}
        {children}
      </div>
    </div>
  );
}
