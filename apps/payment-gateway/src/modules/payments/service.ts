import type { Database, Executor } from '@actuate/service-kit';
import type { MerchantContext } from '../../shared/context.ts';
import { gatewayError } from '../../shared/errors.ts';
import { type GatewayKeys, signToken, verifyToken } from '../crypto/service.ts';
import type { Merchant } from '../merchants/service.ts';
import {
  outcomeOfChoice,
  type ShopperStepChoice,
  shopperStepAction,
  webReturnUrl,
} from '../shopper-steps/actions.ts';
import { pspReferenceOfRedirectResult } from '../shopper-steps/tokens.ts';
import type { ThreeDsTransaction } from '../threeds2/repository.ts';
import type { ChallengeWindowSize, ThreeDsService } from '../threeds2/service.ts';
import type { VaultService } from '../vault/service.ts';
import type { WebhookService } from '../webhooks/service.ts';
import { type AcquirerOutcome, NOT_3D_AUTHENTICATED, outcomeForCode, type ResultCode } from './acquirer.ts';
import { assertPayableAmount } from './currencies.ts';
import type { PaymentMethodRegistry } from './methods/registry.ts';
import type {
  ListQuery,
  PaymentMethodEntry,
  ShopperStep,
  StoredPaymentMethodEntry,
} from './methods/types.ts';
import type { PaymentAction, PaymentDetailsRequest, PaymentRequest, PaymentResponse } from './models.ts';
import { newPspReference } from './references.ts';
import {
  finaliseOpen,
  findPayment,
  insertPayment,
  listSessionPayments,
  lockPayment,
  type NewPayment,
  type PaymentRow,
  updatePayment,
} from './repository.ts';
import { paymentResponse } from './responses.ts';
import type { PaymentStatus } from './schema.ts';
import { decodeBase64Json, originOf, resultCodeOf } from './threeds-steps.ts';

/** paymentData must be at least 15 characters, or the widget (like Adyen's web SDK) takes its short "MD" flow. */
const PAYMENT_DATA_PREFIX = 'Ab02b4c0!';
const AUTHORISATION_TOKEN_PREFIX = 'AT1!';
/** The payload an awaited payment's status poll hands to `/payments/details` as `details.payload`. */
const PAYLOAD_PREFIX = 'PL1!';

const STATUS_BY_RESULT: Partial<Record<ResultCode, PaymentStatus>> = {
  Authorised: 'authorised',
  Refused: 'refused',
  Error: 'error',
  Received: 'received',
  Pending: 'received',
  Cancelled: 'cancelled',
};

export type FingerprintSubmission =
  | { type: 'completed'; details: { threeDSResult: string } }
  | { type: 'action'; action: PaymentAction };

/** Runs after a payment is authorised, inside its transaction (e.g. immediate capture). */
export type AuthorisedHook = (
  tx: Executor,
  merchant: Merchant,
  payment: PaymentRow,
  now: Date,
) => Promise<void>;

/**
 * The payment core: authorisation through a method family, 3-D Secure 2 steps, the final result and
 * its AUTHORISATION webhook in one transaction, and the money state modifications work on.
 */
export class PaymentService {
  private authorisedHook: AuthorisedHook | undefined;

  constructor(
    private readonly db: Database,
    private readonly keys: GatewayKeys,
    private readonly methods: PaymentMethodRegistry,
    private readonly threeDs: ThreeDsService,
    private readonly vault: VaultService,
    private readonly webhooks: WebhookService,
    /** The gateway as browsers reach it: simulator pages of shopper steps live there. */
    private readonly publicUrl: string,
  ) {}

  onAuthorised(hook: AuthorisedHook) {
    this.authorisedHook = hook;
  }

  async paymentMethods(
    context: MerchantContext,
    query: ListQuery & {
      allowedPaymentMethods?: string[] | undefined;
      blockedPaymentMethods?: string[] | undefined;
    },
  ): Promise<{ paymentMethods: PaymentMethodEntry[]; storedPaymentMethods?: StoredPaymentMethodEntry[] }> {
    if (query.amount) assertPayableAmount(query.amount, { zeroAllowed: true });
    const allowed = (type: string) =>
      (!query.allowedPaymentMethods?.length || query.allowedPaymentMethods.includes(type)) &&
      !query.blockedPaymentMethods?.includes(type);
    const paymentMethods = this.methods.families
      .flatMap((family) => family.listEntries(context, query))
      .filter((entry) => allowed(entry.type));
    if (!query.shopperReference) return { paymentMethods };
    const stored = await Promise.all(
      this.methods.families.map((family) => family.listStored(context, query.shopperReference as string)),
    );
    return { paymentMethods, storedPaymentMethods: stored.flat().filter((entry) => allowed(entry.type)) };
  }

