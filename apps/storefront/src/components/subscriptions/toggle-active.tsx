'use client';

import type { ToggleState } from '@/app/[locale]/subscriptions/actions';
import { useKeptForm } from '@/components/forms/use-kept-form';

/** Pause or resume a subscription. */
export function ToggleActiveButton({
  action,
  label,
}: {
  readonly action: (previous: ToggleState) => Promise<ToggleState>;
  readonly label: string;
}) {
  const { state, pending, formProps } = useKeptForm(action, {});
  return (
    <form {...formProps}>
      <button type="submit" className="button-secondary py-2" disabled={pending} data-testid="toggle-active">
        {label}
      </button>
      {state.message ? (
        <p
          role={state.ok ? 'status' : 'alert'}
          className={`mt-3 rounded-md border-l-4 px-4 py-3 text-sm ${state.ok ? 'border-brand bg-brand-soft' : 'border-danger bg-danger-soft text-danger'}`}
        >
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
