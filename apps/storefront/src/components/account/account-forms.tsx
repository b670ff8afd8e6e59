'use client';

import { useEffect, useRef } from 'react';
import type { FormState } from '@/app/[locale]/account/actions';
import { useKeptForm } from '@/components/forms/use-kept-form';
import { Link } from '@/i18n/link';
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
  const { state, pending, formProps } = useKeptForm(action, {});
  const values = state.values ?? defaults;
  const problems = state.problems ?? {};
  const fields = [
    ['FirstName', 'text', 'given-name'],
    ['LastName', 'text', 'family-name'],
    ['Email', 'email', 'email'],
    ['Phone', 'tel', 'tel'],
  ] as const;
  return (
    <form {...formProps} className="space-y-4" noValidate>
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
              aria-invalid={problems[name] ? true : undefined}
              aria-describedby={problems[name] ? `profile-${name}-error` : undefined}
              className="field-input"
            />
            {problems[name] ? (
              <p id={`profile-${name}-error`} className="mt-1 text-sm font-medium text-danger">
                {problems[name]}
              </p>
            ) : null}
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
  const { state, pending, formProps } = useKeptForm(action, {});
  return (
    <form {...formProps} className="flex flex-wrap items-end gap-3">
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

/**
 * The address form of the account page, also used by the checkout to add an address inline: the
 * server action answers per-field problems (shown next to each field, linked by aria-describedby,
 * the first invalid field focused) and the values typed, which the form keeps.
 */
export function AddressForm({
  action,
  defaults,
  countries,
  labels,
  cancelHref = '/account#addresses',
  idPrefix = 'address',
  labelledBy,
  choice,
}: {
  readonly action: Action;
  readonly defaults: Partial<Record<string, string>>;
  readonly countries: readonly { code: string; name: string }[];
  readonly labels: {
    readonly fields: Readonly<Record<AddressField, string>>;
    readonly save: string;
    readonly cancel: string;
    readonly chooseCountry: string;
  };
  /** Where Cancel goes (a path without the locale). */
  readonly cancelHref?: string;
  /** Prefix of the fields' ids, when the page has more than one address form. */
  readonly idPrefix?: string;
  /** Id of the heading that names the form. */
  readonly labelledBy?: string;
  /** One more choice as a radio group after the fields (the checkout's "use the address for"). */
  readonly choice?: {
    readonly name: string;
    readonly legend: string;
    readonly options: readonly { readonly value: string; readonly label: string }[];
  };
}) {
  const { state, pending, formProps } = useKeptForm(action, {});
  const problems = state.problems ?? {};
  const values: Partial<Record<string, string>> = state.values ?? defaults;
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const first = ADDRESS_FIELDS.find((name) => state.problems?.[name]);
    if (first) formRef.current?.querySelector<HTMLElement>(`#${idPrefix}-${first}`)?.focus();
  }, [state, idPrefix]);
  return (
    <form
      ref={formRef}
      {...formProps}
      className="space-y-4 rounded-md border border-line p-4"
      noValidate
      aria-labelledby={labelledBy}
      data-testid="address-form"
    >
      <Result state={state} />
      <div className="grid gap-4 sm:grid-cols-2">
        {ADDRESS_FIELDS.map((name) => {
          const id = `${idPrefix}-${name}`;
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
      {choice ? (
        <fieldset>
          <legend className="font-medium">{choice.legend}</legend>
          <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
            {choice.options.map((option, index) => {
              const id = `${idPrefix}-${choice.name}-${option.value}`;
              const chosen = values[choice.name] ?? choice.options[0]?.value;
              return (
                <div key={option.value} className="flex items-center gap-2">
                  <input
                    type="radio"
                    id={id}
                    name={choice.name}
                    value={option.value}
                    defaultChecked={chosen === option.value || (!chosen && index === 0)}
                    className="h-4 w-4 accent-brand"
                  />
                  <label htmlFor={id} className="text-sm">
                    {option.label}
                  </label>
                </div>
              );
            })}
          </div>
        </fieldset>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="button-primary py-2" disabled={pending}>
          {labels.save}
        </button>
        <Link href={cancelHref} className="button-secondary py-2">
          {labels.cancel}
        </Link>
      </div>
    </form>
  );
}
