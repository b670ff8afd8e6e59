'use client';

import { useId } from 'react';
import type { PasswordResetState } from '@/app/[locale]/forgot-password/actions';
import { useKeptForm } from '@/components/forms/use-kept-form';

type Action = (previous: PasswordResetState, formData: FormData) => Promise<PasswordResetState>;

function ErrorNote({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p
      id={id}
      role="alert"
      className="rounded-md border border-danger bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
    >
      {error}
    </p>
  );
}

/** E-mail or username → always the same "if an account exists" answer. Works without JavaScript. */
export function ForgotPasswordForm({
  action,
  labels,
}: {
  action: Action;
  labels: { identifier: string; submit: string; submitting: string; sent: string };
}) {
  const { state, pending, formProps } = useKeptForm(action, {});
  const errorId = useId();
  if (state.sent) {
    return (
      <p role="status" className="mt-8 rounded-md border border-line px-4 py-3">
        {labels.sent}
      </p>
    );
  }
  return (
    <form {...formProps} className="mt-8 space-y-5" noValidate>
      <ErrorNote id={errorId} error={state.error} />
      <div>
        <label htmlFor="forgot-identifier" className="block font-medium">
          {labels.identifier}
        </label>
        <input
          id="forgot-identifier"
          name="identifier"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={256}
          aria-invalid={state.error ? true : undefined}
          aria-describedby={state.error ? errorId : undefined}
          className="field-input"
        />
      </div>
      <button type="submit" className="button-primary w-full" disabled={pending} aria-disabled={pending}>
        {pending ? labels.submitting : labels.submit}
      </button>
    </form>
  );
}

/** The new password, twice, with the code from the mail. */
export function ResetPasswordForm({
  action,
  code,
  labels,
}: {
  action: Action;
  code: string;
  labels: {
    username: string;
    password: string;
    confirm: string;
    hint: string;
    submit: string;
    submitting: string;
  };
}) {
  const { state, pending, formProps } = useKeptForm(action, {});
  const errorId = useId();
  const hintId = useId();
  const invalid = state.error ? true : undefined;
  const fields = [
    { name: 'username', label: labels.username, type: 'text', autoComplete: 'username' },
    { name: 'password', label: labels.password, type: 'password', autoComplete: 'new-password' },
    { name: 'confirm', label: labels.confirm, type: 'password', autoComplete: 'new-password' },
  ];
  return (
    <form {...formProps} className="mt-8 space-y-5" noValidate>
      <input type="hidden" name="code" value={code} />
      <ErrorNote id={errorId} error={state.error} />
      {fields.map((field) => (
        <div key={field.name}>
          <label htmlFor={`reset-${field.name}`} className="block font-medium">
            {field.label}
          </label>
          <input
            id={`reset-${field.name}`}
            name={field.name}
            type={field.type}
            autoComplete={field.autoComplete}
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={256}
            aria-invalid={invalid}
            aria-describedby={
              [state.error ? errorId : '', field.name === 'password' ? hintId : '']
                .filter(Boolean)
                .join(' ') || undefined
            }
            className="field-input"
          />
          {field.name === 'password' ? (
            <p id={hintId} className="mt-1 text-sm text-ink-muted">
              {labels.hint}
            </p>
          ) : null}
        </div>
      ))}
      <button type="submit" className="button-primary w-full" disabled={pending} aria-disabled={pending}>
        {pending ? labels.submitting : labels.submit}
      </button>
    </form>
  );
}
