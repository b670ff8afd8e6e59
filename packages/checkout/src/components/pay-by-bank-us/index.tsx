import type { Checkout } from '../../core/checkout.ts';
import type { ComponentData } from '../../core/types.ts';
import {
  RedirectMethodElement,
  type RedirectMethodOptions,
} from '../internal/redirect-method/redirect-method-element.tsx';
import { translations } from './translations.ts';

export interface PayByBankUSOptions extends RedirectMethodOptions {
  /** Named in the direct-debit disclaimer (else a generic "the merchant"). */
  merchantDisplayName?: string;
  /** A stored bank account (the drop-in passes it for a stored entry). */
  storedPaymentMethodId?: string;
}

/**
 * Pay by Bank US (`paybybank_AIS_DD`): the shopper connects a bank account at the provider; the
 * payment is an account-to-account direct debit, so the widget shows the debit authorization first.
 */
export class PayByBankUS extends RedirectMethodElement<PayByBankUSOptions> {
  static override type = 'paybybank_AIS_DD';
  static readonly txVariants = ['paybybank_AIS_DD'];

  constructor(checkout: Checkout, options: PayByBankUSOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(translations);
  }

  override get displayName() {
    return this.options.name ?? 'Pay by Bank';
  }

  protected override formatData(): ComponentData {
    const data = super.formatData();
    const stored = this.options.storedPaymentMethodId;
    return stored
      ? { ...data, paymentMethod: { ...data.paymentMethod, storedPaymentMethodId: stored } }
      : data;
  }

  protected override description() {
    const { i18n } = this.checkout;
    const merchant = this.options.merchantDisplayName ?? i18n.get('paybybankAISDD.disclaimer.merchant');
    return (
      <div className="actuate-checkout__redirect-description">
        <p>
          <strong>{i18n.get('paybybankAISDD.disclaimer.header')}</strong>
        </p>
        <p>{i18n.get('paybybankAISDD.disclaimer.body', { merchant })}</p>
      </div>
    );
  }
}

export default PayByBankUS;
