import { TextInput } from '../field.tsx';
import { caretAfterFormat, formatIban } from './iban.ts';

export interface IbanInputProps {
  label: string;
  /** The formatted value (groups of four). */
  value: string;
  error?: string | undefined;
  placeholder?: string;
  onChange(formatted: string): void;
  onBlur?(): void;
  inputRef?: (node: HTMLInputElement | null) => void;
}

/** The longest IBAN (33 characters) grouped, and room to show that a pasted one is too long. */
const MAX_FORMATTED_LENGTH = 48;

/**
 * An IBAN field: keeps letters and digits only, upper-cases them and groups them in fours as the
 * shopper types, with the caret where it was in what they typed.
 */
export function IbanInput(props: IbanInputProps) {
  return (
    <TextInput
      name="ibanNumber"
      label={props.label}
      value={props.value}
      error={props.error}
      autoComplete="off"
      dir="ltr"
      maxLength={MAX_FORMATTED_LENGTH}
      {...(props.placeholder ? { placeholder: props.placeholder } : {})}
      className="actuate-checkout__field--iban"
      inputRef={(node) => {
        props.inputRef?.(node);
        if (!node || node.dataset.ibanCaret) return;
        // Runs before TextInput's onChange: remembers where the caret should land once formatted.
        node.dataset.ibanCaret = 'on';
        node.addEventListener('input', () => {
          const formatted = formatIban(node.value);
          const caret = caretAfterFormat(node.value, node.selectionStart ?? node.value.length, formatted);
          requestAnimationFrame(() => {
            if (document.activeElement === node && node.value === formatted)
              node.setSelectionRange(caret, caret);
          });
        });
      }}
      format={formatIban}
      onChange={props.onChange}
      onBlur={() => props.onBlur?.()}
    />
  );
}
