import type { ReactNode } from 'react';

/**
 * One secured field: our label and error text around the placeholder the gateway's frame goes
 * into. The frame itself carries the accessible name (its input's aria-label and the iframe title).
 */
export function SecuredFieldView(props: {
  fieldType: string;
  label: string;
  error: string | undefined;
  focused: boolean;
  hidden?: boolean;
  /** Shown after the frame inside the field's box (a card's brand badge). */
  badge?: ReactNode;
  containerRef(node: HTMLSpanElement | null): void;
}) {
  const classes = [
    'actuate-checkout__field',
    `actuate-checkout__field--${props.fieldType}`,
    props.error ? 'actuate-checkout__field--error' : '',
    props.focused ? 'actuate-checkout__field--focused' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} hidden={props.hidden}>
      <span className="actuate-checkout__label">{props.label}</span>
      {/* Card and account numbers read left to right in Arabic too; the frame's own page is LTR. */}
      <div className="actuate-checkout__input actuate-checkout__input--secured" dir="ltr">
        <span
          className="actuate-checkout__secured-field"
          data-cse={props.fieldType}
          ref={props.containerRef}
        />
        {props.badge}
      </div>
      <span className="actuate-checkout__error-text">{props.error ?? ''}</span>
    </div>
  );
}
