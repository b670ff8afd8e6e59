import type { Database, Executor } from '@actuate/service-kit';
import type { MerchantContext } from '../../shared/context.ts';
import { gatewayError } from '../../shared/errors.ts';
import type { GatewayKeys } from '../crypto/service.ts';
import type { Merchant } from '../merchants/service.ts';
import { type AcquirerOutcome, outcomeForCode } from '../payments/acquirer.ts';
import { assertPayableAmount } from '../payments/currencies.ts';
import type { Amount, OrderReference, PaymentOrderState } from '../payments/models.ts';
import type { PaymentOrders } from '../payments/order-port.ts';
import { newPspReference } from '../payments/references.ts';
import type { PaymentRow } from '../payments/repository.ts';
import type { WebhookService } from '../webhooks/service.ts';
import type { OrderClosing } from './closing.ts';
import { invalidOrder, isoSeconds, orderState, readOrderData } from './order-data.ts';
import {
  findOrder,
  insertOrder,
  linkPayment,
  lockOrder,
  type OrderRow,
  orderPspOfPayment,
  ordersOfPayments,
  paymentsOfOrder,
  updateOrder,
} from './repository.ts';

const DEFAULT_LIFETIME_MS = 24 * 3600_000;
/** Adyen states no limit; the sandbox keeps orders at most 30 days. */
const MAX_LIFETIME_MS = 30 * 24 * 3600_000;

export interface CreateOrderRequest {
  amount: Amount;
  reference: string;
  expiresAt?: string | undefined;
}

/** Schedules the close of a lapsed order at its expiresAt, in the transaction that opens it. */
export type OrderExpiryScheduler = (
  tx: Executor,
  merchantAccount: string,
  order: OrderRow,
) => Promise<unknown>;

/**
 * Partial-payment orders (domain-facts B6): opened by the merchant (or a session), paid in parts by
 * payments that carry `order`, closed when nothing remains, when cancelled or when they lapse.
 * orderData is a signed token of the order and its version; every payment moves the version on, and
 * a payment with an older orderData is refused (the client must use the latest). Cancel and status
 * accept any orderData of the order, since they only name it.
 */
export class OrderService implements PaymentOrders {
  private scheduleExpiry: OrderExpiryScheduler | undefined;

  constructor(
    private readonly db: Database,
    private readonly keys: GatewayKeys,
    private readonly webhooks: WebhookService,
    private readonly closing: OrderClosing,
  ) {}

  scheduleExpiriesWith(scheduler: OrderExpiryScheduler) {
    this.scheduleExpiry = scheduler;
  }

