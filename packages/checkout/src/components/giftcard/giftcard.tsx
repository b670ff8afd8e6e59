import type { Checkout } from '../../core/checkout.ts';
import { GiftCardElement, type GiftCardOptions } from '../internal/gift-card/gift-card-element.tsx';

/** Names of the sandbox's gift-card schemes, for an entry that has none. */
const BRAND_NAMES: Record<string, string> = {
  givex: 'Givex',
  svs: 'SVS',
  genericgiftcard: 'Generic GiftCard',
};

/**
 * A gift card (`type: 'giftcard'`): the scheme is the payment-method entry's `brand` (givex, svs,
 * genericgiftcard …). Number and PIN in the gateway's frames, balance check, partial payment.
 */
export class Giftcard extends GiftCardElement {
  static override type = 'giftcard';
  static readonly txVariants = ['giftcard'];

  constructor(checkout: Checkout, options: GiftCardOptions = {}) {
    super(checkout, {
      ...(checkout.options.paymentMethodsConfiguration?.giftcard as GiftCardOptions),
      ...options,
    });
  }

  get paymentMethodType(): string {
    return 'giftcard';
  }

  get brand(): string {
    return this.options.brand ?? 'genericgiftcard';
  }

  get hasExpiryDate(): boolean {
    return false;
  }

  override get displayName(): string {
    return this.options.name ?? BRAND_NAMES[this.brand] ?? this.checkout.i18n.get('giftcard.title');
  }
}
