'use client';

import type { TermsState } from '@/app/[locale]/terms/actions';
import { useKeptForm } from '@/components/forms/use-kept-form';

/** Two explicit checkboxes (terms, privacy) and one submit. */
export function TermsForm({
  action,
  labels,
}: {
  readonly action: (previous: TermsState, form: FormData) => Promise<TermsState>;
  readonly labels: { acceptTerms: string; acceptPrivacy: string; submit: string; submitting: string };
}) {
  const { state, pending, formProps } = useKeptForm(action, {});
  if (state.ok) {
    return (
      <p
        role="status"
        data-testid="terms-result"
        className="rounded-md border-l-4 border-brand bg-brand-soft px-4 py-3"
      >
        {state.message}
      </p>
    );
  }
  return (
    <form {...formProps} className="space-y-4" noValidate>
      <div className="flex items-start gap-3">
        <input
          id="terms-accept"
          name="acceptTerms"
          type="checkbox"
          required
          className="mt-1 h-5 w-5 accent-brand"
        />
        <label htmlFor="terms-accept">{labels.acceptTerms}</label>
      </div>
      <div className="flex items-start gap-3">
        <input
          id="privacy-accept"
          name="acceptPrivacy"
          type="checkbox"
          required
          className="mt-1 h-5 w-5 accent-brand"
        />
        <label htmlFor="privacy-accept">{labels.acceptPrivacy}</label>
      </div>
      {state.message ? (
        <p
          role="alert"
          className="rounded-md border-l-4 border-danger bg-danger-soft px-4 py-3 text-sm text-danger"
        >
          {state.message}
        </p>
      ) : null}
      <button type="submit" className="button-primary" disabled={pending}>
        {pending ? labels.submitting : labels.submit}
      </button>
    </form>
  );
}
