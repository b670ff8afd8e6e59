'use client';

import type { RegistrationState } from '@/app/[locale]/register/actions';
import { useKeptForm } from '@/components/forms/use-kept-form';
import { Link } from '@/i18n/link';

export interface RegistrationFormLabels {
  readonly companyLegend: string;
  readonly personLegend: string;
  readonly companyName: string;
  readonly vatNumber: string;
  readonly vatHint: string;
  readonly country: string;
  readonly chooseCountry: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly email: string;
  readonly password: string;
  readonly passwordHint: string;
  readonly phone: string;
  readonly acceptTerms: string;
  readonly readTerms: string;
  readonly submit: string;
  readonly submitting: string;
}

type Field = 'companyName' | 'vatNumber' | 'firstName' | 'lastName' | 'email' | 'phone' | 'password';

/** The company registration form (works without JavaScript: the server action posts it). */
export function RegistrationForm({
  action,
  labels,
  countries,
}: {
  readonly action: (previous: RegistrationState, form: FormData) => Promise<RegistrationState>;
  readonly labels: RegistrationFormLabels;
  readonly countries: readonly { code: string; name: string }[];
}) {
  const { state, pending, formProps } = useKeptForm(action, {});
  const problems = state.problems ?? {};
  const values = state.values ?? {};

  const input = (
    name: Field,
    options: { type?: string; autoComplete?: string; hint?: string; required?: boolean } = {},
  ) => {
    const id = `register-${name}`;
    const described = [options.hint ? `${id}-hint` : '', problems[name] ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div>
        <label htmlFor={id} className="block font-medium">
          {labels[name]}
        </label>
        <input
          id={id}
          name={name}
          type={options.type ?? 'text'}
          autoComplete={options.autoComplete}
          required={options.required ?? true}
          maxLength={name === 'password' ? 128 : 120}
          defaultValue={name === 'password' ? undefined : values[name]}
          aria-invalid={problems[name] ? true : undefined}
          aria-describedby={described || undefined}
          className="field-input"
        />
        {options.hint ? (
          <p id={`${id}-hint`} className="mt-1 text-sm text-ink-muted">
            {options.hint}
          </p>
        ) : null}
        {problems[name] ? (
          <p id={`${id}-error`} className="mt-1 text-sm font-medium text-danger">
            {problems[name]}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <form {...formProps} className="mt-8 space-y-8" noValidate>
      {state.message ? (
        <p
          role="alert"
          className="rounded-md border-l-4 border-danger bg-danger-soft px-4 py-3 text-sm font-medium text-danger"
        >
          {state.message}
        </p>
      ) : Object.keys(problems).length > 0 ? (
        <p role="alert" className="sr-only">
          {Object.values(problems)[0]}
        </p>
      ) : null}
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{labels.companyLegend}</legend>
        <div className="sm:col-span-2">{input('companyName', { autoComplete: 'organization' })}</div>
        {input('vatNumber', { hint: labels.vatHint })}
        <div>
          <label htmlFor="register-country" className="block font-medium">
            {labels.country}
          </label>
          <select
            id="register-country"
            name="country"
            required
            defaultValue={values.country ?? ''}
            aria-invalid={problems.country ? true : undefined}
            aria-describedby={problems.country ? 'register-country-error' : undefined}
            className="field-input"
          >
            <option value="">{labels.chooseCountry}</option>
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {country.name}
              </option>
            ))}
          </select>
          {problems.country ? (
            <p id="register-country-error" className="mt-1 text-sm font-medium text-danger">
              {problems.country}
            </p>
          ) : null}
        </div>
      </fieldset>
      <fieldset className="grid gap-5 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold">{labels.personLegend}</legend>
        {input('firstName', { autoComplete: 'given-name' })}
        {input('lastName', { autoComplete: 'family-name' })}
        {input('email', { type: 'email', autoComplete: 'email' })}
        {input('phone', { type: 'tel', autoComplete: 'tel', required: false })}
        <div className="sm:col-span-2">
          {input('password', { type: 'password', autoComplete: 'new-password', hint: labels.passwordHint })}
        </div>
      </fieldset>
      <div>
        <div className="flex items-start gap-3">
          <input
            id="register-acceptTerms"
            name="acceptTerms"
            type="checkbox"
            required
            aria-invalid={problems.acceptTerms ? true : undefined}
            aria-describedby={problems.acceptTerms ? 'register-acceptTerms-error' : undefined}
            className="mt-1 h-5 w-5 accent-brand"
          />
          <label htmlFor="register-acceptTerms">{labels.acceptTerms}</label>
        </div>
        <p className="mt-1 ml-8 text-sm">
          <Link href="/terms" className="text-brand underline underline-offset-4" target="_blank">
            {labels.readTerms}
          </Link>
        </p>
        {problems.acceptTerms ? (
          <p id="register-acceptTerms-error" className="mt-1 ml-8 text-sm font-medium text-danger">
            {problems.acceptTerms}
          </p>
        ) : null}
      </div>
      <button type="submit" className="button-primary" disabled={pending}>
        {pending ? labels.submitting : labels.submit}
      </button>
    </form>
  );
}
