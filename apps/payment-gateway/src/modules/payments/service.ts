import type { Database, Executor } from '@actuate/service-kit';
import type { MerchantContext } from '../../shared/context.ts';
import { gatewayError } from '../../shared/errors.ts';
import { type GatewayKeys, signToken } from '../crypto/service.ts';
import type { Merchant } from '../merchants/service.ts';
import { readClientRiskData } from '../risk/client-data.ts';
import {
  hasLapsed,
  isOpen,
  outcomeOfChoice,
  type ShopperStepChoice,
  shopperStepAction,
  webReturnUrl,
} from '../shopper-steps/actions.ts';
import type { ThreeDsService } from '../threeds2/service.ts';
import type { VaultService } from '../vault/service.ts';
import type { WebhookService } from '../webhooks/service.ts';
import { type AcquirerOutcome, APPROVED } from './acquirer.ts';
import { coveredPart } from './covered-part.ts';
import { assertPayableAmount } from './currencies.ts';
import { PaymentDetailsFlow } from './details.ts';
import { type AuthorisedHook, PaymentFinaliser } from './finalise.ts';
import type { PaymentMethodRegistry } from './methods/registry.ts';
import type {
  ListQuery,
  MethodDecision,
  PaymentMethodEntry,
  ShopperStep,
  StoredPaymentMethodEntry,
} from './methods/types.ts';
import type { OrderReference, PaymentDetailsRequest, PaymentRequest, PaymentResponse } from './models.ts';
import type { PaymentOrders } from './order-port.ts';
import { PAYLOAD_PREFIX, paymentOfPaymentData } from './payment-tokens.ts';
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
import type { stepExpiryScheduler } from './step-expiry.ts';
import { type FingerprintSubmission, ThreeDsSteps } from './threeds-steps.ts';
import { exceedsCardsPerDevice, FRAUD_REFUSAL, type VelocityRule, velocityFraudResult } from './velocity.ts';

/**
 * The payment core: authorisation through a method family, 3-D Secure 2 steps, the final result and
 * its AUTHORISATION webhook in one transaction, and the money state modifications work on.
 */
export class PaymentService {
  private readonly finaliser: PaymentFinaliser;
  private readonly threeDsSteps: ThreeDsSteps;
  private readonly detailsFlow: PaymentDetailsFlow;
  private scheduleExpiry: ReturnType<typeof stepExpiryScheduler> | undefined;
  private orders: PaymentOrders | undefined;
  private readonly responseExtras: ResponseExtra[] = [];
  private velocityRule: VelocityRule | undefined;

  constructor(
    private readonly db: Database,
    private readonly keys: GatewayKeys,
    private readonly methods: PaymentMethodRegistry,
    threeDs: ThreeDsService,
    vault: VaultService,
    webhooks: WebhookService,
    /** The gateway as browsers reach it: simulator pages of shopper steps live there. */
    private readonly publicUrl: string,
  ) {
    this.threeDsSteps = new ThreeDsSteps(db, keys, threeDs);
    this.finaliser = new PaymentFinaliser(vault, webhooks);
    this.detailsFlow = new PaymentDetailsFlow(db, keys.tokenKey, this.threeDsSteps, this.finaliser, this);
  }

  onAuthorised(hook: AuthorisedHook) {
    this.finaliser.onAuthorised(hook);
  }

  /** Partial-payment orders (`order` in a payment request), provided by the orders module. */
  useOrders(orders: PaymentOrders) {
    this.orders = orders;
    this.finaliser.useOrders(orders);
  }

  private ordersOrFail(): PaymentOrders {
    if (!this.orders) throw gatewayError.unprocessable('14_0', 'Partial-payment orders are not available.');
    return this.orders;
  }

  /** Lets another module add fields to every payment answer (donations: `donationToken`). */
  addToResponses(extra: ResponseExtra) {
    this.responseExtras.push(extra);
  }

  /** The card-testing rule (config); without it no payment is refused for velocity. */
  useVelocityRule(rule: VelocityRule) {
    this.velocityRule = rule;
  }