  /** `POST /orders` (and a session's `orders` call, which passes its session id and expiry). */
  async create(
    context: MerchantContext,
    request: CreateOrderRequest,
    session?: { id: string; expiresAt: Date },
  ) {
    assertPayableAmount(request.amount, { zeroAllowed: false });
    const now = context.now;
    const expiresAt = request.expiresAt
      ? new Date(request.expiresAt)
      : (session?.expiresAt ?? new Date(now.getTime() + DEFAULT_LIFETIME_MS));
    if (expiresAt.getTime() <= now.getTime() || expiresAt.getTime() - now.getTime() > MAX_LIFETIME_MS)
      throw gatewayError.unprocessable('14_012', 'expiresAt must be in the future and at most 30 days away.');
    const order: OrderRow = {
      pspReference: newPspReference(),
      merchantAccount: context.merchant.account,
      reference: request.reference,
      currency: request.amount.currency,
      amountValue: request.amount.value,
      remainingValue: request.amount.value,
      status: 'open',
      version: 0,
      sessionId: session?.id ?? null,
      expiresAt,
      closedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.db.transaction(async (tx) => {
      await insertOrder(tx, order);
      await this.webhooks.notify(tx, context.merchant, {
        eventCode: 'ORDER_OPENED',
        paymentPspReference: order.pspReference,
        pspReference: order.pspReference,
        merchantReference: order.reference,
        amount: request.amount,
        success: true,
        eventDate: now,
      });
      await this.scheduleExpiry?.(tx, context.merchant.account, order);
    });
    const { orderData, pspReference, amount, remainingAmount, reference } = orderState(
      this.keys.tokenKey,
      order,
    );
    return {
      resultCode: 'Success' as const,
      pspReference,
      orderData,
      amount,
      remainingAmount,
      expiresAt: isoSeconds(expiresAt),
      reference,
    };
  }

  /**
   * `POST /orders/cancel`: every authorised payment is cancelled or refunded, then ORDER_CLOSED
   * (false). An order cancelled or lapsed already answers the same and changes nothing; a paid one
   * cannot be cancelled (refund its payments instead).
   */
  async cancel(context: MerchantContext, reference: OrderReference, sessionId?: string) {
    const order = await this.resolve(context, reference);
    if (sessionId !== undefined && order.sessionId !== sessionId) throw invalidOrder();
    if (order.status === 'completed')
      throw gatewayError.unprocessable('14_0', 'The order is completed: refund its payments instead.');
    await this.db.transaction((tx) =>
      this.closing.closeUnpaid(tx, context.merchant, order.pspReference, 'cancelled', context.now),
    );
    return { pspReference: newPspReference(), resultCode: 'Received' as const };
  }

  /** Client `v1/order/status`: what was paid with which method, and what remains. */
  async status(context: MerchantContext, orderData: string) {
    const { pspReference } = readOrderData(this.keys.tokenKey, orderData);
    const order = await this.resolve(context, { pspReference, orderData });
    const paid = (await paymentsOfOrder(this.db, order.pspReference)).filter(
      (p) => p.status === 'authorised',
    );
    return {
      pspReference: order.pspReference,
      reference: order.reference,
      amount: { currency: order.currency, value: order.amountValue },
      remainingAmount: { currency: order.currency, value: order.remainingValue },
      expiresAt: isoSeconds(order.expiresAt),
      paymentMethods: paid.map((payment) => ({
        type: payment.paymentMethodType,
        ...(payment.brand ? { name: payment.brand } : {}),
        ...(payment.lastFour ? { lastFour: payment.lastFour } : {}),
        amount: { currency: payment.currency, value: payment.amountValue },
      })),
    };
  }

  // ---- the payment core's side (PaymentOrders) ----

  async check(context: MerchantContext, reference: OrderReference, amount: Amount) {
    const order = await this.resolve(context, reference);
    this.assertPayable(order, readOrderData(this.keys.tokenKey, reference.orderData).version, amount);
  }

  async attach(
    context: MerchantContext,
    reference: OrderReference,
    amount: Amount,
    paymentPspReference: string,
  ) {
    const { version } = readOrderData(this.keys.tokenKey, reference.orderData, reference.pspReference);
    await this.db.transaction(async (tx) => {
      const order = await lockOrder(tx, context.merchant.account, reference.pspReference);
      if (!order) throw invalidOrder();
      this.assertPayable(order, version, amount, context.now);
      await updateOrder(tx, order.pspReference, { version: order.version + 1 });
      await linkPayment(tx, order.pspReference, paymentPspReference);
    });
  }

  async admit(tx: Executor, merchant: Merchant, payment: PaymentRow, outcome: AcquirerOutcome, now: Date) {
    const orderPspReference = await orderPspOfPayment(tx, payment.pspReference);
    if (!orderPspReference) return outcome;
    const order = await lockOrder(tx, merchant.account, orderPspReference);
    const fits =
      order?.status === 'open' &&
      order.expiresAt.getTime() > now.getTime() &&
      payment.amountValue <= order.remainingValue;
    // Closed meanwhile (paid by another payment, cancelled, lapsed): refused rather than over-paid.
    return fits ? outcome : outcomeForCode(2);
  }

  async settle(tx: Executor, merchant: Merchant, payment: PaymentRow, now: Date) {
    const orderPspReference = await orderPspOfPayment(tx, payment.pspReference);
    if (!orderPspReference) return;
    const order = await lockOrder(tx, merchant.account, orderPspReference);
    if (order?.status !== 'open') return;
    const remainingValue = order.remainingValue - payment.amountValue;
    if (remainingValue > 0) await updateOrder(tx, order.pspReference, { remainingValue });
    else await this.closing.closePaid(tx, merchant, order, now);
  }

  async stateOfPayment(merchant: Merchant, paymentPspReference: string, now: Date) {
    const orderPspReference = await orderPspOfPayment(this.db, paymentPspReference);
    return orderPspReference ? this.stateOfOrder(merchant, orderPspReference, now) : undefined;
  }

  async stateOfOrder(merchant: Merchant, orderPspReference: string, now: Date) {
    const order = await findOrder(this.db, merchant.account, orderPspReference);
    if (!order) return undefined;
    return orderState(this.keys.tokenKey, await this.closing.current(merchant, order, now));
  }

  async remainingOf(context: MerchantContext, reference: OrderReference): Promise<Amount> {
    const order = await this.resolve(context, reference);
    return { currency: order.currency, value: order.remainingValue };
  }

  // ---- for sessions ----

  /** The order a client names, if it belongs to this session: its state (setup with `order`). */
  async sessionOrder(context: MerchantContext, sessionId: string, reference: OrderReference) {
    const order = await this.resolve(context, reference);
    if (order.sessionId !== sessionId) throw invalidOrder();
    return { row: order, state: orderState(this.keys.tokenKey, order) };
  }

  /** The orders (as they stand) of a session's payments, by payment pspReference. */
  async ordersOfSessionPayments(merchant: Merchant, paymentPspReferences: string[], now: Date) {
    const rows = await ordersOfPayments(this.db, paymentPspReferences);
    const byPayment = new Map<string, OrderRow>();
    for (const row of rows)
      byPayment.set(row.paymentPspReference, await this.closing.current(merchant, row.order, now));
    return byPayment;
  }

  stateOf(order: OrderRow): PaymentOrderState {
    return orderState(this.keys.tokenKey, order);
  }

  /** The merchant's order an orderData names (any version), brought up to date (a lapsed one closed). */
  private async resolve(context: MerchantContext, reference: OrderReference): Promise<OrderRow> {
    readOrderData(this.keys.tokenKey, reference.orderData, reference.pspReference);
    const order = await findOrder(this.db, context.merchant.account, reference.pspReference);
    if (!order) throw invalidOrder();
    return this.closing.current(context.merchant, order, context.now);
  }

  private assertPayable(order: OrderRow, version: number, amount: Amount, now?: Date) {
    if (order.status !== 'open' || (now && order.expiresAt.getTime() <= now.getTime()))
      throw gatewayError.unprocessable(
        '14_0',
        `The order is ${order.status === 'open' ? 'expired' : order.status} and takes no more payments.`,
      );
    if (version !== order.version)
      throw gatewayError.unprocessable(
        '14_0',
        'Outdated orderData: use the orderData of the last payment made in the order.',
      );
    if (amount.currency !== order.currency)
      throw gatewayError.unprocessable('137', `Invalid amount specified: the order is in ${order.currency}.`);
    if (amount.value > order.remainingValue)
      throw gatewayError.unprocessable(
        '137',
        `Invalid amount specified: at most ${order.remainingValue} remains to be paid in the order.`,
      );
  }
}
