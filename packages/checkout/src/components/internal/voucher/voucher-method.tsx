import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { Checkout } from '../../../core/checkout.ts';
import type { MethodTranslations } from '../../../core/i18n/i18n.ts';
import type { ComponentData } from '../../../core/types.ts';
import { useViewState } from '../../base/element-root.tsx';
import { type ElementOptions, PaymentElement } from '../../base/payment-element.tsx';
import { Select, TextInput } from '../field.tsx';
import { PayFooter } from '../pay-footer.tsx';
import { voucherTranslations } from './translations.ts';

export interface VoucherMethodOptions extends ElementOptions {
  /** The payment-method entry's type and name (the drop-in passes the whole entry). */
  type?: string;
  name?: string;
  /** Prefilled shopper details, e.g. `{ firstName, lastName, shopperEmail }`. */
  data?: Record<string, string>;
}

/**
 * A method that answers with a `voucher` action (Boleto, OXXO, Econtext …): a short form, then the
 * voucher, which the checkout's `voucher` handler shows in the element's place. Subclasses render
 * their form; the data they report gets the entry's `paymentMethod.type`.
 */
export abstract class VoucherMethodElement<
  O extends VoucherMethodOptions = VoucherMethodOptions,
> extends PaymentElement<O> {
  constructor(checkout: Checkout, options: O, translations: MethodTranslations) {
    super(checkout, options);
    checkout.addTranslations(voucherTranslations);
    checkout.addTranslations(translations);
  }

  get txVariant(): string {
    return this.options.type ?? this.type;
  }

  get displayName(): string {
    return this.options.name ?? this.txVariant;
  }

  protected formatData(): ComponentData {
    const { paymentMethod, ...rest } = this.state.data;
    return { ...rest, paymentMethod: { ...paymentMethod, type: this.txVariant } };
  }
}

/** One text field (or a select, with `options`) of a voucher method's form. */
export interface VoucherField {
  name: string;
  /** Translation key of the label. */
  label: string;
  /** The error's translation key (`%{label}` is filled in), or undefined when the value is valid. */
  validate(value: string): string | undefined;
  /** What is kept of what is typed (digits only, a mask …). */
  format?(typed: string): string;
  maxLength?: number;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel';
  autoComplete?: string;
  options?: { id: string; name: string; disabled?: boolean }[];
  placeholder?: string;
}

export type FieldValues = Record<string, string>;

const isBlank = (value: string) => value.trim() === '';
/**
 * E-mail of 6 to 320 characters, the widget's rule; kept here because the open-invoice rules' copy
 * would bring its IBAN library into every voucher chunk.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const isValidEmail = (value: string) => {
  const email = value.trim();
  return email.length >= 6 && email.length <= 320 && EMAIL_PATTERN.test(email);
};

/** The first name, last name and e-mail most voucher methods ask for. */
export const FIRST_NAME: VoucherField = {
  name: 'firstName',
  label: 'firstName',
  validate: (value) => (isBlank(value) ? 'firstName.invalid' : undefined),
  maxLength: 80,
  autoComplete: 'given-name',
};
export const LAST_NAME: VoucherField = {
  name: 'lastName',
  label: 'lastName',
  validate: (value) => (isBlank(value) ? 'lastName.invalid' : undefined),
  maxLength: 80,
  autoComplete: 'family-name',
};
export const SHOPPER_EMAIL: VoucherField = {
  name: 'shopperEmail',
  label: 'shopperEmail',
  validate: (value) =>
    isBlank(value) ? 'field.error.required' : isValidEmail(value) ? undefined : 'field.error.invalid',
  maxLength: 320,
  inputMode: 'email',
  autoComplete: 'email',
};

/** `{ shopperName, firstName, lastName }`: Adyen's API reads the first, its web SDK sends the others. */
export function shopperNameData(values: FieldValues) {
  const firstName = (values.firstName ?? '').trim();
  const lastName = (values.lastName ?? '').trim();
  return { shopperName: { firstName, lastName }, firstName, lastName };
}

export interface VoucherFormState {
  values: FieldValues;
  errorKeys: Record<string, string>;
  render(fields: VoucherField[]): ReactNode;
  /** Registers a control outside `fields` (an address field) so a failed submit can focus it. */
  registerFocusable(key: string, node: HTMLElement | null): void;
}

/**
 * The state of a voucher form: values, errors shown after a blur or a failed submit (which also
 * focuses the first invalid control and announces the errors), reset, and the data and validity
 * reported to the element on every change. `extra` adds parts outside `fields` (Boleto's address).
 */
