'use client';

import { useEffect, useRef } from 'react';

/**
 * Submits the surrounding form whenever one of its checkboxes, radios or selects changes, so filters
 * and configurator choices apply at once. Without JavaScript the form's own submit button does it.
 * `data-auto-submit` on the form tells (browser tests, styles) that changes now submit by themselves.
 */
export function AutoSubmit() {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const form = ref.current?.closest('form');
    if (!form) return;
    const onChange = (event: Event) => {
      const target = event.target as HTMLInputElement | null;
      if (target && (target.type === 'checkbox' || target.type === 'radio' || target.tagName === 'SELECT')) {
        form.requestSubmit();
      }
    };
    form.addEventListener('change', onChange);
    form.dataset.autoSubmit = 'on';
    return () => {
      form.removeEventListener('change', onChange);
      delete form.dataset.autoSubmit;
    };
  }, []);
  return <span ref={ref} hidden />;
}