  /** Where an offer with an expiry is scheduled to close (the app's job queue). */
  scheduleExpiriesWith(scheduler: ReturnType<typeof stepExpiryScheduler>) {
    this.scheduleExpiry = scheduler;
  }

  async paymentMethods(
    context: MerchantContext,
    query: ListQuery & {
      allowedPaymentMethods?: string[] | undefined;
      blockedPaymentMethods?: string[] | undefined;
      order?: OrderReference | undefined;
    },
  ): Promise<{ paymentMethods: PaymentMethodEntry[]; storedPaymentMethods?: StoredPaymentMethodEntry[] }> {
    // Inside an order the methods are those that can pay what is left of it.
    if (query.order)
      query = { ...query, amount: await this.ordersOrFail().remainingOf(context, query.order) };
    if (query.amount) assertPayableAmount(query.amount, { zeroAllowed: true });
    const allowed = (type: string) =>
      (!query.allowedPaymentMethods?.length || query.allowedPaymentMethods.includes(type)) &&
      !query.blockedPaymentMethods?.includes(type);
    const paymentMethods = this.methods.families
      .flatMap((family) => family.listEntries(context, query))
      .filter((entry) => allowed(entry.type));
    if (!query.shopperReference) return { paymentMethods };
    const stored = await Promise.all(
      this.methods.families.map(
        (family) => family.listStored?.(context, query.shopperReference as string) ?? [],
      ),
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
    if (request.order) await this.ordersOrFail().check(context, request.order, request.amount);
    const family = this.methods.familyFor(request.paymentMethod.type);
    const decision = await family.decide(context, request);
    const pspReference = newPspReference();
    const { amountValue, acquirer } = coveredPart(request, decision);
    if (request.order)
      await this.ordersOrFail().attach(
        context,
        request.order,
        { currency: request.amount.currency, value: amountValue },
        pspReference,
      );
    const response = await this.authoriseDecided(context, request, decision, {
      pspReference,
      amountValue,
      acquirer,
      sessionId,
    });
    // Also an action's answer carries the new orderData: the one the client sent is outdated now.
    const order =
      request.order &&
      (await this.orders?.stateOfOrder(context.merchant, request.order.pspReference, context.now));
    return order ? { ...response, order } : response;
  }

  private async authoriseDecided(
    context: MerchantContext,
    request: PaymentRequest,
    decision: MethodDecision,
    decided: {
      pspReference: string;
      amountValue: number;
      acquirer: AcquirerOutcome;
      sessionId?: string | undefined;
    },
  ): Promise<PaymentResponse> {
    const { pspReference, amountValue, sessionId } = decided;
    const { deviceFingerprint } = readClientRiskData(request.riskData);
    const blocked = await this.blockedByVelocity(context, decision, deviceFingerprint);
    const row = {
      pspReference,
      merchantAccount: context.merchant.account,
      sessionId: sessionId ?? null,
      merchantReference: request.reference,
      currency: request.amount.currency,
      amountValue,
      paymentMethodType: decision.paymentMethodType,
      brand: decision.brand ?? null,
      lastFour: decision.lastFour ?? null,
      acquirerResponseCode: decided.acquirer.code,
      rawResponseCode: decided.acquirer.rawResponse?.code ?? null,
      rawResponseText: decided.acquirer.rawResponse?.text ?? null,
      captureFails: decision.triggers.captureFails,
      refundFails: decision.triggers.refundFails,
      captureDelayHours: request.captureDelayHours ?? null,
      shopperReference: request.shopperReference ?? null,
      storedPaymentMethodId: decision.storedPaymentMethodId ?? null,
      sealedStoreDraft: decision.storeDraft ?? null,
      methodDetails: decision.methodDetails ?? null,
      deviceFingerprint: deviceFingerprint ?? null,
      cardHash: decision.cardHash ?? null,
      fraudResult: blocked ? velocityFraudResult() : null,
      createdAt: context.now,
      updatedAt: context.now,
    };
    if (decision.shopperStep && !blocked) return this.startShopperStep(request, row, decision.shopperStep);
    // A payment the risk rule blocks is refused at once: no authentication, no acquirer.
    if (decision.threeDs === 'none' || blocked) {
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
        releasedValue: 0,
      };
      const payment = await this.db.transaction((tx) =>
        this.finaliser.finalise(
          tx,
          context.merchant,
          draft,
          blocked ? FRAUD_REFUSAL : decided.acquirer,
          context.now,
          'insert',
        ),
      );
      return this.responseFor(payment);
    }
    return this.threeDsSteps.start(request, row, decision.threeDs);
  }

