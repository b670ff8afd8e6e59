import type { Checkout } from '../../core/checkout.ts';
import type { ComponentData } from '../../core/types.ts';
import { useViewState } from '../base/element-root.tsx';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import { PayFooter } from '../internal/pay-footer.tsx';
import { klarnaTranslations } from './translations.ts';

export interface KlarnaOptions extends ElementOptions {
  /** The payment-method type from the /paymentMethods entry (klarna, klarna_account, …). */
  type?: string;
  name?: string;
}

/**
 * Klarna, redirect flavour (`klarna`, `klarna_account`, `klarna_paynow`, `klarna_b2b`): no form
 * here — the shopper continues to Klarna's page (a redirect action) and comes back with the result.
 */
export class Klarna extends PaymentElement<KlarnaOptions> {
  static override type = 'klarna';
  static readonly txVariants = ['klarna', 'klarna_account', 'klarna_paynow', 'klarna_b2b'];

  constructor(checkout: Checkout, options: KlarnaOptions = {}) {
    const type = options.type ?? 'klarna';
    super(checkout, {
      ...(checkout.options.paymentMethodsConfiguration?.[type] as KlarnaOptions | undefined),
      ...options,
    });
    checkout.addTranslations(klarnaTranslations);
  }

  get txVariant(): string {
    return this.options.type ?? 'klarna';
  }

  override get isValid() {
    return true;
  }

  get displayName(): string {
    return this.options.name ?? 'Klarna';
  }

  protected formatData(): ComponentData {
    return { paymentMethod: { type: this.txVariant } };
  }

  renderView() {
    return <KlarnaView element={this} />;
  }
}

function KlarnaView({ element }: { element: Klarna }) {
  const view = useViewState(element);
  const { i18n } = element.checkout;
  return (
    <div className="actuate-checkout__redirect-method">
      <p className="actuate-checkout__intro">
        {i18n.get(element.txVariant === 'klarna_b2b' ? 'klarna.b2b.intro' : 'klarna.intro')}
      </p>
      <PayFooter element={element} view={view} label={i18n.get('klarna.continue')} />
    </div>
  );
}
