'use client';

import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useKeptForm } from '@/components/forms/use-kept-form';
import type { ShopActionState } from './actions';

/**
 * A form posting to a shop server action, with its answer announced in a live region (polite for
 * success, an alert for a refusal). Works without JavaScript (the action posts the form). The page,
 * not the browser, checks the values (`noValidate`: the server answers in the buyer's language);
 * the field a refusal is about is marked invalid, described by the answer and focused.
 */
export function ActionForm({
  action,
  children,
  className,
  label,
  messageId,
  id,
}: {
  action: (previous: ShopActionState, formData: FormData) => Promise<ShopActionState>;
  children: ReactNode;
  className?: string;
  label?: string;
  /** Id of the answer's element, for a field to point its aria-describedby at. */
  messageId?: string;
  id?: string;
}) {
  const { state, pending, formProps } = useKeptForm(action, {});
  const ownId = useId();
  const answerId = messageId ?? ownId;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const field = state.ok === false && state.field ? form.elements.namedItem(state.field) : null;
    if (!(field instanceof HTMLElement)) return;
    const before = field.getAttribute('aria-describedby');
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', [before, answerId].filter(Boolean).join(' '));
    field.focus();
    return () => {
      field.removeAttribute('aria-invalid');
      if (before === null) field.removeAttribute('aria-describedby');
      else field.setAttribute('aria-describedby', before);
    };
  }, [state, answerId]);
  return (
    <form
      id={id}
      ref={formRef}
      {...formProps}
      className={className}
      aria-label={label}
      aria-busy={pending || undefined}
      noValidate
    >
      {children}
      <p
        id={answerId}
        role={state.ok === false ? 'alert' : 'status'}
        key={state.at}
        className={
          state.message
            ? state.ok
              ? 'mt-2 text-sm font-medium text-brand'
              : 'mt-2 rounded-md border border-danger bg-danger-soft px-3 py-2 text-sm font-medium text-danger'
            : 'sr-only'
        }
      >
        {state.message ?? ''}
      </p>
    </form>
  );
}