export function useVoucherForm(
  element: VoucherMethodElement,
  fields: VoucherField[],
  toData: (values: FieldValues) => Record<string, unknown>,
  extra: { invalidKeys?: string[]; messages?: string[]; showAll?(): void; reset?(): void } = {},
): VoucherFormState {
  const view = useViewState(element);
  const { i18n } = element.checkout;
  const initial = () =>
    Object.fromEntries(fields.map((field) => [field.name, element.props.data?.[field.name] ?? '']));
  const [values, setValues] = useState<FieldValues>(initial);
  const [shown, setShown] = useState<Set<string>>(() => new Set());
  const focusables = useRef(new Map<string, HTMLElement>());

  const errorKeys: Record<string, string> = {};
  for (const field of fields) {
    const error = field.validate(values[field.name] ?? '');
    if (error) errorKeys[field.name] = error;
  }
  const invalidKeys = [...Object.keys(errorKeys), ...(extra.invalidKeys ?? [])];
  const isValid = invalidKeys.length === 0;
  const data = toData(values);
  const dataKey = JSON.stringify(data);
  const textOf = (field: VoucherField) =>
    i18n.get(errorKeys[field.name] ?? '', { label: i18n.get(field.label) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the data is compared by its JSON.
  useEffect(() => {
    element.setState({ data, isValid, ...(isValid ? {} : { errors: errorKeys }) });
  }, [dataKey, isValid, element]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when validation is requested.
  useEffect(() => {
    if (view.validationRequest === 0) return;
    setShown(new Set(fields.map((field) => field.name)));
    extra.showAll?.();
    const messages = [
      ...fields.filter((field) => errorKeys[field.name]).map(textOf),
      ...(extra.messages ?? []),
    ];
    if (messages.length) element.checkout.liveRegion.announce(messages);
    // The first invalid control on the page, wherever its part of the form comes from.
    const invalid = invalidKeys.flatMap((key) => {
      const node = focusables.current.get(key);
      return node?.isConnected ? [node] : [];
    });
    invalid.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    invalid[0]?.focus();
  }, [view.validationRequest]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when a reset is requested.
  useEffect(() => {
    if (view.resetRequest === 0) return;
    setValues(Object.fromEntries(fields.map((field) => [field.name, ''])));
    setShown(new Set());
    extra.reset?.();
  }, [view.resetRequest]);

  const registerFocusable = (key: string, node: HTMLElement | null) => {
    if (node) focusables.current.set(key, node);
    else focusables.current.delete(key);
  };
  const change = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const blur = (name: string) => setShown((current) => new Set(current).add(name));

  const render = (list: VoucherField[]) =>
    list.map((field) => {
      const error = shown.has(field.name) && errorKeys[field.name] ? textOf(field) : undefined;
      return field.options ? (
        <Select
          key={field.name}
          name={field.name}
          label={i18n.get(field.label)}
          value={values[field.name] ?? ''}
          options={field.options}
          placeholder={field.placeholder ? i18n.get(field.placeholder) : undefined}
          error={error}
          onChange={(value) => {
            change(field.name, value);
            blur(field.name);
          }}
          selectRef={(node) => registerFocusable(field.name, node)}
        />
      ) : (
        <TextInput
          key={field.name}
          name={field.name}
          label={i18n.get(field.label)}
          value={values[field.name] ?? ''}
          error={error}
          maxLength={field.maxLength}
          inputMode={field.inputMode}
          autoComplete={field.autoComplete}
          {...(field.format ? { format: field.format } : {})}
          onChange={(value) => change(field.name, value)}
          onBlur={() => blur(field.name)}
          inputRef={(node) => registerFocusable(field.name, node)}
        />
      );
    });

  return { values, errorKeys, render, registerFocusable };
}

/** A voucher method's form of plain fields under an optional description, then the pay button. */
export function VoucherFieldsForm({
  element,
  fields,
  toData,
  description,
}: {
  element: VoucherMethodElement;
  fields: VoucherField[];
  toData: (values: FieldValues) => Record<string, unknown>;
  description?: string | undefined;
}) {
  const view = useViewState(element);
  const form = useVoucherForm(element, fields, toData);
  const { i18n } = element.checkout;
  return (
    <div className="actuate-checkout__voucher-form">
      {description ? (
        <p className="actuate-checkout__voucher-form-description">{i18n.get(description)}</p>
      ) : null}
      {form.render(fields)}
      <PayFooter element={element} view={view} />
    </div>
  );
}

/** What a voucher method folder states: its types, strings, fields and the data they make. */
interface VoucherMethod<O extends VoucherMethodOptions> {
  type: string;
  txVariants: readonly string[];
  translations: MethodTranslations;
  /** The form's fields for this element (none: only the pay button). */
  fields?(element: VoucherMethodElement<O>): VoucherField[];
  /** The payment data of the values, besides `paymentMethod.type`. */
  data?(values: FieldValues, element: VoucherMethodElement<O>): Record<string, unknown>;
  /** Translation key of a line above the form: what happens after the button. */
  description?: string;
}

/** The class the drop-in and the catalogue load: `new Method(checkout, options)`. */
export interface VoucherMethodClass<O extends VoucherMethodOptions> {
  new (checkout: Checkout, options?: O): VoucherMethodElement<O>;
  readonly type: string;
  readonly txVariants: readonly string[];
}

/** The element class of one voucher method whose form is plain fields, registered by its `type`. */
export function defineVoucherMethod<O extends VoucherMethodOptions = VoucherMethodOptions>(
  method: VoucherMethod<O>,
): VoucherMethodClass<O> {
  return class extends VoucherMethodElement<O> {
    static override type = method.type;
    static readonly txVariants = method.txVariants;

    constructor(checkout: Checkout, options: O = {} as O) {
      super(checkout, options, method.translations);
      // A form without fields is complete from the start (OXXO, Multibanco: only the button).
      this.state = { data: {}, isValid: (method.fields?.(this) ?? []).length === 0 };
    }

    renderView() {
      return (
        <VoucherFieldsForm
          element={this}
          fields={method.fields?.(this) ?? []}
          toData={(values) => method.data?.(values, this) ?? {}}
          description={method.description}
        />
      );
    }
  };
}
