'use client';

import { useActionState } from 'react';
import type { FormState } from '@/app/[locale]/account/actions';
import { Link } from '@/i18n/navigation';
import { ADDRESS_FIELDS, type AddressField, REQUIRED_ADDRESS_FIELDS } from './address-form';

type Action = (previous: FormState, form: FormData) => Promise<FormState>;

function Result({ state }: { readonly state: FormState }) {
  if (!state.message) return null;
  return (
    <p
      role={state.ok ? 'status' : 'alert'}
      className={`rounded-md border-l-4 px-4 py-3 text-sm ${state.ok ? 'border-brand bg-brand-soft' : 'border-danger bg-danger-soft text-danger'}`}
    >
      {state.message}
    </p>
  );
}

export function ProfileForm({
  action,
  defaults,
  labels,
  readOnly,
}: {
  readonly action: Action;
  readonly defaults: Readonly<Record<'FirstName' | 'LastName' | 'Email' | 'Phone', string>>;
  readonly labels: Readonly<Record<'FirstName' | 'LastName' | 'Email' | 'Phone' | 'save' | 'saving', string>>;
  readonly readOnly: boolean;
}) {
  const [state, formAction, pending] = useActionState(action, {});
  const values = state.values ?? defaults;
  const fields = [
    ['FirstName', 'text', 'given-name'],
    ['LastName', 'text', 'family-name'],
    ['Email', 'email', 'email'],
    ['Phone', 'tel', 'tel'],
  ] as const;
  return (
    <form action={formAction} className="space-y-4" noValidate>
      <Result state={state} />
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map(([name, type, autoComplete]) => (
          <div key={name}>
            <label htmlFor={`profile-${name}`} className="block font-medium">
              {labels[name]}
            </label>
            <input
              id={`profile-${name}`}
              name={name}
              type={type}
              autoComplete={autoComplete}
              required={name !== 'Phone'}
              readOnly={readOnly}
              defaultValue={values[name] ?? ''}
              className="field-input"
            />
          </div>
        ))}
      </div>
      {readOnly ? null : (
        <button type="submit" className="button-primary py-2" disabled={pending}>
          {pending ? labels.saving : labels.save}
        </button>
      )}
    </form>
  );
}

export function LanguageForm({
  action,
  current,
  options,
  labels,
}: {
  readonly action: Action;
  readonly current: string;
  readonly options: readonly { value: string; label: string }[];
  readonly labels: { language: string; save: string };
}) {
  const [state, formAction, pending] = useActionState(action, {});
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="account-language" className="block font-medium">
          {labels.language}
        </label>
        <select id="account-language" name="language" defaultValue={current} className="field-input">
          {options.map((option) => (
            <option key={option.value} value={option.value} lang={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button-secondary py-2" disabled={pending}>
        {labels.save}
      </button>
      <div className="basis-full">
        <Result state={state} />
      </div>
    </form>
  );
}

export function AddressForm({
  action,
  defaults,
  countries,
  labels,
}: {
  readonly action: Action;
  readonly defaults: Partial<Record<AddressField, string>>;
  readonly countries: readonly { code: string; name: string }[];
  readonly labels: {
    readonly fields: Readonly<Record<AddressField, string>>;
    readonly save: string;
    readonly cancel: string;
    readonly chooseCountry: string;
  };
}) {
  const [state, formAction, pending] = useActionState(action, {});
  const problems = state.problems ?? {};
  const values: Partial<Record<string, string>> = state.values ?? defaults;
  return (
    <form
      action={formAction}
      className="space-y-4 rounded-md border border-line p-4"
      noValidate
      data-testid="address-form"
    >
      <Result state={state} />
      <div className="grid gap-4 sm:grid-cols-2">
        {ADDRESS_FIELDS.map((name) => {
          const id = `address-${name}`;
          const required = REQUIRED_ADDRESS_FIELDS.includes(name);
          const common = {
            id,
            name,
            required,
            'aria-invalid': problems[name] ? true : undefined,
            'aria-describedby': problems[name] ? `${id}-error` : undefined,
            className: 'field-input',
          } as const;
          return (
            <div key={name}>
              <label htmlFor={id} className="block font-medium">
                {labels.fields[name]}
                {required ? <span aria-hidden="true"> *</span> : null}
              </label>
              {name === 'Country' ? (
                <select {...common} defaultValue={values.Country ?? ''}>
                  <option value="">{labels.chooseCountry}</option>
                  {countries.map((country) => (
                    <option key={country.code} value={country.code}>
                      {country.name}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  {...common}
                  type={name === 'Phone' ? 'tel' : 'text'}
                  maxLength={100}
                  defaultValue={values[name] ?? ''}
                />
              )}
              {problems[name] ? (
                <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
                  {problems[name]}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="button-primary py-2" disabled={pending}>
          {labels.save}
        </button>
        <Link href="/account#addresses" className="button-secondary py-2">
          {labels.cancel}
        </Link>
      </div>
    </form>
  );
}
