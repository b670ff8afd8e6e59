import type { DonationCallbacks, DonationState } from '../../core/callbacks.ts';
import type { Checkout } from '../../core/checkout.ts';
import { CheckoutError } from '../../core/errors.ts';
import type { ComponentData } from '../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import { type DonationSettings, donationAmount, donationTypeOf } from './amounts.ts';
import { DonationView } from './donation-view.tsx';
import { translations } from './translations.ts';

/** A campaign as the gateway's `/donationCampaigns` returns it (names as in Adyen Web). */
export interface DonationCampaignProps {
  /** The campaign's id (`donationCampaignId` is accepted too). */
  id?: string;
  donationCampaignId?: string;
  campaignName?: string;
  causeName?: string;
  nonprofitName?: string;
  nonprofitDescription?: string;
  nonprofitUrl?: string;
  logoUrl?: string;
  bannerUrl?: string;
  termsAndConditionsUrl?: string;
  donation: DonationSettings;
}

export interface DonationOptions extends ElementOptions, DonationCampaignProps, DonationCallbacks {
  /** The order's amount in minor units, which a round-up rounds (default: the checkout's amount). */
  commercialTxAmount?: number;
  /** Show "Not now" (default true). */
  showCancelButton?: boolean;
  /** The payment's donationToken, handed back in `state.data`. */
  donationToken?: string;
}

/**
 * Asks the shopper for a donation after a payment: the campaign's banner, fixed amounts or a
 * round-up, Donate and Not now. The merchant's `onDonate` makes the donation and sets the result with
 * `setStatus('success' | 'error')`; the view then shows the thank-you or an error.
 */
export class Donation extends PaymentElement<DonationOptions> {
  static override type = 'donation';
  private chosenValue: number | undefined;

  constructor(checkout: Checkout, options: DonationOptions) {
    if (!options?.donation?.currency)
      throw new CheckoutError(
        'IMPLEMENTATION_ERROR',
        'Donation needs a campaign with its donation settings.',
      );
    super(checkout, { showCancelButton: true, ...options });
    checkout.addTranslations(translations);
  }

  get commercialTxAmount(): number {
    return this.options.commercialTxAmount ?? this.checkout.amount?.value ?? 0;
  }

  /** The amount to give: the round-up at once, a fixed amount once chosen. */
  get amount() {
    return donationAmount(this.options.donation, this.commercialTxAmount, this.chosenValue);
  }

  override get isValid(): boolean {
    return this.amount !== undefined;
  }

  get donationState(): DonationState {
    const { donation, id, donationCampaignId, donationToken } = this.options;
    const amount = this.amount;
    const campaignId = id ?? donationCampaignId;
    return {
      data: {
        ...(amount ? { amount } : {}),
        donationType: donationTypeOf(donation),
        ...(campaignId ? { donationCampaignId: campaignId } : {}),
        ...(donationToken ? { donationToken } : {}),
      },
      isValid: amount !== undefined,
    };
  }

  /** The view reports the shopper's choice of a fixed amount. */
  choose(value: number): void {
    this.chosenValue = value;
    this.view.set({ revision: this.view.get().revision + 1 });
  }

  /** Donate: loading, then the merchant's onDonate decides (setStatus). */
  override submit(): Promise<void> {
    if (!this.isValid || this.view.get().status === 'loading') return Promise.resolve();
    this.setStatus('loading');
    this.checkout.analytics.send('info', { type: 'submit', component: this.type });
    this.options.onDonate?.(this.donationState, this);
    return Promise.resolve();
  }

  cancel(): void {
    this.options.onCancel?.(this.donationState, this);
  }

  /** Not a payment method: a donation is no payment the widget submits (onDonate is). */
  protected formatData(): ComponentData {
    return { paymentMethod: { type: Donation.type } };
  }

  renderView() {
    return <DonationView element={this} />;
  }
}
