import type { ReactNode } from 'react';

/**
 * A page's loading state (its `loading.tsx`): the message for screen readers and sighted users and
 * placeholder boxes. At least a screen high so the footer starts below the fold: the streamed page
 * that replaces the skeleton then does not push a visible footer away (a layout shift that cost the
 * catalogue most of its Lighthouse score, see bench/storefront/REPORT.md).
 */
export function PageSkeleton({
  message,
  children,
}: {
  readonly message: string;
  readonly children?: ReactNode;
}) {
  return (
    <div className="min-h-screen py-8" aria-busy="true">
      <p role="status" className="text-ink-muted">
        {message}
      </p>
      {children ? <div aria-hidden="true">{children}</div> : null}
    </div>
  );
}
