import type { Checkout } from '../../core/checkout.ts';
import type { SecuredFieldStyles } from '../../core/theme.ts';
import type { ComponentData } from '../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import type { AddressField, BillingAddressMode } from '../internal/address/address-rules.ts';
import { AchForm, StoredAchButton } from './ach-form.tsx';
import { achTranslations } from './translations.ts';

export interface AchOptions extends ElementOptions {
  /** Show the account holder's name (default true). */
  hasHolderName?: boolean;
  /** The name must be filled in (default false). */
  holderNameRequired?: boolean;
  /** Offer to store the account (not for a zero amount). */
  enableStoreDetails?: boolean;
  billingAddressRequired?: boolean;
  billingAddressMode?: BillingAddressMode;
  billingAddressRequiredFields?: AddressField[];
  /** Countries the billing address may be in; only US and PR are kept. */
  billingAddressAllowedCountries?: string[];
  /** The account and routing-number inputs inside the frames per state (as the Card's `styles`). */
  styles?: SecuredFieldStyles;
  data?: {
    ownerName?: string;
    bankAccountType?: 'checking' | 'savings';
    billingAddress?: Record<string, string>;
  };
  name?: string;
  /** A stored account: the id, and what the stored entry tells about it. */
  storedPaymentMethodId?: string;
  id?: string;
  supportedShopperInteractions?: string[];
  bankAccountNumber?: string;
  ownerName?: string;
}

/**
 * ACH Direct Debit: account type, holder name, and the account and routing numbers in secured frames;
 * a stored account is one button.
 */
export class Ach extends PaymentElement<AchOptions> {
  static override type = 'ach';
  static readonly txVariants = ['ach'];
  /** The form sets this: where Shift+Tab from the first frame goes. */
  focusBeforeFrames: (() => void) | undefined;

  constructor(checkout: Checkout, options: AchOptions = {}) {
    checkout.addTranslations(achTranslations);
    const stored =
      options.storedPaymentMethodId ??
      (options.id && options.supportedShopperInteractions ? options.id : undefined);
    super(checkout, {
      ...(checkout.options.paymentMethodsConfiguration?.ach as AchOptions | undefined),
      ...options,
      ...(stored ? { storedPaymentMethodId: stored } : {}),
    });
  }

  get isStored(): boolean {
    return !!this.options.storedPaymentMethodId;
  }

  override get isValid(): boolean {
    return this.isStored || this.state.isValid;
  }

  get displayName(): string {
    const name = this.options.name ?? this.checkout.i18n.get('ach.title');
    return this.isStored && this.options.bankAccountNumber
      ? `${name} ${this.options.bankAccountNumber}`
      : name;
  }

  protected formatData(): ComponentData {
    if (this.isStored)
      return { paymentMethod: { type: 'ach', storedPaymentMethodId: this.options.storedPaymentMethodId } };
    return { ...this.state.data, paymentMethod: { ...this.state.data.paymentMethod, type: 'ach' } };
  }

  renderView() {
    return this.isStored ? <StoredAchButton element={this} /> : <AchForm element={this} />;
  }
}
