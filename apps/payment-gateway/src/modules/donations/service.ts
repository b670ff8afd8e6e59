import { randomUUID } from 'node:crypto';
import type { Database } from '@actuate/service-kit';
import type { MerchantContext, ShopperContext } from '../../shared/context.ts';
import { gatewayError } from '../../shared/errors.ts';
import { type GatewayKeys, signToken, verifyToken } from '../crypto/service.ts';
import type { PaymentResponse } from '../payments/models.ts';
import type { PaymentRow } from '../payments/repository.ts';
import { paymentResponse } from '../payments/responses.ts';
import type { PaymentService } from '../payments/service.ts';
import type { SessionService } from '../sessions/service.ts';
import type { WebhookService } from '../webhooks/service.ts';
import { campaignsIn, findCampaign, hasCampaignIn } from './campaigns.ts';
import type { DonationCampaignsRequest, DonationRequest, SessionDonationRequest } from './models.ts';
import { findDonationOf, insertDonation } from './repository.ts';
import { donationAmountProblem } from './rules.ts';
import type { DonationStatus } from './schema.ts';

const DONATION_TOKEN_PREFIX = 'DT1!';

const statusOf = (resultCode: string): DonationStatus =>
  resultCode === 'Authorised' ? 'completed' : resultCode === 'Refused' ? 'refused' : 'pending';

/**
 * Adyen Giving in the sandbox: campaigns per currency, a donationToken on every authorised payment in
 * a currency with a campaign, and donations, each a payment of its own on the original's method.
 * One donation per original payment; bad input is a 4xx and changes nothing.
 */
export class DonationService {
  constructor(
    private readonly db: Database,
    private readonly keys: GatewayKeys,
    private readonly payments: PaymentService,
    private readonly sessions: SessionService,
    private readonly webhooks: WebhookService,
    private readonly publicUrl: string,
  ) {}

  /** The `donationToken` an authorised payment's answer carries (signed, naming the payment). */
  tokenFor(payment: PaymentRow): Partial<PaymentResponse> {
    if (payment.resultCode !== 'Authorised' || !hasCampaignIn(payment.currency)) return {};
    return {
      donationToken: signToken(this.keys.tokenKey, DONATION_TOKEN_PREFIX, {
        p: payment.pspReference,
        m: payment.merchantAccount,
      }),
    };
  }

  /** `POST /donationCampaigns`. */
  campaigns(_context: MerchantContext, request: DonationCampaignsRequest) {
    return { donationCampaigns: campaignsIn(request.currency, this.publicUrl, request.locale) };
  }

  /** `POST /donations`. */
  async donate(context: MerchantContext, request: DonationRequest) {
    const claims = verifyToken<{ p?: string; m?: string }>(
      this.keys.tokenKey,
      DONATION_TOKEN_PREFIX,
      request.donationToken,
    );
    if (
      !claims?.p ||
      claims.m !== context.merchant.account ||
      claims.p !== request.donationOriginalPspReference
    )
      throw gatewayError.unprocessable(
        '000',
        'Invalid donationToken: unknown, tampered, or not for donationOriginalPspReference.',
      );
    return this.donateAfter(context, claims.p, request);
  }

  /** `v1/sessions/{id}/donationCampaigns`: the campaigns in the session's currency. */
  async sessionCampaigns(context: ShopperContext, sessionId: string, sessionData: string) {
    const paid = await this.sessions.authorisedPaymentOf(context, sessionId, sessionData);
    return {
      donationCampaigns: paid.payment ? campaignsIn(paid.payment.currency, this.publicUrl, paid.locale) : [],
      sessionData: paid.sessionData,
    };
  }

  /** `v1/sessions/{id}/donations`: a donation after the session's authorised payment. */
  async sessionDonate(context: ShopperContext, sessionId: string, request: SessionDonationRequest) {
    const paid = await this.sessions.authorisedPaymentOf(context, sessionId, request.sessionData);
    if (!paid.payment)
      throw gatewayError.unprocessable('000', 'The session has no authorised payment to donate after.');
    const donation = await this.donateAfter(context, paid.payment.pspReference, {
      amount: request.amount,
      donationCampaignId: request.donationCampaignId,
      reference: `${paid.payment.merchantReference}-donation`,
    });
    return {
      resultCode: donation.payment.resultCode,
      status: donation.status,
      sessionData: paid.sessionData,
    };
  }

  private async donateAfter(
    context: MerchantContext,
    originalPspReference: string,
    request: Pick<DonationRequest, 'amount' | 'donationCampaignId' | 'reference'>,
  ) {
    const campaign = findCampaign(request.donationCampaignId);
    if (!campaign) throw gatewayError.unprocessable('000', 'Unknown donationCampaignId.');
    const problem = donationAmountProblem(campaign, request.amount);
    if (problem) throw gatewayError.unprocessable('137', `Invalid amount specified: ${problem}`);
    const { merchant, now } = context;
    return this.db.transaction(async (tx) => {
      // The lock makes concurrent donations with the same token wait, so only one is made.
      const original = await this.payments.lockPayment(tx, merchant, originalPspReference);
      if (original?.resultCode !== 'Authorised')
        throw gatewayError.unprocessable('167', 'The original payment is unknown or not authorised.');
      const earlier = await findDonationOf(tx, merchant.account, original.pspReference);
      if (earlier)
        throw gatewayError.unprocessable(
          '000',
          'This donationToken was used already: one donation per payment.',
          earlier.pspReference,
        );
      const payment = await this.payments.chargeSameMethod(
        tx,
        merchant,
        original,
        { amount: request.amount, reference: request.reference },
        now,
      );
      const donation = {
        id: `DON-${randomUUID()}`,
        merchantAccount: merchant.account,
        originalPspReference: original.pspReference,
        pspReference: payment.pspReference,
        donationCampaignId: campaign.id,
        donationAccount: campaign.donationAccount,
        reference: request.reference,
        currency: request.amount.currency,
        amountValue: request.amount.value,
        status: statusOf(payment.resultCode),
        createdAt: now,
      };
      await insertDonation(tx, donation);
      await this.webhooks.notify(tx, merchant, {
        eventCode: 'DONATION',
        paymentPspReference: original.pspReference,
        pspReference: payment.pspReference,
        merchantReference: request.reference,
        amount: request.amount,
        success: donation.status === 'completed',
        paymentMethod: payment.brand ?? payment.paymentMethodType,
        additionalData: { donationCampaignId: campaign.id, donationAccount: campaign.donationAccount },
        eventDate: now,
      });
      return {
        id: donation.id,
        status: donation.status,
        amount: request.amount,
        reference: request.reference,
        merchantAccount: merchant.account,
        donationAccount: campaign.donationAccount,
        payment: paymentResponse(payment),
      };
    });
  }
}
