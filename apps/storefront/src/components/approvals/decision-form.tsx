'use client';

import { useId } from 'react';
import type { DecisionState } from '@/app/[locale]/approvals/actions';
import { useKeptForm } from '@/components/forms/use-kept-form';

/** Approve or decline one order, with an optional comment for the buyer. */
export function DecisionForm({
  action,
  labels,
}: {
  readonly action: (previous: DecisionState, form: FormData) => Promise<DecisionState>;
  readonly labels: { comment: string; hint: string; approve: string; decline: string; working: string };
}) {
  const { state, pending, formProps } = useKeptForm(action, {});
  const id = useId();
  if (state.ok) {
    return (
      <p
        role="status"
        data-testid="approval-result"
        className="rounded-md border-l-4 border-brand bg-brand-soft px-4 py-3 text-sm"
      >
        {state.message}
      </p>
    );
  }
  return (
    <form {...formProps} className="space-y-3">
      <div>
        <label htmlFor={`${id}-comment`} className="block text-sm font-medium">
          {labels.comment}
        </label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          rows={2}
          maxLength={2000}
          aria-describedby={`${id}-hint`}
          className="field-input"
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
          {labels.hint}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="decision"
          value="approve"
          className="button-primary py-2"
          disabled={pending}
        >
          {pending ? labels.working : labels.approve}
        </button>
        <button
          type="submit"
          name="decision"
          value="decline"
          className="inline-flex items-center justify-center rounded-md border border-danger px-5 py-2 font-semibold text-danger hover:bg-danger-soft disabled:opacity-70"
          disabled={pending}
        >
          {labels.decline}
        </button>
      </div>
      {state.message ? (
        <p
          role="alert"
          className="rounded-md border-l-4 border-danger bg-danger-soft px-4 py-3 text-sm text-danger"
        >
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
