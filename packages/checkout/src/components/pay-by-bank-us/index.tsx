import type { ComponentData } from '../../core/types.ts';
import {
  defineRedirectMethod,
  type RedirectMethodOptions,
} from '../internal/redirect-method/redirect-method-element.tsx';
import { translations } from './translations.ts';

export interface PayByBankUSOptions extends RedirectMethodOptions {
  /** Named in the direct-debit disclaimer (else a generic "the merchant"). */
  merchantDisplayName?: string;
  /** A stored bank account (the drop-in passes it for a stored entry). */
  storedPaymentMethodId?: string;
}

const PayByBankUSMethod = defineRedirectMethod<PayByBankUSOptions>({
  type: 'paybybank_AIS_DD',
  name: 'Pay by Bank',
  translations,
  description: ({ checkout: { i18n }, props }) => (
    <div className="actuate-checkout__redirect-description">
      <p>
        <strong>{i18n.get('paybybankAISDD.disclaimer.header')}</strong>
      </p>
      <p>
        {i18n.get('paybybankAISDD.disclaimer.body', {
          merchant: props.merchantDisplayName ?? i18n.get('paybybankAISDD.disclaimer.merchant'),
        })}
      </p>
    </div>
  ),
});

/**
 * Pay by Bank US (`paybybank_AIS_DD`): the shopper connects a bank account at the provider; the
 * payment is an account-to-account direct debit, so the widget shows the debit authorization first.
 */
export class PayByBankUS extends PayByBankUSMethod {
  protected override formatData(): ComponentData {
    const data = super.formatData();
    const stored = this.props.storedPaymentMethodId;
    return stored
      ? { ...data, paymentMethod: { ...data.paymentMethod, storedPaymentMethodId: stored } }
      : data;
  }
}

export default PayByBankUS;
