import { type ReactNode, useEffect, useId, useState } from 'react';
import type { I18n } from '../../../core/i18n/i18n.ts';
import { TextInput } from '../field.tsx';
import {
  DATE_INPUT_MAX_LENGTH,
  dateInputToIso,
  EMAIL_MAX_LENGTH,
  formatDateInput,
  type Gender,
  groupIban,
  isoToDateInput,
  type PersonalDetails,
  type PersonalField,
} from './validate.ts';

export type Register = (key: string, node: HTMLElement | null) => void;
/** Error keys per field; `shown` decides whether the shopper sees them yet. */
export type Errors = Record<string, string | undefined>;

export function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="actuate-checkout__fieldset">
      <legend className="actuate-checkout__legend">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** A readOnly section: the merchant's data as text, nothing to tab through. */
export function ReadOnlySection({ legend, lines, i18n }: { legend: string; lines: string[]; i18n: I18n }) {
  const shown = lines.filter((line) => line.trim() !== '');
  return (
    <Section legend={legend}>
      <p className="actuate-checkout__readonly">
        {shown.length
          ? withKeys(shown).map(([key, line], index) => (
              <span key={key}>
                {index > 0 ? <br /> : null}
                {line}
              </span>
            ))
          : i18n.get('openInvoice.readOnly.empty')}
      </p>
    </Section>
  );
}

/** Stable keys for lines that may repeat. */
function withKeys(lines: string[]): [string, string][] {
  const seen = new Map<string, number>();
  return lines.map((line) => {
    const count = (seen.get(line) ?? 0) + 1;
    seen.set(line, count);
    return [`${line}#${count}`, line];
  });
}

const errorText = (i18n: I18n, label: string, key: string | undefined) =>
  key ? i18n.get(key, { label }) : undefined;

/** Whether this browser offers its own date picker (then it gets YYYY-MM-DD directly). */
export function hasNativeDateInput(): boolean {
  if (typeof document === 'undefined') return false;
  const input = document.createElement('input');
  input.setAttribute('type', 'date');
  return input.type === 'date';
}

export function PersonalSection(props: {
  i18n: I18n;
  fields: readonly PersonalField[];
  value: PersonalDetails;
  errors: Errors;
  nativeDate: boolean;
  onChange(field: PersonalField, value: string): void;
  onBlur(field: PersonalField): void;
  register: Register;
}) {
  const { i18n, value, errors, fields } = props;
  const text = (field: 'firstName' | 'lastName' | 'shopperEmail' | 'telephoneNumber', extra: object = {}) => {
    const label = i18n.get(field);
    return (
      <TextInput
        key={field}
        name={field}
        label={label}
        value={value[field] ?? ''}
        error={errorText(i18n, label, errors[field])}
        onChange={(next) => props.onChange(field, next)}
        onBlur={() => props.onBlur(field)}
        inputRef={(node) => props.register(`personalDetails.${field}`, node)}
        {...extra}
      />
    );
  };
  return (
    <Section legend={i18n.get('personalDetails')}>
      {fields.includes('firstName') ? text('firstName', { autoComplete: 'given-name' }) : null}
      {fields.includes('lastName') ? text('lastName', { autoComplete: 'family-name' }) : null}
      {fields.includes('gender') ? (
        <GenderChoice
          i18n={i18n}
          value={value.gender ?? ''}
          error={errors.gender}
          onChange={(gender) => props.onChange('gender', gender)}
          register={props.register}
        />
      ) : null}
      {fields.includes('dateOfBirth') ? (
        <DateOfBirth
          i18n={i18n}
          value={value.dateOfBirth ?? ''}
          error={errors.dateOfBirth}
          native={props.nativeDate}
          onChange={(iso) => props.onChange('dateOfBirth', iso)}
          onBlur={() => props.onBlur('dateOfBirth')}
          register={props.register}
        />
      ) : null}
      {fields.includes('shopperEmail')
        ? text('shopperEmail', { autoComplete: 'email', inputMode: 'email', maxLength: EMAIL_MAX_LENGTH })
        : null}
      {fields.includes('telephoneNumber')
        ? text('telephoneNumber', { autoComplete: 'tel', inputMode: 'tel', maxLength: 24 })
        : null}
    </Section>
  );
}

