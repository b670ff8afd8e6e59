import type { Database } from '@actuate/service-kit';
import type { MerchantContext, ShopperContext } from '../../shared/context.ts';
import { gatewayError } from '../../shared/errors.ts';
import { type GatewayKeys, signToken, verifyToken } from '../crypto/service.ts';
import type { OrderService } from '../orders/service.ts';
import { assertPayableAmount } from '../payments/currencies.ts';
import type { GiftCardBalanceService } from '../payments/methods/gift-card/balance.ts';
import type { StoredValueMethod } from '../payments/methods/gift-card/card-check.ts';
import type {
  OrderReference,
  PaymentDetailsRequest,
  PaymentRequest,
  PaymentResponse,
} from '../payments/models.ts';
import { orderReferenceSchema, paymentCoreSchema } from '../payments/models.ts';
import { newSessionId } from '../payments/references.ts';
import type { PaymentRow } from '../payments/repository.ts';
import type { PaymentService } from '../payments/service.ts';
import type { CreateSessionRequest } from './models.ts';
import { findSession, insertSession, type SessionRow } from './repository.ts';

const SESSION_DATA_PREFIX = 'Ab02b4c0!';
const SESSION_RESULT_PREFIX = 'X3XtfGC9!';
const DEFAULT_LIFETIME_MS = 3600_000;
const MAX_LIFETIME_MS = 24 * 3600_000;
/** After this many refused attempts the session is `refused` and takes no more payments. */
export const MAX_REFUSED_ATTEMPTS = 3;

export type SessionStatus = 'active' | 'canceled' | 'completed' | 'expired' | 'paymentPending' | 'refused';

/** Adyen writes expiresAt with an offset and without milliseconds. */
const isoSeconds = (date: Date) => `${date.toISOString().slice(0, 19)}+00:00`;

/**
 * Checkout sessions (docs/domain.md, sessions and payments): created by the merchant, then driven by the widget through the
 * client API with a sessionData token refreshed on every answer. A session's status is derived from
 * its payments, which the payments module owns.
 */
export class SessionService {
  constructor(
    private readonly db: Database,
    private readonly keys: GatewayKeys,
    private readonly payments: PaymentService,
    private readonly orders?: OrderService,
  ) {}

  async create(context: MerchantContext, request: CreateSessionRequest) {
    if (!request.returnUrl) throw gatewayError.unprocessable('14_030', 'Return URL is missing.');
    const now = context.now;
    const expiresAt = request.expiresAt
      ? new Date(request.expiresAt)
      : new Date(now.getTime() + DEFAULT_LIFETIME_MS);
    if (expiresAt.getTime() <= now.getTime() || expiresAt.getTime() - now.getTime() > MAX_LIFETIME_MS) {
      throw gatewayError.unprocessable(
        '14_012',
        'expiresAt must be in the future and at most 24 hours away.',
      );
    }
    const id = newSessionId();
    const shopperLocale = request.shopperLocale ?? 'en-US';
    const storePaymentMethodMode =
      request.storePaymentMethodMode ??
      (request.storePaymentMethod === true
        ? 'enabled'
        : request.shopperReference
          ? 'askForConsent'
          : 'disabled');
    // A zero-amount session stores the shopper's card (the widget shows "save details", no consent box).
    assertPayableAmount(request.amount, {
      zeroAllowed: storePaymentMethodMode === 'enabled' && request.shopperReference !== undefined,
    });
    await insertSession(this.db, {
      id,
      merchantAccount: context.merchant.account,
      reference: request.reference,
      currency: request.amount.currency,
      amountValue: request.amount.value,
      returnUrl: request.returnUrl,
      countryCode: request.countryCode ?? null,
      shopperLocale,
      shopperReference: request.shopperReference ?? null,
      storePaymentMethodMode,
      captureDelayHours: request.captureDelayHours ?? null,
      request: request as Record<string, unknown>,
      expiresAt,
      createdAt: now,
    });
    return {
      ...request,
      id,
      shopperLocale,
      storePaymentMethodMode,
      mode: request.mode ?? 'embedded',
      expiresAt: isoSeconds(expiresAt),
      sessionData: this.sessionData(id, now),
    };
  }

  /** `GET /sessions/{id}?sessionResult=`: the status and the payments made in the session. */
  async result(context: MerchantContext, id: string, sessionResult: string) {
    const session = await this.ownedSession(context, id);
    const claims = verifyToken<{ s?: string }>(this.keys.tokenKey, SESSION_RESULT_PREFIX, sessionResult);
    if (claims?.s !== id) throw gatewayError.unprocessable('14_0', 'Invalid sessionResult for this session.');
    const payments = await this.payments.sessionPayments(id);
    return {
      id,
      reference: session.reference,
      status: await this.statusOf(context, session, payments),
      payments: payments
        .filter((payment) =>
          ['Authorised', 'Received', 'Pending', 'PresentToShopper'].includes(payment.resultCode),
        )
        .map((payment) => ({
          pspReference: payment.pspReference,
          resultCode: payment.resultCode,
          amount: { currency: payment.currency, value: payment.amountValue },
          paymentMethod: {
            type: payment.paymentMethodType,
            ...(payment.brand ? { brand: payment.brand } : {}),
          },
          // Our extension: what the shopper was shown to pay (a transfer's account and reference),
          // so the merchant's server need not trust the browser for it.
          ...(payment.status === 'received' && payment.shopperStep?.kind === 'present'
            ? { action: { ...payment.shopperStep.action, paymentMethodType: payment.paymentMethodType } }
            : {}),
        })),
    };
  }

