import { useEffect, useRef, useState } from 'react';
import type { Checkout } from '../../../core/checkout.ts';
import type { MethodTranslations } from '../../../core/i18n/i18n.ts';
import type { ComponentData } from '../../../core/types.ts';
import { useViewState } from '../../base/element-root.tsx';
import { type ElementOptions, PaymentElement } from '../../base/payment-element.tsx';
import { TextInput } from '../field.tsx';
import { PayFooter } from '../pay-footer.tsx';

export interface SingleFieldMethodOptions extends ElementOptions {
  /** The payment-method entry's type and name (the drop-in passes the whole entry). */
  type?: string;
  name?: string;
}

/** What a one-field method states: its type, its field's rule and what the field adds to the payment. */
export interface SingleFieldMethod {
  type: string;
  name: string;
  translations: MethodTranslations;
  field: {
    /** The input's name and the key of the value in the payment method. */
    name: string;
    label: string;
    /** A hint under the introduction (where to find the code, what the id is). */
    help?: string;
    inputMode: 'numeric' | 'email' | 'text';
    maxLength: number;
    autoComplete?: string;
    /** What the field keeps of what was typed. */
    format?(typed: string): string;
  };
  /** The error key for a value, or undefined when it may be sent. */
  validate(value: string): string | undefined;
}

/** The class the drop-in and the catalogue load: `new Method(checkout, options)`. */
export interface SingleFieldMethodClass {
  new (checkout: Checkout, options?: SingleFieldMethodOptions): SingleFieldMethodElement;
  readonly type: string;
  readonly txVariants: readonly string[];
}

/**
 * A method whose form is one field and a pay button, e.g. a bank-app code or a beneficiary id; the
 * payment answers with an await action (the shopper confirms in an app) that the core shows.
 */
export abstract class SingleFieldMethodElement<
  O extends SingleFieldMethodOptions = SingleFieldMethodOptions,
> extends PaymentElement<O> {
  constructor(
    checkout: Checkout,
    options: O,
    readonly method: SingleFieldMethod,
  ) {
    super(checkout, options);
    checkout.addTranslations(method.translations);
  }

  get txVariant(): string {
    return this.options.type ?? this.type;
  }

  get displayName(): string {
    return this.options.name ?? this.method.name;
  }

  /** The value in the form, trimmed (the state only carries it once it is valid). */
  get fieldValue(): string {
    const value = this.state.data[this.method.field.name];
    return typeof value === 'string' ? value : '';
  }

  protected formatData(): ComponentData {
    const value = this.fieldValue;
    return {
      paymentMethod: { type: this.txVariant, ...(value ? { [this.method.field.name]: value } : {}) },
    };
  }

  renderView() {
    return <SingleFieldForm element={this} />;
  }
}

/** The element class of a one-field method, registered by its `type`. */
export function defineSingleFieldMethod(method: SingleFieldMethod): SingleFieldMethodClass {
  return class extends SingleFieldMethodElement {
    static override type = method.type;
    static readonly txVariants = [method.type];

    constructor(checkout: Checkout, options: SingleFieldMethodOptions = {}) {
      super(checkout, options, method);
    }
  };
}

function SingleFieldForm({ element }: { element: SingleFieldMethodElement }) {
  const view = useViewState(element);
  const { checkout, method } = element;
  const { i18n } = checkout;
  const { field } = method;
  const [value, setValue] = useState('');
  const [shown, setShown] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const error = method.validate(value);

  const report = (next: string) => {
    const nextError = method.validate(next);
    element.setState({
      data: nextError ? {} : { [field.name]: next.trim() },
      isValid: !nextError,
      ...(nextError ? { errors: { [field.name]: nextError } } : {}),
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when validation is requested.
  useEffect(() => {
    if (view.validationRequest === 0 || !error) return;
    setShown(true);
    checkout.liveRegion.announce(i18n.get(error));
    input.current?.focus();
  }, [view.validationRequest]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when a reset is requested.
  useEffect(() => {
    if (view.resetRequest === 0) return;
    setValue('');
    setShown(false);
    report('');
  }, [view.resetRequest]);

  return (
    <form
      className={`actuate-checkout__single-field actuate-checkout__${method.type}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (view.status !== 'loading') void element.submit();
      }}
    >
      {field.help ? <p className="actuate-checkout__single-field-help">{i18n.get(field.help)}</p> : null}
      <TextInput
        name={field.name}
        label={i18n.get(field.label)}
        value={value}
        inputMode={field.inputMode}
        maxLength={field.maxLength}
        autoComplete={field.autoComplete ?? 'off'}
        error={shown && error ? i18n.get(error) : undefined}
        {...(field.format ? { format: field.format } : {})}
        inputRef={(node) => {
          input.current = node;
        }}
        onChange={(next) => {
          setValue(next);
          report(next);
        }}
        onBlur={() => setShown(true)}
      />
      <PayFooter element={element} view={view} />
    </form>
  );
}