function GenderChoice(props: {
  i18n: I18n;
  value: string;
  error: string | undefined;
  onChange(value: Gender): void;
  register: Register;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const options: [Gender, string][] = [
    ['MALE', props.i18n.get('gender.male')],
    ['FEMALE', props.i18n.get('gender.female')],
  ];
  return (
    <div
      className={`actuate-checkout__field${props.error ? ' actuate-checkout__field--error' : ''}`}
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      aria-describedby={errorId}
      aria-invalid={!!props.error}
    >
      <span className="actuate-checkout__label" id={`${id}-label`}>
        {props.i18n.get('gender')}
      </span>
      <div className="actuate-checkout__radios">
        {options.map(([gender, label], index) => (
          <label key={gender} className="actuate-checkout__radio">
            <input
              ref={index === 0 ? (node) => props.register('personalDetails.gender', node) : undefined}
              type="radio"
              name={`${id}-gender`}
              value={gender}
              checked={props.value === gender}
              onChange={() => props.onChange(gender)}
            />
            {label}
          </label>
        ))}
      </div>
      <span className="actuate-checkout__error-text" id={errorId}>
        {props.error ? props.i18n.get(props.error) : ''}
      </span>
    </div>
  );
}

/** Native date picker where there is one, else a day/month/year text input that corrects as it goes. */
function DateOfBirth(props: {
  i18n: I18n;
  value: string;
  error: string | undefined;
  native: boolean;
  onChange(iso: string): void;
  onBlur(): void;
  register: Register;
}) {
  const [typed, setTyped] = useState(() => isoToDateInput(props.value));
  const label = props.i18n.get('dateOfBirth');
  const error = props.error ? props.i18n.get(props.error) : undefined;
  // Reset or prefilled from outside: show the new value (a half-typed date stays as it is).
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to outside changes only.
  useEffect(() => {
    if (dateInputToIso(typed) !== props.value) setTyped(isoToDateInput(props.value));
  }, [props.value]);
  if (props.native) {
    return (
      <NativeDateInput
        label={label}
        error={error}
        value={props.value}
        onChange={props.onChange}
        onBlur={props.onBlur}
        register={props.register}
      />
    );
  }
  return (
    <TextInput
      name="dateOfBirth"
      label={label}
      value={typed}
      error={error}
      placeholder={props.i18n.get('dateOfBirth.format')}
      maxLength={DATE_INPUT_MAX_LENGTH}
      inputMode="numeric"
      autoComplete="bday"
      format={(next) => formatDateInput(next, typed)}
      onChange={(next) => {
        setTyped(next);
        props.onChange(dateInputToIso(next));
      }}
      onBlur={props.onBlur}
      inputRef={(node) => props.register('personalDetails.dateOfBirth', node)}
    />
  );
}

function NativeDateInput(props: {
  label: string;
  error: string | undefined;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  register: Register;
}) {
  const id = useId();
  return (
    <div className={`actuate-checkout__field${props.error ? ' actuate-checkout__field--error' : ''}`}>
      <label className="actuate-checkout__label" htmlFor={id}>
        {props.label}
      </label>
      <input
        ref={(node) => props.register('personalDetails.dateOfBirth', node)}
        id={id}
        className="actuate-checkout__input"
        type="date"
        name="dateOfBirth"
        autoComplete="bday"
        value={props.value}
        required
        aria-invalid={!!props.error}
        aria-describedby={`${id}-error`}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
      />
      <span className="actuate-checkout__error-text" id={`${id}-error`}>
        {props.error ?? ''}
      </span>
    </div>
  );
}

export function CompanySection(props: {
  i18n: I18n;
  value: { name?: string; registrationNumber?: string };
  errors: Errors;
  onChange(field: 'name' | 'registrationNumber', value: string): void;
  onBlur(field: 'name' | 'registrationNumber'): void;
  register: Register;
}) {
  const { i18n } = props;
  return (
    <Section legend={i18n.get('companyDetails')}>
      {(['name', 'registrationNumber'] as const).map((field) => {
        const label = i18n.get(`companyDetails.${field}`);
        return (
          <TextInput
            key={field}
            name={`company.${field}`}
            label={label}
            value={props.value[field] ?? ''}
            error={errorText(i18n, label, props.errors[field])}
            autoComplete={field === 'name' ? 'organization' : 'off'}
            onChange={(next) => props.onChange(field, next)}
            onBlur={() => props.onBlur(field)}
            inputRef={(node) => props.register(`companyDetails.${field}`, node)}
          />
        );
      })}
    </Section>
  );
}

export function BankAccountSection(props: {
  i18n: I18n;
  value: { iban?: string; ownerName?: string };
  errors: Errors;
  onChange(field: 'iban' | 'ownerName', value: string): void;
  onBlur(field: 'iban' | 'ownerName'): void;
  register: Register;
}) {
  const { i18n } = props;
  const ownerLabel = i18n.get('bankAccount.ownerName');
  const ibanLabel = i18n.get('bankAccount.iban');
  return (
    <Section legend={i18n.get('bankAccount')}>
      <TextInput
        name="ownerName"
        label={ownerLabel}
        value={props.value.ownerName ?? ''}
        error={errorText(i18n, ownerLabel, props.errors.ownerName)}
        autoComplete="name"
        onChange={(next) => props.onChange('ownerName', next)}
        onBlur={() => props.onBlur('ownerName')}
        inputRef={(node) => props.register('bankAccount.ownerName', node)}
      />
      <TextInput
        name="iban"
        label={ibanLabel}
        value={groupIban(props.value.iban ?? '')}
        error={errorText(i18n, ibanLabel, props.errors.iban)}
        autoComplete="off"
        maxLength={42}
        format={groupIban}
        onChange={(next) => props.onChange('iban', next.replace(/ /g, ''))}
        onBlur={() => props.onBlur('iban')}
        inputRef={(node) => props.register('bankAccount.iban', node)}
      />
    </Section>
  );
}

export function ConsentCheckbox(props: {
  i18n: I18n;
  provider: string;
  url: string | undefined;
  checked: boolean;
  error: string | undefined;
  onChange(checked: boolean): void;
  register: Register;
}) {
  const id = useId();
  return (
    <div className={`actuate-checkout__checkbox${props.error ? ' actuate-checkout__field--error' : ''}`}>
      <input
        ref={(node) => props.register('consentCheckbox', node)}
        id={id}
        type="checkbox"
        name="consentCheckbox"
        checked={props.checked}
        aria-invalid={!!props.error}
        aria-describedby={`${id}-error`}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <label htmlFor={id}>{props.i18n.get('openInvoice.consent', { provider: props.provider })}</label>
      {props.url ? (
        <a className="actuate-checkout__link" href={props.url} target="_blank" rel="noopener noreferrer">
          {props.i18n.get('openInvoice.consent.link', { provider: props.provider })}
        </a>
      ) : null}
      <span className="actuate-checkout__error-text" id={`${id}-error`}>
        {props.error ? props.i18n.get(props.error) : ''}
      </span>
    </div>
  );
}
