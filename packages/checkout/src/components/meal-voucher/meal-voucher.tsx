import type { Checkout } from '../../core/checkout.ts';
import { GiftCardElement, type GiftCardOptions } from '../internal/gift-card/gift-card-element.tsx';

export const MEAL_VOUCHER_TYPES = [
  'mealVoucher_FR',
  'mealVoucher_FR_natixis',
  'mealVoucher_FR_sodexo',
  'mealVoucher_FR_groupeup',
] as const;

/**
 * French meal vouchers (`mealVoucher_FR_natixis`, `_sodexo`, `_groupeup`): a gift card with an expiry
 * date; the type is also the brand.
 */
export class MealVoucherFR extends GiftCardElement {
  static override type = 'mealVoucher_FR';
  static readonly txVariants = MEAL_VOUCHER_TYPES;

  constructor(checkout: Checkout, options: GiftCardOptions = {}) {
    const type = options.type ?? 'mealVoucher_FR';
    super(checkout, {
      ...(checkout.options.paymentMethodsConfiguration?.[type] as GiftCardOptions),
      ...options,
      type,
    });
  }

  get paymentMethodType(): string {
    return this.options.type ?? 'mealVoucher_FR';
  }

  get brand(): string {
    return this.options.brand ?? this.paymentMethodType;
  }

  get hasExpiryDate(): boolean {
    return true;
  }

  override get displayName(): string {
    return this.options.name ?? this.checkout.i18n.get('mealVoucher.title');
  }
}
