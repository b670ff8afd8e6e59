import { type KeyboardEvent, useRef } from 'react';

export interface Segment<V extends string> {
  value: V;
  label: string;
}

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * Buttons side by side of which one is chosen: a radio group for assistive technology. Only the
 * chosen segment is in the tab order; the arrow keys (wrapping), Home and End move and choose.
 */
export function SegmentedControl<V extends string>({
  label,
  segments,
  value,
  controls,
  onChange,
}: {
  label: string;
  segments: Segment<V>[];
  value: V;
  /** The id of the panel the chosen segment shows. */
  controls?: string;
  onChange(value: V): void;
}) {
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const choose = (index: number) => {
    const segment = segments[index];
    if (!segment) return;
    onChange(segment.value);
    buttons.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = segments.length - 1;
    // Right to left (Arabic), the next segment is the one on the left.
    const mirrored =
      (event.key === 'ArrowLeft' || event.key === 'ArrowRight') &&
      (event.currentTarget as HTMLElement).closest('[dir]')?.getAttribute('dir') === 'rtl';
    const step = (STEP[event.key] ?? 0) * (mirrored ? -1 : 1) || undefined;
    let next: number | undefined;
    if (step !== undefined) next = (index + step + segments.length) % segments.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    if (next === undefined) return;
    event.preventDefault();
    choose(next);
  };
  // With nothing chosen yet (a donation's amounts), the first segment takes the tab stop.
  const anyChecked = segments.some((segment) => segment.value === value);
  return (
    <div className="actuate-checkout__segmented" role="radiogroup" aria-label={label}>
      {segments.map((segment, index) => {
        const checked = segment.value === value;
        const tabStop = checked || (!anyChecked && index === 0);
        return (
          // biome-ignore lint/a11y/useSemanticElements: the ARIA radio-group pattern with roving focus, so the segments stay buttons in the row's look on every browser.
          <button
            key={segment.value}
            ref={(node) => {
              buttons.current[index] = node;
            }}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-controls={checked ? controls : undefined}
            tabIndex={tabStop ? 0 : -1}
            className={`actuate-checkout__segment${checked ? ' actuate-checkout__segment--selected' : ''}`}
            onClick={() => choose(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {segment.label}
          </button>
        );
      })}
    </div>
  );
}
