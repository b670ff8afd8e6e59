import type { Checkout } from '../../../core/checkout.ts';
import {
  RedirectMethodElement,
  type RedirectMethodOptions,
} from '../redirect-method/redirect-method-element.tsx';
import { qrTranslations } from './translations.ts';

export interface QrMethodOptions extends RedirectMethodOptions {
  /** Minutes the shopper has to scan, when the gateway's action states no expiry. */
  countdownTime?: number;
}

/** The class the drop-in and the catalogue load: `new Method(checkout, options)`. */
export interface QrMethodClass {
  new (checkout: Checkout, options?: QrMethodOptions): RedirectMethodElement<QrMethodOptions>;
  readonly type: string;
  readonly txVariants: readonly string[];
}

/**
 * A method whose only step before the QR code is "continue": the payment answers with a `qrCode`
 * action, which the checkout shows in this element's place.
 */
export function defineQrMethod(method: { type: string; name: string }): QrMethodClass {
  return class extends RedirectMethodElement<QrMethodOptions> {
    static override type = method.type;
    static readonly txVariants = [method.type];

    constructor(checkout: Checkout, options: QrMethodOptions = {}) {
      super(checkout, {
        ...(checkout.options.paymentMethodsConfiguration?.[method.type] as QrMethodOptions | undefined),
        ...options,
      });
      checkout.addTranslations(qrTranslations);
    }

    override get displayName() {
      return this.options.name ?? method.name;
    }

    protected override actionOptions() {
      return this.options.countdownTime === undefined ? {} : { countdownTime: this.options.countdownTime };
    }

    protected override description() {
      return (
        <p className="actuate-checkout__hint">
          {this.checkout.i18n.get('qrMethod.description', { method: this.displayName })}
        </p>
      );
    }
  };
}