  /** `POST /payments` (and the session payments call, which passes its session id). */
  async authorise(
    context: MerchantContext,
    request: PaymentRequest,
    sessionId?: string,
  ): Promise<PaymentResponse> {
    // A zero-value authorisation only verifies a card that is being stored for the shopper.
    assertPayableAmount(request.amount, {
      zeroAllowed: request.storePaymentMethod === true && request.shopperReference !== undefined,
    });
    const family = this.methods.familyFor(request.paymentMethod.type);
    const decision = await family.decide(context, request);
    const pspReference = newPspReference();
    const row = {
      pspReference,
      merchantAccount: context.merchant.account,
      sessionId: sessionId ?? null,
      merchantReference: request.reference,
      currency: request.amount.currency,
      amountValue: request.amount.value,
      paymentMethodType: decision.paymentMethodType,
      brand: decision.brand ?? null,
      lastFour: decision.lastFour ?? null,
      acquirerResponseCode: decision.acquirer.code,
      rawResponseCode: decision.acquirer.rawResponse?.code ?? null,
      rawResponseText: decision.acquirer.rawResponse?.text ?? null,
      captureFails: decision.triggers.captureFails,
      refundFails: decision.triggers.refundFails,
      captureDelayHours: request.captureDelayHours ?? null,
      shopperReference: request.shopperReference ?? null,
      storedPaymentMethodId: decision.storedPaymentMethodId ?? null,
      sealedStoreDraft: decision.storeDraft ?? null,
      methodDetails: decision.methodDetails ?? null,
      createdAt: context.now,
      updatedAt: context.now,
    };
    if (decision.shopperStep) return this.startShopperStep(request, row, decision.shopperStep);
    if (decision.threeDs === 'none') {
      const draft = {
        ...row,
        status: 'authenticating' as const,
        resultCode: 'Received',
        refusalReason: null,
        refusalReasonCode: null,
        threeDsTransactionId: null,
        returnUrl: null,
        shopperStep: null,
        capturedValue: 0,
        refundedValue: 0,
      };
      const payment = await this.db.transaction((tx) =>
        this.finalise(tx, context.merchant, draft, decision.acquirer, context.now, 'insert'),
      );
      return this.responseFor(payment);
    }
    const windowSize = request.authenticationData?.threeDSRequestData?.challengeWindowSize as
      | ChallengeWindowSize
      | undefined;
    const transaction = await this.db.transaction(async (tx) => {
      const started = await this.threeDs.start(tx, {
        pspReference,
        flow: decision.threeDs as Exclude<typeof decision.threeDs, 'none'>,
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
      action: this.threeDsAction(pspReference, transaction),
    };
  }

  /** `POST /payments/details`: 3DS2 fingerprint or challenge results. */
  async details(context: MerchantContext, request: PaymentDetailsRequest): Promise<PaymentResponse> {
    const { details } = request;
    const fingerprint = details['threeds2.fingerprint'];
    if (fingerprint !== undefined) {
      const payment = await this.paymentFromPaymentData(context.merchant, request.paymentData);
      const compInd = decodeBase64Json<{ threeDSCompInd?: string }>(fingerprint)?.threeDSCompInd ?? 'U';
      const next = await this.continueAfterFingerprint(payment, compInd);
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
        ? await this.paymentFromToken(context.merchant, AUTHORISATION_TOKEN_PREFIX, result.authorisationToken)
        : await this.paymentFromPaymentData(context.merchant, request.paymentData);
      return this.completeAuthentication(context, payment);
    }
    // The shopper came back from a simulator page (`payload` is the older name of the same value).
    const returned = details.redirectResult ?? details.payload;
    const returnedFrom = returned && pspReferenceOfRedirectResult(this.keys.tokenKey, returned);
    if (returnedFrom) {
      const payment = await findPayment(this.db, context.merchant.account, returnedFrom);
      if (!payment) throw gatewayError.unprocessable('15_002', 'Invalid payload provided: unknown payment.');
      return this.responseFor(payment);
    }
    if (details.payload !== undefined) {
      const payment = await this.paymentFromToken(context.merchant, PAYLOAD_PREFIX, details.payload);
      return this.responseFor(payment);
    }
    if (details.redirectResult !== undefined)
      throw gatewayError.unprocessable(
        '15_002',
        'Invalid payload provided: unknown or tampered redirectResult.',
      );
    throw gatewayError.unprocessable('15_002', 'Invalid payload provided: no supported details.');
  }

  /**
   * A payment whose method needs the shopper first: a redirect waits `authenticating` for the
   * simulator page's outcome; a presented transfer or voucher is `received` until it is settled.
   */
  private async startShopperStep(
    request: PaymentRequest,
    row: Omit<NewPayment, 'status' | 'resultCode'>,
    step: ShopperStep,
  ): Promise<PaymentResponse> {
    const returnUrl = step.kind === 'redirect' ? webReturnUrl(request.returnUrl) : null;
    const resultCode = step.kind === 'redirect' ? 'RedirectShopper' : step.resultCode;
    await insertPayment(this.db, {
      ...row,
      status: step.kind === 'redirect' ? 'authenticating' : 'received',
      resultCode,
      returnUrl,
      shopperStep: step,
    });
    return {
      resultCode,
      merchantReference: row.merchantReference,
      ...(step.kind === 'present' ? { pspReference: row.pspReference } : {}),
      action: shopperStepAction(this.publicUrl, this.keys.tokenKey, row, step),
    };
  }

  /**
   * The tester's choice on a simulator page. `pending` leaves a redirected payment open as
   * Received (settled later from the same page); `expire` closes a presented transfer or voucher
   * unpaid (OFFER_CLOSED). Returns the payment as it is afterwards; a settled payment is unchanged.
   */
  async completeShopperStep(
    merchant: Merchant,
    pspReference: string,
    choice: ShopperStepChoice,
    now: Date,
  ): Promise<PaymentRow> {
    const payment = await findPayment(this.db, merchant.account, pspReference);
    if (!payment?.shopperStep) throw gatewayError.notFound('No payment waits for this step.');
    if (payment.status !== 'authenticating' && payment.status !== 'received') return payment;
    if (choice === 'pending') {
      if (payment.status === 'received') return payment;
      await finaliseOpen(this.db, pspReference, { status: 'received', resultCode: 'Received' });
      return (await findPayment(this.db, merchant.account, pspReference)) ?? payment;
    }
    const outcome = outcomeOfChoice(choice, payment);
    return this.db.transaction((tx) =>
      this.finalise(
        tx,
        merchant,
        payment,
        outcome,
        now,
        'update',
        choice === 'expire' ? 'OFFER_CLOSED' : 'AUTHORISATION',
      ),
    );
  }

  /** `services/PaymentInitiation/v1/status`: pending while the shopper still acts, then the result. */
  async awaitStatus(merchant: Merchant, paymentData: string) {
    const payment = await this.paymentFromToken(merchant, PAYMENT_DATA_PREFIX, paymentData);
    if (payment.status === 'authenticating') return { type: 'pending' as const };
    return {
      type: 'complete' as const,
      resultCode: payment.resultCode,
      payload: signToken(this.keys.tokenKey, PAYLOAD_PREFIX, { p: payment.pspReference }),
    };
  }

  /** `v1/submitThreeDS2Fingerprint` from the widget: frictionless result or the challenge action. */
  async submitFingerprint(
    merchant: Merchant,
    body: { fingerprintResult?: string | undefined; paymentData?: string | undefined },
  ): Promise<FingerprintSubmission> {
    const payment = await this.paymentFromPaymentData(merchant, body.paymentData);
    const compInd =
      decodeBase64Json<{ threeDSCompInd?: string }>(body.fingerprintResult)?.threeDSCompInd ?? 'U';
    return this.continueAfterFingerprint(payment, compInd);
  }

  private async continueAfterFingerprint(
    payment: PaymentRow,
    compInd: string,
  ): Promise<FingerprintSubmission> {
    const transaction = await this.transactionOf(payment);
    const { next, transaction: updated } = await this.threeDs.completeFingerprint(transaction, compInd);
    const authorisationToken = this.authorisationToken(payment.pspReference, transaction.id);
    if (next === 'challenge') {
      if (payment.status === 'authenticating' && payment.resultCode !== 'ChallengeShopper') {
        await updatePayment(this.db, payment.pspReference, { resultCode: 'ChallengeShopper' });
      }
      return { type: 'action', action: this.threeDsAction(payment.pspReference, updated) };
    }
    const threeDSResult = Buffer.from(
      JSON.stringify({ transStatus: updated.transStatus ?? 'Y', authorisationToken }),
    ).toString('base64');
    return { type: 'completed', details: { threeDSResult } };
  }

  private async completeAuthentication(
    context: MerchantContext,
    payment: PaymentRow,
  ): Promise<PaymentResponse> {
    if (payment.status !== 'authenticating') return this.responseFor(payment);
    const transaction = await this.transactionOf(payment);
    // The ACS's own record decides, never the transStatus the browser reports.
    const transStatus = await this.threeDs.closeForAuthorisation(transaction);
    const outcome: AcquirerOutcome =
      transStatus === 'Y'
        ? outcomeForCode(
            payment.acquirerResponseCode,
            payment.rawResponseCode
              ? { code: payment.rawResponseCode, text: payment.rawResponseText ?? '' }
              : undefined,
          )
        : NOT_3D_AUTHENTICATED;
    const final = await this.db.transaction((tx) =>
      this.finalise(tx, context.merchant, payment, outcome, context.now),
    );
    return this.responseFor(final);
  }

  /**
   * Applies the acquirer's answer once: status, stored card, AUTHORISATION webhook, hooks. A payment
   * without authentication is inserted final (`insert`); an authenticated one moves from
   * `authenticating` (`update`), and only the first of concurrent attempts wins.
   */
  private async finalise(
    tx: Executor,
    merchant: Merchant,
    payment: PaymentRow,
    outcome: AcquirerOutcome,
    now: Date,
    write: 'insert' | 'update' = 'update',
    eventCode: 'AUTHORISATION' | 'OFFER_CLOSED' = 'AUTHORISATION',
  ): Promise<PaymentRow> {
    const authorised = outcome.resultCode === 'Authorised';
    let storedPaymentMethodId = payment.storedPaymentMethodId;
    if (authorised && payment.sealedStoreDraft && payment.shopperReference) {
      storedPaymentMethodId = await this.vault.storeSealed(
        tx,
        merchant.account,
        payment.shopperReference,
        payment.sealedStoreDraft,
      );
    }
    const changes = {
      status: STATUS_BY_RESULT[outcome.resultCode] ?? 'error',
      resultCode: outcome.resultCode,
      refusalReason: outcome.refusalReason ?? null,
      refusalReasonCode: authorised ? null : String(outcome.code),
      rawResponseCode: outcome.rawResponse?.code ?? null,
      rawResponseText: outcome.rawResponse?.text ?? null,
      storedPaymentMethodId,
      sealedStoreDraft: null,
    } satisfies Partial<PaymentRow>;
    const final = { ...payment, ...changes };
    if (write === 'insert') {
      await insertPayment(tx, final);
    } else if (!(await finaliseOpen(tx, payment.pspReference, changes))) {
      const current = await findPayment(tx, merchant.account, payment.pspReference);
      if (!current) throw new Error('payment vanished');
      return current;
    }
    await this.webhooks.notify(tx, merchant, {
      eventCode,
      paymentPspReference: final.pspReference,
      pspReference: final.pspReference,
      merchantReference: final.merchantReference,
      amount: { value: final.amountValue, currency: final.currency },
      // OFFER_CLOSED reports that the offer was closed, which succeeded (as the reference sends it).
      success: eventCode === 'OFFER_CLOSED' ? true : authorised,
      reason: outcome.refusalReason,
      paymentMethod: final.brand ?? final.paymentMethodType,
      operations: authorised ? ['CANCEL', 'CAPTURE', 'REFUND'] : undefined,
      additionalData:
        storedPaymentMethodId && authorised && final.shopperReference
          ? {
              'recurring.recurringDetailReference': storedPaymentMethodId,
              'recurring.shopperReference': final.shopperReference,
            }
          : undefined,
      eventDate: now,
    });
    if (authorised && this.authorisedHook) await this.authorisedHook(tx, merchant, final, now);
    return final;
  }

  responseFor(payment: PaymentRow): PaymentResponse {
    return paymentResponse(payment);
  }

  private threeDsAction(pspReference: string, transaction: ThreeDsTransaction): PaymentAction {
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

  private paymentFromPaymentData(merchant: Merchant, paymentData: string | undefined) {
    if (!paymentData) throw gatewayError.unprocessable('15_002', 'paymentData is missing.');
    return this.paymentFromToken(merchant, PAYMENT_DATA_PREFIX, paymentData);
  }

  private async paymentFromToken(merchant: Merchant, prefix: string, token: string): Promise<PaymentRow> {
    const claims = verifyToken<{ p?: string }>(this.keys.tokenKey, prefix, token);
    const payment = claims?.p ? await findPayment(this.db, merchant.account, claims.p) : undefined;
    if (!payment)
      throw gatewayError.unprocessable(
        '15_002',
        'Invalid payload provided: unknown or tampered payment data.',
      );
    return payment;
  }

  // ---- for the modifications and sessions modules ----

  async findPayment(merchant: Merchant, pspReference: string) {
    return findPayment(this.db, merchant.account, pspReference);
  }

  /** The payment locked inside the caller's transaction, so amounts cannot race. */
  lockPayment(tx: Executor, merchant: Merchant, pspReference: string) {
    return lockPayment(tx, merchant.account, pspReference);
  }

  updateMoneyState(
    tx: Executor,
    pspReference: string,
    changes: Partial<Pick<PaymentRow, 'capturedValue' | 'refundedValue' | 'status'>>,
  ) {
    return updatePayment(tx, pspReference, changes);
  }

  sessionPayments(sessionId: string) {
    return listSessionPayments(this.db, sessionId);
  }
}
