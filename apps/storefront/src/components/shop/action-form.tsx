'use client';

import type { ReactNode } from 'react';
import { useKeptForm } from '@/components/forms/use-kept-form';
import type { ShopActionState } from './actions';

/**
 * A form posting to a shop server action, with its answer announced in a live region (polite for
 * success, an alert for a refusal). Works without JavaScript (the action posts the form).
 */
export function ActionForm({
  action,
  children,
  className,
  label,
  messageId,
}: {
  action: (previous: ShopActionState, formData: FormData) => Promise<ShopActionState>;
  children: ReactNode;
  className?: string;
  label?: string;
  /** Id of the answer's element, for a field to point its aria-describedby at. */
  messageId?: string;
}) {
  const { state, pending, formProps } = useKeptForm(action, {});
  return (
    <form {...formProps} className={className} aria-label={label} aria-busy={pending || undefined}>
      {children}
      <p
        id={messageId}
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
