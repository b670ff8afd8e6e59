'use client';

import type { UserFormState } from '@/app/[locale]/account/users/actions';
import { useKeptForm } from '@/components/forms/use-kept-form';
import type { RoleField, UserFormValues } from './user-admin';

type Action = (previous: UserFormState, form: FormData) => Promise<UserFormState>;

export interface UserFormLabels {
  readonly FirstName: string;
  readonly LastName: string;
  readonly Email: string;
  readonly Phone: string;
  readonly language: string;
  readonly roles: string;
  readonly rolesHint: string;
  readonly role: Readonly<Record<RoleField, string>>;
  readonly submit: string;
  readonly submitting: string;
}

/** Invite a colleague (`withEmail`) or change a user's details and roles. Works without JavaScript. */
export function UserAdminForm({
  action,
  defaults,
  withEmail,
  roles,
  lockedRoles = [],
  languages,
  labels,
  testId,
}: {
  readonly action: Action;
  readonly defaults: UserFormValues;
  readonly withEmail: boolean;
  /** The role groups the company has. */
  readonly roles: readonly RoleField[];
  /** Roles shown ticked but not changeable (the admin's own administrator role). */
  readonly lockedRoles?: readonly RoleField[];
  readonly languages: readonly { value: string; label: string }[];
  readonly labels: UserFormLabels;
  readonly testId: string;
}) {
  const { state, pending, formProps } = useKeptForm(action, {});
  const values = state.values ?? defaults;
  const problems = state.problems ?? {};
  const prefix = withEmail ? 'invite' : 'user';
  const fields = [
    ['FirstName', 'text', 'off'],
    ['LastName', 'text', 'off'],
    ...(withEmail ? ([['Email', 'email', 'off']] as const) : []),
    ['Phone', 'tel', 'off'],
  ] as const;
  const describedBy = (name: string) => (problems[name] ? `${prefix}-${name}-error` : undefined);
  return (
    <form {...formProps} className="space-y-4" noValidate data-testid={testId}>
      {state.message ? (
        <p
          role={state.ok ? 'status' : 'alert'}
          className={`rounded-md border-l-4 px-4 py-3 text-sm ${state.ok ? 'border-brand bg-brand-soft' : 'border-danger bg-danger-soft text-danger'}`}
        >
          {state.message}
        </p>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map(([name, type, autoComplete]) => (
          <div key={name}>
            <label htmlFor={`${prefix}-${name}`} className="block font-medium">
              {labels[name]}
            </label>
            <input
              id={`${prefix}-${name}`}
              name={name}
              type={type}
              autoComplete={autoComplete}
              required={name !== 'Phone'}
              defaultValue={values[name] ?? ''}
              aria-invalid={problems[name] ? true : undefined}
              aria-describedby={describedBy(name)}
              className="field-input"
            />
            {problems[name] ? (
              <p id={`${prefix}-${name}-error`} className="mt-1 text-sm font-medium text-danger">
                {problems[name]}
              </p>
            ) : null}
          </div>
        ))}
        <div>
          <label htmlFor={`${prefix}-language`} className="block font-medium">
            {labels.language}
          </label>
          <select
            id={`${prefix}-language`}
            name="language"
            defaultValue={values.language}
            aria-invalid={problems.language ? true : undefined}
            aria-describedby={describedBy('language')}
            className="field-input"
          >
            {languages.map((language) => (
              <option key={language.value} value={language.value}>
                {language.label}
              </option>
            ))}
          </select>
          {problems.language ? (
            <p id={`${prefix}-language-error`} className="mt-1 text-sm font-medium text-danger">
              {problems.language}
            </p>
          ) : null}
        </div>
      </div>
      {roles.length > 0 ? (
        <fieldset>
          <legend className="font-medium">{labels.roles}</legend>
          <p className="text-sm text-ink-muted">{labels.rolesHint}</p>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {roles.map((role) => {
              const locked = lockedRoles.includes(role);
              return (
                <label key={role} className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="checkbox"
                    name="role"
                    value={role}
                    defaultChecked={values.roles.includes(role) || locked}
                    disabled={locked}
                    className="size-5"
                  />
                  {labels.role[role]}
                  {/* A disabled box is not posted: the locked role is kept on the server anyway. */}
                </label>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      <button type="submit" className="button-primary py-2" disabled={pending}>
        {pending ? labels.submitting : labels.submit}
      </button>
    </form>
  );
}
