import type { Checkout } from '../../../core/checkout.ts';
import type { ComponentData } from '../../../core/types.ts';
import { PaymentElement } from '../../base/payment-element.tsx';
import { OpenInvoiceForm } from './open-invoice-form.tsx';
import type { OpenInvoiceDefaults, OpenInvoiceOptions, Visibility } from './options.ts';
import { openInvoiceTranslations } from './translations.ts';

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
    return { ...this.formDefaults.visibility, ...this.options.visibility };
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
