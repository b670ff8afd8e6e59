import type { Database } from '@actuate/service-kit';
import { gatewayError } from '../../shared/errors.ts';
import { type GatewayKeys, signToken } from '../crypto/service.ts';
import type { ThreeDsTransaction } from '../threeds2/repository.ts';
import type { ThreeDsFlow } from '../threeds2/schema.ts';
import type { ChallengeWindowSize, ThreeDsService } from '../threeds2/service.ts';
import { type AcquirerOutcome, NOT_3D_AUTHENTICATED, outcomeForCode } from './acquirer.ts';
import type { PaymentAction, PaymentRequest, PaymentResponse } from './models.ts';
import { insertPayment, type NewPayment, type PaymentRow, updatePayment } from './repository.ts';

/** Decoders of the 3-D Secure 2 steps' browser data. */
export const decodeBase64Json = <T>(value: string | undefined): T | undefined => {
  if (!value) return undefined;
  try {
    return JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as T;
  } catch {
    return undefined;
  }
};

/** Which shopper step a 3DS2 payment waits for. */
const resultCodeOf = (transaction: ThreeDsTransaction) =>
  transaction.stage === 'fingerprint' ? 'IdentifyShopper' : 'ChallengeShopper';

/** The origin of the merchant page (for 3DS result messages); ignored unless it is a URL. */
function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** paymentData must be at least 15 characters, or the widget (like Adyen's web SDK) takes its short "MD" flow. */
export const PAYMENT_DATA_PREFIX = 'Ab02b4c0!';
export const AUTHORISATION_TOKEN_PREFIX = 'AT1!';

export type FingerprintSubmission =
  | { type: 'completed'; details: { threeDSResult: string } }
  | { type: 'action'; action: PaymentAction };

/**
 * The 3-D Secure 2 steps of a payment: the ACS transaction it starts with, the fingerprint and
 * challenge actions the widget runs, and the authentication result that lets the acquirer's answer stand.
 */
export class ThreeDsSteps {
  constructor(
    private readonly db: Database,
    private readonly keys: GatewayKeys,
    private readonly threeDs: ThreeDsService,
  ) {}

  /** Starts the ACS transaction and inserts the payment `authenticating`, in one transaction. */
  async start(
    request: PaymentRequest,
    row: Omit<NewPayment, 'status' | 'resultCode'>,
    flow: ThreeDsFlow,
  ): Promise<PaymentResponse> {
    const windowSize = request.authenticationData?.threeDSRequestData?.challengeWindowSize as
      | ChallengeWindowSize
      | undefined;
    const transaction = await this.db.transaction(async (tx) => {
      const started = await this.threeDs.start(tx, {
        pspReference: row.pspReference,
        flow,
        merchantOrigin: originOf(request.origin),
        windowSize,
      });
      await insertPayment(tx, {
        ...row,
        status: 'authenticating',
        resultCode: resultCodeOf(started),
        threeDsTransactionId: started.id,
      });
      return started;
    });
    return {
      resultCode: resultCodeOf(transaction),
      merchantReference: request.reference,
      action: this.action(row.pspReference, transaction),
    };
  }

  /** After the device fingerprint (`fingerprintResult` as the browser sends it): a challenge, or the result. */
  async continueAfterFingerprint(
    payment: PaymentRow,
    fingerprintResult: string | undefined,
  ): Promise<FingerprintSubmission> {
    const compInd = decodeBase64Json<{ threeDSCompInd?: string }>(fingerprintResult)?.threeDSCompInd ?? 'U';
    const transaction = await this.transactionOf(payment);
    const { next, transaction: updated } = await this.threeDs.completeFingerprint(transaction, compInd);
    const authorisationToken = this.authorisationToken(payment.pspReference, transaction.id);
    if (next === 'challenge') {
      if (payment.status === 'authenticating' && payment.resultCode !== 'ChallengeShopper') {
        await updatePayment(this.db, payment.pspReference, { resultCode: 'ChallengeShopper' });
      }
      return { type: 'action', action: this.action(payment.pspReference, updated) };
    }
    const threeDSResult = Buffer.from(
      JSON.stringify({ transStatus: updated.transStatus ?? 'Y', authorisationToken }),
    ).toString('base64');
    return { type: 'completed', details: { threeDSResult } };
  }

  /** Closes the authentication: the acquirer's answer if the shopper was authenticated, else a refusal. */
  async outcome(payment: PaymentRow): Promise<AcquirerOutcome> {
    const transaction = await this.transactionOf(payment);
    // The ACS's own record decides, never the transStatus the browser reports.
    const transStatus = await this.threeDs.closeForAuthorisation(transaction);
    if (transStatus !== 'Y') return NOT_3D_AUTHENTICATED;
    return outcomeForCode(
      payment.acquirerResponseCode,
      payment.rawResponseCode
        ? { code: payment.rawResponseCode, text: payment.rawResponseText ?? '' }
        : undefined,
    );
  }

  private action(pspReference: string, transaction: ThreeDsTransaction): PaymentAction {
    const fingerprint = transaction.stage === 'fingerprint';
    return {
      type: 'threeDS2',
      subtype: fingerprint ? 'fingerprint' : 'challenge',
      paymentMethodType: 'scheme',
      token: fingerprint
        ? this.threeDs.fingerprintToken(transaction)
        : this.threeDs.challengeToken(transaction),
      paymentData: signToken(this.keys.tokenKey, PAYMENT_DATA_PREFIX, { p: pspReference }),
      authorisationToken: this.authorisationToken(pspReference, transaction.id),
    };
  }

  private authorisationToken(pspReference: string, transactionId: string) {
    return signToken(this.keys.tokenKey, AUTHORISATION_TOKEN_PREFIX, { p: pspReference, t: transactionId });
  }

  private async transactionOf(payment: PaymentRow): Promise<ThreeDsTransaction> {
    const transaction = payment.threeDsTransactionId
      ? await this.threeDs.find(payment.threeDsTransactionId)
      : undefined;
    if (!transaction)
      throw gatewayError.unprocessable('15_002', 'This payment has no 3-D Secure 2 authentication.');
    return transaction;
  }
}
