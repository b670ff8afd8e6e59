'use client';

import { useState } from 'react';
import type { ActionState } from '@/app/[locale]/orders/[id]/actions';
import { useKeptForm } from '@/components/forms/use-kept-form';
import { Link } from '@/i18n/link';

type BoundAction = (previous: ActionState) => Promise<ActionState>;

function Result({ state, testId }: { readonly state: ActionState; readonly testId: string }) {
  if (!state.message) return null;
  return (
    <div
      role={state.ok ? 'status' : 'alert'}
      data-testid={testId}
      className={`mt-3 rounded-md border-l-4 px-4 py-3 text-sm ${state.ok ? 'border-brand bg-brand-soft text-ink' : 'border-danger bg-danger-soft text-danger'}`}
    >
      <p>{state.message}</p>
      {state.details && state.details.length > 0 ? (
        <ul className="mt-2 list-disc pl-5">
          {state.details.map((detail) => (
            <li key={detail}>{detail}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** "Send the order again" to the ERP (middleware re-submit). */
export function ResubmitButton({
  action,
  labels,
}: {
  readonly action: BoundAction;
  readonly labels: { submit: string; pending: string };
}) {
  const { state, pending, formProps } = useKeptForm(action, {});
  return (
    <form {...formProps}>
      <button type="submit" className="button-primary py-2" disabled={pending || state.ok === true}>
        {pending ? labels.pending : labels.submit}
      </button>
      <Result state={state} testId="resubmit-error" />
    </form>
  );
}

/** Cancel with a confirmation step (a second, explicit button). */
export function CancelOrderButton({
  action,
  labels,
}: {
  readonly action: BoundAction;
  readonly labels: { cancel: string; confirm: string; yes: string; no: string };
}) {
  const { state, pending, formProps } = useKeptForm(action, {});
  const [confirming, setConfirming] = useState(false);
  if (state.ok) return <Result state={state} testId="cancel-error" />;
  return (
    <div>
      {confirming ? (
        <form {...formProps} className="rounded-md border border-danger p-3">
          <p id="cancel-confirm" className="text-sm font-medium">
            {labels.confirm}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="submit"
              aria-describedby="cancel-confirm"
              className="inline-flex items-center rounded-md bg-danger px-4 py-2 font-semibold text-on-brand disabled:opacity-70"
              disabled={pending}
            >
              {labels.yes}
            </button>
            <button type="button" className="button-secondary" onClick={() => setConfirming(false)}>
              {labels.no}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button-secondary py-2" onClick={() => setConfirming(true)}>
          {labels.cancel}
        </button>
      )}
      <Result state={state} testId="cancel-error" />
    </div>
  );
}

/** "Order again": re-validates every line and puts what is still available into the cart. */
export function ReorderButton({
  action,
  labels,
}: {
  readonly action: BoundAction;
  readonly labels: { submit: string; pending: string; goToCart: string };
}) {
  const { state, pending, formProps } = useKeptForm(action, {});
  return (
    <form {...formProps}>
      <button type="submit" className="button-secondary py-2" disabled={pending}>
        {pending ? labels.pending : labels.submit}
      </button>
      <Result state={state} testId="reorder-result" />
      {state.ok ? (
        <p className="mt-2">
          <Link href="/cart" className="text-brand underline underline-offset-4">
            {labels.goToCart}
          </Link>
        </p>
      ) : null}
    </form>
  );
}
