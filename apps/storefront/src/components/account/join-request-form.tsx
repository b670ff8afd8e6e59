'use client';

import { useId } from 'react';
import type { JoinDecisionState } from '@/app/[locale]/account/join-requests/actions';
import { useKeptForm } from '@/components/forms/use-kept-form';

/** Approve or decline one join request; declining needs the reason the registrant is shown. */
export function JoinRequestForm({
  action,
  labels,
}: {
  readonly action: (previous: JoinDecisionState, form: FormData) => Promise<JoinDecisionState>;
  readonly labels: {
    reason: string;
    approve: string;
    approveLabel: string;
    decline: string;
    declineLabel: string;
  };
}) {
  const { state, pending, formProps } = useKeptForm(action, {});
  const id = useId();
  if (state.ok) {
    return (
      <p
        role="status"
        data-testid="join-request-result"
        className="rounded-md border-l-4 border-brand bg-brand-soft px-4 py-3 text-sm"
      >
        {state.message}
      </p>
    );
  }
  return (
    <form {...formProps} className="space-y-3">
      <div>
        <label htmlFor={`${id}-reason`} className="block text-sm font-medium">
          {labels.reason}
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          rows={2}
          maxLength={500}
          aria-invalid={state.message ? true : undefined}
          aria-describedby={state.message ? `${id}-problem` : undefined}
          className="field-input"
        />
      </div>
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="decision"
          value="approve"
          aria-label={labels.approveLabel}
          className="button-primary py-2"
          disabled={pending}
        >
          {labels.approve}
        </button>
        <button
          type="submit"
          name="decision"
          value="decline"
          aria-label={labels.declineLabel}
          className="inline-flex items-center justify-center rounded-md border border-danger px-5 py-2 font-semibold text-danger hover:bg-danger-soft disabled:opacity-70"
          disabled={pending}
        >
          {labels.decline}
        </button>
      </div>
      {state.message ? (
        <p
          id={`${id}-problem`}
          role="alert"
          className="rounded-md border-l-4 border-danger bg-danger-soft px-4 py-3 text-sm text-danger"
        >
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
