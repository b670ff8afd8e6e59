import type { Checkout } from '../../core/checkout.ts';
import type { ComponentData } from '../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import { MBWayForm } from './mbway-form.tsx';
import { translations } from './translations.ts';

export interface MBWayOptions extends ElementOptions {
  /** The payment-method entry's type and name (the drop-in passes the whole entry). */
  type?: string;
  name?: string;
}

/**
 * MB Way (Portugal): the shopper gives the mobile number their MB Way app runs on and confirms the
 * payment there (an await action the core shows).
 */
export class MBWay extends PaymentElement<MBWayOptions> {
  static override type = 'mbway';
  static readonly txVariants = ['mbway'];

  constructor(checkout: Checkout, options: MBWayOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(translations);
  }

  get displayName(): string {
    return this.options.name ?? 'MB Way';
  }

  protected formatData(): ComponentData {
    const { telephoneNumber } = this.state.data;
    return {
      paymentMethod: {
        type: this.options.type ?? MBWay.type,
        ...(typeof telephoneNumber === 'string' ? { telephoneNumber } : {}),
      },
    };
  }

  renderView() {
    return <MBWayForm element={this} />;
  }
}
