import { useId } from 'react';

/** A required agreement: its error is tied to the box, so a screen reader reads both together. */
export function ConsentCheckbox(props: {
  label: string;
  name: string;
  checked: boolean;
  error?: string | undefined;
  onChange(checked: boolean): void;
  inputRef?: (node: HTMLInputElement | null) => void;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`actuate-checkout__consent${props.error ? ' actuate-checkout__field--error' : ''}`}>
      <div className="actuate-checkout__checkbox">
        <input
          ref={props.inputRef}
          id={id}
          type="checkbox"
          name={props.name}
          checked={props.checked}
          required
          aria-invalid={!!props.error}
          aria-describedby={errorId}
          onChange={(event) => props.onChange(event.target.checked)}
        />
        <label htmlFor={id}>{props.label}</label>
      </div>
      <span className="actuate-checkout__error-text" id={errorId}>
        {props.error ?? ''}
      </span>
    </div>
  );
}
