import type { ReactNode } from 'react';

/**
 * A table's box that scrolls sideways on a narrow screen. It takes keyboard focus, so a keyboard can
 * scroll it too (axe scrollable-region-focusable), and is a named region for screen readers.
 */
export function ScrollRegion({
  label,
  labelledBy,
  className = '',
  children,
}: {
  readonly label?: string;
  readonly labelledBy?: string;
  readonly className?: string;
  readonly children: ReactNode;
}) {
  return (
    <section
      className={`overflow-x-auto ${className}`.trim()}
      aria-label={label}
      aria-labelledby={labelledBy}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so a keyboard can scroll it
      tabIndex={0}
    >
      {children}
    </section>
  );
}
