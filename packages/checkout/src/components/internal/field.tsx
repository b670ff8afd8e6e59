import { type ReactNode, useId } from 'react';

export interface FieldProps {
  label: string;
  /** Error text shown under the field; also linked with aria-describedby. */
  error?: string | undefined;
  optionalLabel?: string | undefined;
  className?: string;
  focused?: boolean;
  valid?: boolean;
  children: (ids: { inputId: string; errorId: string; invalid: boolean }) => ReactNode;
}

/** Label, control and error text with the links a screen reader needs. */
export function Field({ label, error, optionalLabel, className, focused, valid, children }: FieldProps) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const classes = [
    'actuate-checkout__field',
    className,
    error ? 'actuate-checkout__field--error' : '',
    focused ? 'actuate-checkout__field--focused' : '',
    valid ? 'actuate-checkout__field--valid' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes}>
      <label className="actuate-checkout__label" htmlFor={inputId}>
        {label}
        {optionalLabel ? <span className="actuate-checkout__label-optional"> {optionalLabel}</span> : null}
      </label>
      {children({ inputId, errorId, invalid: !!error })}
      <span className="actuate-checkout__error-text" id={errorId}>
        {error ?? ''}
      </span>
    </div>
  );
}

export interface TextInputProps {
  label: string;
  name: string;
  value: string;
  error?: string | undefined;
  optional?: boolean;
  optionalLabel?: string;
  maxLength?: number;
  autoComplete?: string;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  /** Left to right whatever the page's direction (an IBAN); numeric, e-mail and phone inputs always are. */
  dir?: 'ltr';
  placeholder?: string;
  className?: string;
  readOnly?: boolean;
  /** What the field keeps of what was typed (digits only, a mask…); onChange gets the kept value. */
  format?(value: string): string;
  onChange(value: string): void;
  onBlur?(value: string): void;
  inputRef?: (node: HTMLInputElement | null) => void;
}

export function TextInput(props: TextInputProps) {
  return (
    <Field
      label={props.label}
      error={props.error}
      optionalLabel={props.optional ? props.optionalLabel : undefined}
      className={props.className}
    >
      {({ inputId, errorId, invalid }) => (
        <input
          ref={props.inputRef}
          id={inputId}
          className="actuate-checkout__input"
          name={props.name}
          type="text"
          value={props.value}
          maxLength={props.maxLength}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          // Digits, e-mail addresses and phone numbers read left to right in Arabic too.
          dir={props.dir ?? (props.inputMode && props.inputMode !== 'text' ? 'ltr' : undefined)}
          placeholder={props.placeholder}
          readOnly={props.readOnly}
          required={!props.optional}
          aria-invalid={invalid}
          aria-describedby={errorId}
          onChange={(event) => {
            const typed = event.target.value;
            const kept = props.format ? props.format(typed) : typed;
            // Shown at once: React resets a controlled input after every event anyway, but Preact (the
            // standalone build) only re-renders when the state changed, and a rejected character
            // (the same state) would stay visible without being sent.
            if (kept !== typed) event.target.value = kept;
            props.onChange(kept);
          }}
          onBlur={(event) => props.onBlur?.(event.target.value)}
        />
      )}
    </Field>
  );
}

export interface SelectProps {
  label: string;
  name: string;
  value: string;
  options: { id: string; name: string; disabled?: boolean }[];
  placeholder?: string;
  error?: string | undefined;
  className?: string;
  onChange(value: string): void;
  selectRef?: (node: HTMLSelectElement | null) => void;
}

/** A native select: keyboard and screen-reader support come for free. */
export function Select(props: SelectProps) {
  return (
    <Field label={props.label} error={props.error} className={props.className}>
      {({ inputId, errorId, invalid }) => (
        <select
          ref={props.selectRef}
          id={inputId}
          name={props.name}
          className="actuate-checkout__select"
          value={props.value}
          aria-invalid={invalid}
          aria-describedby={errorId}
          onChange={(event) => props.onChange(event.target.value)}
        >
          {props.placeholder ? <option value="">{props.placeholder}</option> : null}
          {props.options.map((option) => (
            <option key={option.id} value={option.id} disabled={option.disabled}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function Checkbox(props: {
  label: string;
  name: string;
  checked: boolean;
  onChange(checked: boolean): void;
}) {
  const id = useId();
  return (
    <div className="actuate-checkout__checkbox">
      <input
        id={id}
        type="checkbox"
        name={props.name}
        checked={props.checked}
        onChange={(event) => props.onChange(event.target.checked)}
      />
      <label htmlFor={id}>{props.label}</label>
    </div>
  );
}
