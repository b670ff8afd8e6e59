'use client';

import { useId } from 'react';
import type { SignInState } from '@/auth/actions';
import { useKeptForm } from '@/components/forms/use-kept-form';

export interface SignInFormProps {
  readonly action: (previous: SignInState, formData: FormData) => Promise<SignInState>;
  readonly labels: { username: string; password: string; submit: string; submitting: string };
  /** The page to go back to after signing in (already checked by the page; checked again on submit). */
  readonly returnTo?: string;
}

/** Username and password; works without JavaScript too (the server action posts the form). */
export function SignInForm({ action, labels, returnTo }: SignInFormProps) {
  const { state, pending, formProps } = useKeptForm(action, {});
  const errorId = useId();
  const describedBy = state.error ? errorId : undefined;

  return (
    <form {...formProps} className="mt-8 space-y-5" noValidate>
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      {state.error ? (
        <p
          id={errorId}
          role="alert"
          className="rounded-md border border-danger bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
        >
          {state.error}
        </p>
      ) : null}
      <div>
        <label htmlFor="sign-in-username" className="block font-medium">
          {labels.username}
        </label>
        <input
          id="sign-in-username"
          name="username"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={256}
          defaultValue={state.username}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={describedBy}
          className="field-input"
        />
      </div>
      <div>
        <label htmlFor="sign-in-password" className="block font-medium">
          {labels.password}
        </label>
        <input
          id="sign-in-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={256}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={describedBy}
          className="field-input"
        />
      </div>
      <button type="submit" className="button-primary w-full" disabled={pending} aria-disabled={pending}>
        {pending ? labels.submitting : labels.submit}
      </button>
    </form>
  );
}