  /** Whether the card-testing rule refuses a typed card from this device (stored cards are exempt). */
  private async blockedByVelocity(
    context: MerchantContext,
    decision: MethodDecision,
    deviceFingerprint: string | undefined,
  ): Promise<boolean> {
    if (!this.velocityRule || !decision.cardHash || !deviceFingerprint) return false;
    return exceedsCardsPerDevice(this.db, this.velocityRule, {
      merchantAccount: context.merchant.account,
      deviceFingerprint,
      cardHash: decision.cardHash,
      now: context.now,
    });
  }

  /**
   * The answer for a payment an earlier attempt of the same keyed request created, as it stands now
   * (that attempt's process died before answering; see IdempotencyService).
   */
  async answerFor(context: MerchantContext, pspReference: string): Promise<PaymentResponse> {
    const payment = await findPayment(this.db, context.merchant.account, pspReference);
    if (!payment) throw new Error(`Idempotency effect ${pspReference} names no payment.`);
    const current = await this.current(context.merchant, payment, context.now);
    return this.withOrder(context.merchant, this.responseFor(current), context.now);
  }

  /** `POST /payments/details`: 3DS2 fingerprint or challenge results; a payment in an order answers the order too. */
  async details(context: MerchantContext, request: PaymentDetailsRequest): Promise<PaymentResponse> {
    return this.withOrder(context.merchant, await this.detailsFlow.submit(context, request), context.now);
  }

  /** Adds the order the payment was made in (new orderData, what remains), if any. */
  private async withOrder(
    merchant: Merchant,
    response: PaymentResponse,
    now: Date,
  ): Promise<PaymentResponse> {
    if (!this.orders || !response.pspReference) return response;
    const order = await this.orders.stateOfPayment(merchant, response.pspReference, now);
    return order ? { ...response, order } : response;
  }

  /**
   * A payment whose method needs the shopper first: a redirect, QR code or app approval waits
   * `authenticating` for the simulator page's outcome; a presented transfer or voucher is `received`
   * until it is settled.
   */
  private async startShopperStep(
    request: PaymentRequest,
    row: Omit<NewPayment, 'status' | 'resultCode'>,
    step: ShopperStep,
  ): Promise<PaymentResponse> {
    const returnUrl = step.kind === 'redirect' ? webReturnUrl(request.returnUrl) : null;
    const resultCode =
      step.kind === 'redirect' ? 'RedirectShopper' : step.kind === 'present' ? step.resultCode : 'Pending';
    const expiresAt = step.kind === 'redirect' ? undefined : step.expiresAt;
    await this.db.transaction(async (tx) => {
      await insertPayment(tx, {
        ...row,
        status: step.kind === 'present' ? 'received' : 'authenticating',
        resultCode,
        returnUrl,
        shopperStep: step,
      });
      const { merchantAccount, pspReference } = row;
      if (expiresAt) await this.scheduleExpiry?.(tx, { merchantAccount, pspReference }, expiresAt);
    });
    return {
      resultCode,
      merchantReference: row.merchantReference,
      ...(step.kind === 'redirect' ? {} : { pspReference: row.pspReference }),
      action: shopperStepAction(this.publicUrl, this.keys.tokenKey, row, step),
    };
  }

