import type { Checkout } from '../../../core/checkout.ts';
import type { MethodTranslations } from '../../../core/i18n/i18n.ts';
import type { ComponentData } from '../../../core/types.ts';
import { PaymentElement } from '../../base/payment-element.tsx';
import { OpenInvoiceForm } from './open-invoice-form.tsx';
import {
  ALL_PERSONAL_FIELDS,
  DEFAULT_VISIBILITY,
  type OpenInvoiceDefaults,
  type OpenInvoiceOptions,
  type Visibility,
} from './options.ts';
import { openInvoiceTranslations } from './translations.ts';
import type { PersonalField } from './validate.ts';

/**
 * The base of every open-invoice method: the method folder says which sections and fields it shows,
 * its countries and its consent; this class holds the options and hands the form to the core.
 */
export abstract class OpenInvoiceElement extends PaymentElement<OpenInvoiceOptions> {
  constructor(checkout: Checkout, options: OpenInvoiceOptions = {}) {
    const type = options.type ?? (new.target as unknown as { type: string }).type;
    super(checkout, {
      ...(checkout.options.paymentMethodsConfiguration?.[type] as OpenInvoiceOptions | undefined),
      ...options,
    });
    checkout.addTranslations(openInvoiceTranslations);
  }

  /** The method's defaults for the payment-method type it renders. */
  protected abstract defaultsFor(txVariant: string): OpenInvoiceDefaults;

  get txVariant(): string {
    return this.options.type ?? this.type;
  }

  get formDefaults(): OpenInvoiceDefaults {
    return this.defaultsFor(this.txVariant);
  }

  /** The method's visibility with the merchant's choices on top. */
  get visibility(): Visibility {
    return { ...DEFAULT_VISIBILITY, ...this.formDefaults.visibility, ...this.options.visibility };
  }

  get personalFields(): readonly PersonalField[] {
    return this.formDefaults.personalFields ?? ALL_PERSONAL_FIELDS;
  }

  get displayName(): string {
    return this.options.name ?? this.txVariant;
  }

  protected formatData(): ComponentData {
    return { ...this.state.data, paymentMethod: { type: this.txVariant, ...this.state.data.paymentMethod } };
  }

  renderView() {
    return <OpenInvoiceForm element={this} />;
  }
}

/** What an open-invoice method folder states; the form, its checks and the data sent are shared. */
interface OpenInvoiceMethod {
  type: string;
  /** Every payment-method type the folder renders (default: `type` alone). */
  txVariants?: readonly string[];
  translations: MethodTranslations;
  /** The form's defaults: fixed, or per type and element (a business variant, the shopper's country). */
  defaults: OpenInvoiceDefaults | ((txVariant: string, element: OpenInvoiceElement) => OpenInvoiceDefaults);
}

/** The class the drop-in and the catalogue load: `new Method(checkout, options)`. */
export interface OpenInvoiceMethodClass {
  new (checkout: Checkout, options?: OpenInvoiceOptions): OpenInvoiceElement;
  readonly type: string;
  readonly txVariants: readonly string[];
}

/** The element class of one open-invoice method, registered by its `type`. */
export function defineOpenInvoiceMethod(method: OpenInvoiceMethod): OpenInvoiceMethodClass {
  const { defaults, translations } = method;
  return class extends OpenInvoiceElement {
    static override type = method.type;
    static readonly txVariants = method.txVariants ?? [method.type];

    constructor(checkout: Checkout, options: OpenInvoiceOptions = {}) {
      super(checkout, options);
      checkout.addTranslations(translations);
    }

    protected defaultsFor(txVariant: string): OpenInvoiceDefaults {
      return typeof defaults === 'function' ? defaults(txVariant, this) : defaults;
    }
  };
}
