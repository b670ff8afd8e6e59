import type { Checkout } from '../../core/checkout.ts';
import type { ComponentData } from '../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import { qrTranslations } from '../internal/qr-loader/translations.ts';
import { PixForm } from './pix-form.tsx';
import { pixTranslations } from './translations.ts';

export interface PixOptions extends ElementOptions {
  /** Ask for the shopper's name and CPF/CNPJ (default true); the merchant may already know them. */
  personalDetailsRequired?: boolean;
  /** Minutes the shopper has to pay, when the gateway's action states no expiry (default 15). */
  countdownTime?: number;
  data?: { firstName?: string; lastName?: string; socialSecurityNumber?: string };
  name?: string;
}

/** Pix (Brazil): the shopper's name and CPF/CNPJ, then a QR code to pay from their bank app. */
export class Pix extends PaymentElement<PixOptions> {
  static override type = 'pix';
  static readonly txVariants = ['pix'];

  constructor(checkout: Checkout, options: PixOptions = {}) {
    checkout.addTranslations(pixTranslations);
    checkout.addTranslations(qrTranslations);
    super(checkout, {
      ...(checkout.options.paymentMethodsConfiguration?.pix as PixOptions | undefined),
      ...options,
    });
  }

  get personalDetailsRequired(): boolean {
    return this.options.personalDetailsRequired !== false;
  }

  override get isValid(): boolean {
    return !this.personalDetailsRequired || this.state.isValid;
  }

  protected formatData(): ComponentData {
    return { ...this.state.data, paymentMethod: { type: 'pix' } };
  }

  protected override actionOptions() {
    return this.options.countdownTime === undefined ? {} : { countdownTime: this.options.countdownTime };
  }

  renderView() {
    return <PixForm element={this} />;
  }
}