  /**
   * The tester's choice on a simulator page. `pending` leaves a redirected payment open as
   * Received (settled later from the same page); `expire` closes a presented transfer or voucher
   * unpaid (OFFER_CLOSED), as does any choice once the step's `expiresAt` has passed. Returns the
   * payment as it is afterwards; a settled payment is unchanged.
   */
  async completeShopperStep(
    merchant: Merchant,
    pspReference: string,
    choice: ShopperStepChoice,
    now: Date,
  ): Promise<PaymentRow> {
    const payment = await findPayment(this.db, merchant.account, pspReference);
    if (!payment?.shopperStep) throw gatewayError.notFound('No payment waits for this step.');
    if (!isOpen(payment)) return payment;
    const chosen = hasLapsed(payment.shopperStep, now) ? 'expire' : choice;
    if (chosen === 'pending') {
      if (payment.status === 'received') return payment;
      await finaliseOpen(this.db, pspReference, { status: 'received', resultCode: 'Received' });
      return (await findPayment(this.db, merchant.account, pspReference)) ?? payment;
    }
    const outcome = outcomeOfChoice(chosen, payment);
    return this.db.transaction((tx) =>
      this.finaliser.finalise(
        tx,
        merchant,
        payment,
        outcome,
        now,
        'update',
        chosen === 'expire' ? 'OFFER_CLOSED' : 'AUTHORISATION',
      ),
    );
  }

  /**
   * A payment as it stands at `now`: an open step past its `expiresAt` is closed first (Cancelled,
   * OFFER_CLOSED), so every read reports the lapse even if nobody chose it on the simulator page.
   */
  async current(merchant: Merchant, payment: PaymentRow, now: Date): Promise<PaymentRow> {
    if (!isOpen(payment) || !payment.shopperStep || !hasLapsed(payment.shopperStep, now)) return payment;
    return this.completeShopperStep(merchant, payment.pspReference, 'expire', now);
  }

  /** `services/PaymentInitiation/v1/status`: pending while the shopper still acts, then the result. */
  async awaitStatus(merchant: Merchant, paymentData: string, now: Date) {
    const token = await paymentOfPaymentData(this.db, this.keys.tokenKey, merchant, paymentData);
    const payment = await this.current(merchant, token, now);
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
    const payment = await paymentOfPaymentData(this.db, this.keys.tokenKey, merchant, body.paymentData);
    return this.threeDsSteps.continueAfterFingerprint(payment, body.fingerprintResult);
  }

  responseFor(payment: PaymentRow): PaymentResponse {
    const response = paymentResponse(payment);
    for (const extra of this.responseExtras) Object.assign(response, extra(payment));
    return response;
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
    changes: Partial<Pick<PaymentRow, 'capturedValue' | 'refundedValue' | 'releasedValue' | 'status'>>,
  ) {
    return updatePayment(tx, pspReference, changes);
  }

  sessionPayments(sessionId: string) {
    return listSessionPayments(this.db, sessionId);
  }

  // ---- for the donations module ----

  /**
   * A merchant-initiated payment on an authorised payment's method (a donation): no shopper step, no
   * authentication, captured at once; its AUTHORISATION webhook is sent in the caller's transaction.
   */
  chargeSameMethod(
    tx: Executor,
    merchant: Merchant,
    original: PaymentRow,
    charge: { amount: { currency: string; value: number }; reference: string },
    now: Date,
  ): Promise<PaymentRow> {
    const draft: PaymentRow = {
      ...original,
      pspReference: newPspReference(),
      sessionId: null,
      merchantReference: charge.reference,
      currency: charge.amount.currency,
      amountValue: charge.amount.value,
      status: 'authenticating',
      resultCode: 'Received',
      refusalReason: null,
      refusalReasonCode: null,
      acquirerResponseCode: APPROVED.code,
      rawResponseCode: null,
      rawResponseText: null,
      capturedValue: 0,
      refundedValue: 0,
      releasedValue: 0,
      captureFails: false,
      refundFails: false,
      captureDelayHours: 0,
      sealedStoreDraft: null,
      threeDsTransactionId: null,
      returnUrl: null,
      shopperStep: null,
      createdAt: now,
      updatedAt: now,
    };
    return this.finaliser.finalise(tx, merchant, draft, APPROVED, now, 'insert');
  }
}

/** Fields a module adds to a payment's answer (see `addToResponses`). */
export type ResponseExtra = (payment: PaymentRow) => Partial<PaymentResponse>;
