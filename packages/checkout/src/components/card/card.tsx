import { collectBrowserInfo } from '../../core/browser-info.ts';
import type { Checkout } from '../../core/checkout.ts';
import { CheckoutError, IMPLEMENTATION_ERRORS } from '../../core/errors.ts';
import type { ComponentData } from '../../core/types.ts';
import { PaymentElement } from '../base/payment-element.tsx';
import type { ClickToPayCheckoutPayload } from '../clicktopay/shopper-cards.ts';
import { DEFAULT_CARD_BRANDS } from './card-brands.ts';
import { CardWithClickToPay, loadCardClickToPay } from './card-click-to-pay.tsx';
import { CardForm } from './card-form.tsx';
import type { CardOptions } from './card-options.ts';

/**
 * Card payments (and stored cards, when created with a stored payment method): `new Card(checkout,
 * options).mount('#card')`.
 */
export class Card extends PaymentElement<CardOptions> {
  static override type = 'scheme';
  /** Types of payment-method entries this component renders (the drop-in matches them). */
  static readonly txVariants = ['scheme', 'card', 'storedCard'];

  constructor(checkout: Checkout, options: CardOptions = {}) {
    const stored =
      options.storedPaymentMethodId ??
      (options.id && options.supportedShopperInteractions ? options.id : undefined);
    const merged: CardOptions = {
      ...(checkout.options.paymentMethodsConfiguration?.card as CardOptions | undefined),
      ...options,
      ...(stored ? { storedPaymentMethodId: stored } : {}),
    };
    if (
      stored &&
      merged.supportedShopperInteractions &&
      !merged.supportedShopperInteractions.includes('Ecommerce')
    ) {
      throw new CheckoutError('IMPLEMENTATION_ERROR', IMPLEMENTATION_ERRORS.storedCardWithoutEcommerce);
    }
    super(checkout, merged);
    // Click to Pay when the card's configuration (or the scheme entry) names a scheme; not for stored cards.
    if (!stored) loadCardClickToPay(this);
  }

  get txVariant(): string {
    return this.options.txVariant ?? 'scheme';
  }

  /** The merchant's brands, else those of the scheme payment method, else mc, visa, amex. */
  get supportedBrands(): string[] {
    if (this.options.brands?.length) return this.options.brands;
    const scheme = this.checkout.paymentMethodsResponse.paymentMethods?.find(
      (method) => method.type === 'scheme',
    );
    return scheme?.brands?.length ? scheme.brands : DEFAULT_CARD_BRANDS;
  }

  get displayName(): string {
    return this.options.storedPaymentMethodId ? `•••• ${this.options.lastFour ?? ''}` : 'Cards';
  }

  protected formatData(): ComponentData {
    const data = this.state.data;
    return {
      ...data,
      paymentMethod: { type: this.txVariant, ...data.paymentMethod },
      browserInfo: collectBrowserInfo(),
      origin: window.location.origin,
    };
  }

  /** Click to Pay's DCF completed: pay with the scheme's references instead of the card fields. */
  payWithClickToPay(payload: ClickToPayCheckoutPayload): void {
    this.setState({ isValid: true, data: { paymentMethod: { type: 'scheme', ...payload } } });
    void this.submit();
  }

  protected override actionOptions(): Record<string, unknown> {
    return this.options.challengeWindowSize ? { challengeWindowSize: this.options.challengeWindowSize } : {};
  }

  renderView() {
    return (
      <CardWithClickToPay element={this}>
        <CardForm element={this} />
      </CardWithClickToPay>
    );
  }
}
