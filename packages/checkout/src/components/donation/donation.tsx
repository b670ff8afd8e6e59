import type { DonationCallbacks, DonationState } from '../../core/callbacks.ts';
import type { Checkout } from '../../core/checkout.ts';
import { CheckoutError } from '../../core/errors.ts';
import type { ComponentData } from '../../core/types.ts';
import { type ElementOptions, PaymentElement } from '../base/payment-element.tsx';
import { type DonationSettings, type DonationType, donationAmount, donationTypeOf } from './amounts.ts';
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

  /**
   * Sessions flow: asks the gateway for the session's campaigns (the first one, or the first of
   * `donationType`) and returns a Donation that donates through the session, or undefined when the
   * session's payment has no campaign. `onDonationCompleted(didDonate)` follows a donation or "Not
   * now"; `onDonationFailed(reason)` a refused or failed one.
   */
  static async forSession(
    checkout: Checkout,
    options: Omit<Partial<DonationOptions>, 'donation' | 'onDonate' | 'onCancel'> & {
      donationType?: DonationType;
      onDonationCompleted?(result: { didDonate: boolean }): void;
      onDonationFailed?(reason: unknown): void;
    } = {},
  ): Promise<Donation | undefined> {
    const session = checkout.session;
    if (!session) throw new CheckoutError('IMPLEMENTATION_ERROR', 'Donation.forSession needs a session.');
    const { donationType, onDonationCompleted, onDonationFailed, ...rest } = options;
    const { donationCampaigns = [] } = await session.donationCampaigns<
      DonationCampaignProps & { id: string }
    >();
    const campaign = donationCampaigns.find(
      (candidate) => !donationType || donationTypeOf(candidate.donation) === donationType,
    );
    if (!campaign) return undefined;
    return new Donation(checkout, {
      ...campaign,
      ...rest,
      onDonate: (state, element) => {
        const { amount, donationType: type } = state.data;
        if (!amount) return;
        session.donate({ amount, donationCampaignId: campaign.id, donationType: type }).then(
          (answer) => {
            const made = answer.resultCode === 'Authorised';
            element.setStatus(made ? 'success' : 'error');
            if (made) onDonationCompleted?.({ didDonate: true });
            else onDonationFailed?.(answer.resultCode);
          },
          (error: unknown) => {
            element.setStatus('error');
            onDonationFailed?.(error);
          },
        );
      },
      onCancel: () => onDonationCompleted?.({ didDonate: false }),
    });
  }

  /** "Not now": calls `onCancel`. */
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
