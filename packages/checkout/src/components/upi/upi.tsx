import type { Checkout } from '../../core/checkout.ts';
import type { ComponentData, ElementState, PaymentData } from '../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import { defaultUpiMode, isMobileDevice, type UpiApp, type UpiMode, upiApps, upiModes } from './modes.ts';
import { translations } from './translations.ts';
import { UpiForm } from './upi-form.tsx';
import { type UpiSelection, upiErrors, upiPaymentMethod } from './validate.ts';

export interface UpiOptions extends ElementOptions {
  name?: string;
  /** The apps to offer for intent payments (else the payment method's `configuration.appIds`). */
  apps?: UpiApp[];
  /** The payment-method entry's configuration (the drop-in passes the whole entry). */
  configuration?: Record<string, unknown>;
  /** The mode opened first; by default QR on a computer, else by app when apps are listed, else by id. */
  defaultMode?: UpiMode;
}

/** The element state of a selection: its payment method, and whether it can be sent. */
export function upiState(selection: UpiSelection): ElementState<Partial<PaymentData>> {
  const errors = upiErrors(selection);
  const valid = Object.keys(errors).length === 0;
  return {
    data: { paymentMethod: upiPaymentMethod(selection) as PaymentData['paymentMethod'] },
    isValid: valid,
    ...(valid ? {} : { errors }),
  };
}

/**
 * UPI (India), three ways as a segmented control: open a UPI app on this phone (intent, answered by
 * a redirect to the app), a collect request to the shopper's UPI id, or a QR code to scan (both
 * answered by an action the core shows).
 */
export class Upi extends PaymentElement<UpiOptions> {
  static override type = 'upi';
  static readonly txVariants = ['upi'];

  constructor(checkout: Checkout, options: UpiOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(translations);
    this.state = upiState(this.initialSelection);
  }

  get displayName(): string {
    return this.options.name ?? 'UPI';
  }

  get apps(): UpiApp[] {
    return upiApps(this.options.apps, this.options.configuration);
  }

  get modes(): UpiMode[] {
    return upiModes(this.apps.length > 0);
  }

  get initialSelection(): UpiSelection {
    const { defaultMode } = this.options;
    const mode =
      defaultMode && this.modes.includes(defaultMode)
        ? defaultMode
        : defaultUpiMode(this.apps.length > 0, isMobileDevice());
    return { mode, appId: '', virtualPaymentAddress: '' };
  }

  protected formatData(): ComponentData {
    return { paymentMethod: this.state.data.paymentMethod ?? { type: 'upi_qr' } };
  }

  renderView() {
    return <UpiForm element={this} />;
  }
}
