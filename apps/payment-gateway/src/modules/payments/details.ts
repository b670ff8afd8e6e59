import type { Database } from '@actuate/service-kit';
import type { MerchantContext } from '../../shared/context.ts';
import { gatewayError } from '../../shared/errors.ts';
import type { Merchant } from '../merchants/service.ts';
import { isOpen, type ShopperStepChoice } from '../shopper-steps/actions.ts';
import { pspReferenceOfRedirectResult } from '../shopper-steps/tokens.ts';
import type { PaymentFinaliser } from './finalise.ts';
import type { PaymentDetailsRequest, PaymentResponse } from './models.ts';
import { PAYLOAD_PREFIX, paymentOfPaymentData, paymentOfToken } from './payment-tokens.ts';
import { findPayment, type PaymentRow } from './repository.ts';
import { approvedOutcome, assertOrderOfPayment } from './sdk-approval.ts';
import { AUTHORISATION_TOKEN_PREFIX, decodeBase64Json, type ThreeDsSteps } from './threeds-steps.ts';
import { widgetCompletion } from './widget-completion.ts';

/** What the details flow uses of the payment core: the answer, lapses and shopper-step outcomes. */
export interface DetailsHost {
  responseFor(payment: PaymentRow): PaymentResponse;
  current(merchant: Merchant, payment: PaymentRow, now: Date): Promise<PaymentRow>;
  completeShopperStep(
    merchant: Merchant,
    pspReference: string,
    choice: ShopperStepChoice,
    now: Date,
  ): Promise<PaymentRow>;
}

/**
 * `POST /payments/details`, one kind of details after the other: the 3-D Secure 2 fingerprint and
 * challenge results, a wallet order the shopper approved in the wallet's SDK, the return from a
 * simulator page (`redirectResult`, or a status poll's `payload`), and an in-page widget's result.
 */
export class PaymentDetailsFlow {
  constructor(
    private readonly db: Database,
    private readonly tokenKey: Buffer,
    private readonly threeDsSteps: ThreeDsSteps,
    private readonly finaliser: PaymentFinaliser,
    private readonly host: DetailsHost,
  ) {}

  async submit(context: MerchantContext, request: PaymentDetailsRequest): Promise<PaymentResponse> {
    const { details } = request;
    const { merchant, now } = context;
    const byPaymentData = (paymentData: string | undefined) =>
      paymentOfPaymentData(this.db, this.tokenKey, merchant, paymentData);
    const fingerprint = details['threeds2.fingerprint'];
    if (fingerprint !== undefined) {
      const payment = await byPaymentData(request.paymentData);
      const next = await this.threeDsSteps.continueAfterFingerprint(payment, fingerprint);
      if (next.type === 'action')
        return {
          resultCode: 'ChallengeShopper',
          merchantReference: payment.merchantReference,
          action: next.action,
        };
      return this.completeAuthentication(context, payment);
    }
    const threeDsResult = details.threeDSResult ?? details['threeds2.challengeResult'];
    if (threeDsResult !== undefined) {
      const result = decodeBase64Json<{ transStatus?: string; authorisationToken?: string }>(threeDsResult);
      if (!result) throw gatewayError.unprocessable('15_002', 'Invalid payload provided: threeDSResult.');
      const payment = result.authorisationToken
        ? await paymentOfToken(
            this.db,
            this.tokenKey,
            merchant,
            AUTHORISATION_TOKEN_PREFIX,
            result.authorisationToken,
          )
        : await byPaymentData(request.paymentData);
      return this.completeAuthentication(context, payment);
    }
    // The shopper approved a wallet order in the wallet's SDK (a payment-account wallet's onApprove data).
    if (details.orderID !== undefined) {
      const payment = await byPaymentData(request.paymentData);
      assertOrderOfPayment(this.tokenKey, payment, details.orderID);
      const open = await this.host.current(merchant, payment, now);
      if (!isOpen(open)) return this.host.responseFor(open);
      const outcome = approvedOutcome(open, details.payerID);
      const final = await this.db.transaction((tx) =>
        this.finaliser.finalise(tx, merchant, open, outcome, now),
      );
      return this.host.responseFor(final);
    }
    // The shopper came back from a simulator page (`payload` is the older name of the same value).
    const returned = details.redirectResult ?? details.payload;
    const returnedFrom = returned && pspReferenceOfRedirectResult(this.tokenKey, returned);
    if (returnedFrom) {
      const payment = await findPayment(this.db, merchant.account, returnedFrom);
      if (!payment) throw gatewayError.unprocessable('15_002', 'Invalid payload provided: unknown payment.');
      return this.host.responseFor(await this.host.current(merchant, payment, now));
    }
    if (details.payload !== undefined) {
      const payment = await paymentOfToken(this.db, this.tokenKey, merchant, PAYLOAD_PREFIX, details.payload);
      return this.host.responseFor(await this.host.current(merchant, payment, now));
    }
    if (details.redirectResult !== undefined)
      throw gatewayError.unprocessable(
        '15_002',
        'Invalid payload provided: unknown or tampered redirectResult.',
      );
    const widget = await widgetCompletion(this.tokenKey, request, {
      byPaymentData,
      byReference: (pspReference) => findPayment(this.db, merchant.account, pspReference),
    });
    if (widget) {
      const { pspReference, choice } = widget;
      return this.host.responseFor(await this.host.completeShopperStep(merchant, pspReference, choice, now));
    }
    throw gatewayError.unprocessable('15_002', 'Invalid payload provided: no supported details.');
  }

  /** The 3-D Secure 2 outcome of an authenticating payment, finalised; a settled one answers as it is. */
  private async completeAuthentication(
    context: MerchantContext,
    payment: PaymentRow,
  ): Promise<PaymentResponse> {
    if (payment.status !== 'authenticating') return this.host.responseFor(payment);
    const outcome = await this.threeDsSteps.outcome(payment);
    const final = await this.db.transaction((tx) =>
      this.finaliser.finalise(tx, context.merchant, payment, outcome, context.now),
    );
    return this.host.responseFor(final);
  }
}