  /** Client `v1/sessions/{id}/setup`; with the session's `order`, for what remains of it. */
  async setup(context: ShopperContext, id: string, sessionData: string, order?: unknown) {
    const session = await this.usableSession(context, id, sessionData);
    const amount =
      order === undefined
        ? { currency: session.currency, value: session.amountValue }
        : (await this.sessionOrder(context, session.id, order)).state.remainingAmount;
    const paymentMethods = await this.payments.paymentMethods(context, {
      amount,
      countryCode: session.countryCode ?? undefined,
      shopperReference: session.shopperReference ?? undefined,
      allowedPaymentMethods: session.request.allowedPaymentMethods as string[] | undefined,
      blockedPaymentMethods: session.request.blockedPaymentMethods as string[] | undefined,
    });
    return {
      id: session.id,
      amount,
      ...(session.countryCode ? { countryCode: session.countryCode } : {}),
      expiresAt: isoSeconds(session.expiresAt),
      paymentMethods,
      returnUrl: session.returnUrl,
      shopperLocale: session.shopperLocale,
      configuration: {
        enableStoreDetails: session.storePaymentMethodMode === 'askForConsent' && session.amountValue > 0,
      },
      sessionData: this.sessionData(session.id, context.now),
    };
  }

  /** Client `v1/sessions/{id}/payments`: the widget's state data, within what the session fixed. */
  async pay(context: ShopperContext, id: string, body: Record<string, unknown> & { sessionData: string }) {
    const session = await this.usableSession(context, id, body.sessionData);
    const payments = await this.payments.sessionPayments(id);
    const status = await this.statusOf(context, session, payments);
    if (status !== 'active')
      throw gatewayError.unprocessable('14_004', `The session is ${status} and takes no more payments.`);
    const parsed = paymentCoreSchema.safeParse(body);
    if (!parsed.success)
      throw gatewayError.validation(
        `Invalid payment data: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim(),
      );
    const state = parsed.data;
    // In an order the widget sends no amount: the payment is for what remains (a gift card may cover less).
    const order =
      body.order === undefined ? undefined : await this.sessionOrder(context, session.id, body.order);
    const request: PaymentRequest = {
      ...state,
      amount: order
        ? order.state.remainingAmount
        : { currency: session.currency, value: session.amountValue },
      ...(order
        ? { order: { pspReference: order.state.pspReference, orderData: order.reference.orderData } }
        : {}),
      merchantAccount: session.merchantAccount,
      reference: session.reference,
      returnUrl: session.returnUrl,
      origin: state.origin ?? context.origin,
      authenticationData: {
        ...(session.request.authenticationData as object | undefined),
        ...state.authenticationData,
      },
      storePaymentMethod:
        session.storePaymentMethodMode === 'enabled' ||
        (session.storePaymentMethodMode === 'askForConsent' && state.storePaymentMethod === true),
      ...(session.shopperReference ? { shopperReference: session.shopperReference } : {}),
      ...(session.captureDelayHours !== null ? { captureDelayHours: session.captureDelayHours } : {}),
      ...(session.countryCode ? { countryCode: session.countryCode } : {}),
      shopperInteraction: state.paymentMethod.storedPaymentMethodId ? 'ContAuth' : 'Ecommerce',
    };
    const response = await this.payments.authorise(context, request, session.id);
    return this.sessionAnswer(session.id, response, context.now);
  }

  /** Client `v1/sessions/{id}/paymentDetails`. */
  async paymentDetails(
    context: ShopperContext,
    id: string,
    body: PaymentDetailsRequest & { sessionData: string },
  ) {
    const session = await this.usableSession(context, id, body.sessionData, { allowPaid: true });
    const response = await this.payments.details(context, body);
    if (response.pspReference) {
      const payment = await this.payments.findPayment(context.merchant, response.pspReference);
      if (payment?.sessionId !== session.id)
        throw gatewayError.unprocessable('14_0', 'The payment does not belong to this session.');
    }
    return this.sessionAnswer(session.id, response, context.now);
  }

  /**
   * Client `v1/sessions/{id}/paymentMethodBalance`: checked against the session's amount (not the
   * browser's), answered with a fresh sessionData.
   */
  async paymentMethodBalance(
    context: ShopperContext,
    id: string,
    body: { sessionData: string; paymentMethod: StoredValueMethod },
    balances: GiftCardBalanceService,
  ) {
    const session = await this.usableSession(context, id, body.sessionData);
    const amount = { currency: session.currency, value: session.amountValue };
    const { pspReference: _unused, ...result } = await balances.check(context, {
      paymentMethod: body.paymentMethod,
      amount,
    });
    return { ...result, sessionData: this.sessionData(session.id, context.now) };
  }

  /** Client `v1/sessions/{id}/orders`: an order for the session's amount, lapsing with the session. */
  async createOrder(context: ShopperContext, id: string, sessionData: string) {
    const session = await this.usableSession(context, id, sessionData);
    const status = await this.statusOf(context, session, await this.payments.sessionPayments(id));
    if (status !== 'active')
      throw gatewayError.unprocessable('14_004', `The session is ${status} and takes no more payments.`);
    const order = await this.ordersOrFail().create(
      context,
      { amount: { currency: session.currency, value: session.amountValue }, reference: session.reference },
      { id: session.id, expiresAt: session.expiresAt },
    );
    return {
      pspReference: order.pspReference,
      orderData: order.orderData,
      amount: order.amount,
      remainingAmount: order.remainingAmount,
      expiresAt: order.expiresAt,
      reference: order.reference,
      sessionData: this.sessionData(session.id, context.now),
    };
  }

  /** Client `v1/sessions/{id}/orders/cancel`: the session's order is cancelled, its payments rolled back. */
  async cancelOrder(context: ShopperContext, id: string, sessionData: string, order: unknown) {
    const session = await this.usableSession(context, id, sessionData, { allowPaid: true });
    const reference = this.orderReference(order);
    const cancelled = await this.ordersOrFail().cancel(context, reference, session.id);
    return {
      pspReference: cancelled.pspReference,
      resultCode: cancelled.resultCode,
      status: cancelled.resultCode,
      sessionData: this.sessionData(session.id, context.now),
    };
  }

  private ordersOrFail(): OrderService {
    if (!this.orders) throw gatewayError.unprocessable('14_0', 'Partial-payment orders are not available.');
    return this.orders;
  }

  private orderReference(order: unknown): OrderReference {
    const parsed = orderReferenceSchema.safeParse(order);
    if (!parsed.success)
      throw gatewayError.validation('Invalid order: pspReference and orderData are required.');
    return parsed.data;
  }

  private async sessionOrder(context: MerchantContext, sessionId: string, order: unknown) {
    const reference = this.orderReference(order);
    return { reference, ...(await this.ordersOrFail().sessionOrder(context, sessionId, reference)) };
  }

  private sessionAnswer(id: string, response: PaymentResponse, now: Date) {
    return {
      resultCode: response.resultCode,
      ...(response.action ? { action: response.action } : {}),
      ...(response.order ? { order: response.order } : {}),
      sessionData: this.sessionData(id, now),
      sessionResult: signToken(this.keys.tokenKey, SESSION_RESULT_PREFIX, { s: id, r: response.resultCode }),
    };
  }

  private sessionData(id: string, now: Date) {
    return signToken(this.keys.tokenKey, SESSION_DATA_PREFIX, { s: id, t: now.getTime() });
  }

  private async statusOf(
    context: MerchantContext,
    session: SessionRow,
    payments: PaymentRow[],
  ): Promise<SessionStatus> {
    const now = context.now;
    const orders = this.orders
      ? await this.orders.ordersOfSessionPayments(
          context.merchant,
          payments.map((payment) => payment.pspReference),
          now,
        )
      : new Map();
    // A payment once authorised completes the session, even if the merchant cancels it later; a
    // payment in a partial-payment order only once the order is paid in full.
    const completes = (payment: PaymentRow) => {
      const order = orders.get(payment.pspReference);
      return order ? order.status === 'completed' : payment.resultCode === 'Authorised';
    };
    if (payments.some(completes)) return 'completed';
    // Pending: a QR code or app approval the shopper was given, like a voucher received.
    if (payments.some((payment) => payment.status === 'received' || payment.resultCode === 'Pending'))
      return 'paymentPending';
    if (
      payments.filter((payment) => payment.status === 'refused' || payment.status === 'error').length >=
      MAX_REFUSED_ATTEMPTS
    ) {
      return 'refused';
    }
    if (session.expiresAt.getTime() <= now.getTime()) return 'expired';
    return 'active';
  }

  private async ownedSession(context: MerchantContext, id: string): Promise<SessionRow> {
    const session = await findSession(this.db, id);
    if (!session || session.merchantAccount !== context.merchant.account) {
      throw gatewayError.unprocessable('14_0', 'Invalid session: not found.');
    }
    return session;
  }

  private async usableSession(
    context: MerchantContext,
    id: string,
    sessionData: string,
    options: { allowPaid?: boolean } = {},
  ): Promise<SessionRow> {
    const claims = verifyToken<{ s?: string }>(this.keys.tokenKey, SESSION_DATA_PREFIX, sessionData);
    if (claims?.s !== id)
      throw gatewayError.unprocessable(
        '14_0',
        'Invalid session: sessionData does not belong to this session.',
      );
    const session = await this.ownedSession(context, id);
    if (!options.allowPaid && session.expiresAt.getTime() <= context.now.getTime()) {
      throw gatewayError.unprocessable('14_004', 'Invalid session: the session has expired.');
    }
    return session;
  }
}
