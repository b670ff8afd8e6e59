/**
 * Payments at the gateway (docs/domain.md, Adyen Checkout): sessions for an order's total, and the gateway's
 * standard webhooks — HMAC verified per item, recorded once per (pspReference, eventCode).
 */
import { createHash } from 'node:crypto';
import { fromMinorUnits, toMinorUnits } from '@actuate/contracts';
import { verifyNotificationHmac } from '@actuate/contracts/signatures';
import {
  type Database,
  HttpError,
  type Jobs,
  notFound,
  type Transaction,
  unauthorized,
  unprocessable,
} from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentGatewayClient } from '../../clients/payment-gateway-client.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';
import { type PaymentModificationJob, PaymentModifications } from './modifications.ts';
import { type PaymentState, paymentStateOf, standingAuthorised } from './payment-state.ts';
import { type PendingAnswer, type PendingReport, recordPendingPayment } from './pending.ts';
import {
  findNotification,
  insertNotification,
  insertSession,
  notificationsOfOrder,
  pendingsOfOrder,
} from './repository.ts';

/** What the middleware is at the gateway, and what the widget needs to reach it. */
export interface GatewaySettings {
  /** The gateway as the buyer's browser reaches it. */
  publicUrl: string;
  clientKey: string;
  merchantAccount: string;
  hmacKeyHex: string;
}
/** Job per new notification: record it as a transaction on the platform payment (outbox). */
export const PAYMENT_SYNC_QUEUE = 'payment-platform-sync';

export interface PaymentSyncJob {
  pspReference: string;
  eventCode: string;
}

/** Job per submitted order: its payment's state copied onto the order (for order lists). */
export const PAYMENT_ORDER_STATE_QUEUE = 'payment-order-state';

export interface PaymentOrderStateJob {
  orderId: string;
}

/** Platform transaction Type per gateway event code. */
const TRANSACTION_TYPES: Record<string, string> = {
  AUTHORISATION: 'Authorization',
  CAPTURE: 'Capture',
  CAPTURE_FAILED: 'Capture',
  CANCELLATION: 'Void',
  TECHNICAL_CANCEL: 'Void',
  REFUND: 'Refund',
  REFUND_FAILED: 'Refund',
  CANCEL_OR_REFUND: 'Void',
  OFFER_CLOSED: 'Void',
  NOTIFICATION_OF_CHARGEBACK: 'ChargebackNotice',
  CHARGEBACK: 'Chargeback',
  CHARGEBACK_REVERSED: 'ChargebackReversed',
};

export interface NotificationItem {
  pspReference: string;
  originalReference?: string | undefined;
  merchantAccountCode: string;
  merchantReference: string;
  amount: { value: number; currency: string };
  eventCode: string;
  success: string;
  eventDate?: string | undefined;
  reason?: string | undefined;
  paymentMethod?: string | undefined;
  additionalData?: Record<string, unknown> | undefined;
}

export interface SessionForWidget {
  id: string;
  sessionData: string;
  clientKey: string;
  environmentUrl: string;
  orderId: string;
  amount: { value: number; currency: string };
  returnUrl: string;
  expiresAt?: string | undefined;
}

export class PaymentService {
  private readonly modifications: PaymentModifications;

  constructor(
    private readonly db: Database,
    private readonly platform: PlatformClient,
    private readonly gatewayClient: PaymentGatewayClient,
    private readonly gateway: GatewaySettings,
    private readonly jobs: () => Jobs,
    log?: FastifyBaseLogger,
  ) {
    this.modifications = new PaymentModifications(
      db,
      platform,
      gatewayClient,
      gateway.merchantAccount,
      jobs,
      log,
    );
  }

  /**
   * A gateway session for the order's total and currency. The buyer's own platform token proves the
   * order is theirs: the order is read through it, not through the middleware's admin client.
   */
  async createSession(
    buyerToken: string,
    request: {
      orderId: string;
      returnUrl: string;
      shopperLocale?: string | undefined;
      countryCode?: string | undefined;
    },
  ): Promise<SessionForWidget> {
    const order = await this.platform.getOrderAs(buyerToken, request.orderId);
    if (order === 'unauthorized') throw unauthorized('invalid-token', 'The platform token is not valid.');
    if (!order) throw notFound('order-not-found', `No order ${request.orderId} of yours.`);
    if (order.Status && order.Status !== 'Unsubmitted') {
      throw unprocessable(
        'order-submitted',
        `Order ${request.orderId} is ${order.Status}: it cannot be paid again.`,
      );
    }
    const currency = order.Currency;
    if (!currency) throw unprocessable('order-without-currency', 'The order has no currency.');
    const value = toMinorUnits(order.Total ?? 0, currency);
    if (value <= 0) throw unprocessable('nothing-to-pay', 'The order total is zero: nothing to pay.');
    const body = {
      merchantAccount: this.gateway.merchantAccount,
      amount: { value, currency },
      reference: request.orderId,
      returnUrl: request.returnUrl,
      channel: 'Web',
      ...(request.shopperLocale ? { shopperLocale: request.shopperLocale } : {}),
      ...(request.countryCode ? { countryCode: request.countryCode } : {}),
      ...(order.FromUserID ? { shopperReference: order.FromUserID } : {}),
    };
    const idempotencyKey = createHash('sha256').update(JSON.stringify(body)).digest('hex');
    const session = await this.gatewayClient.createSession(body, idempotencyKey);
    if (!session.ok) {
      throw new HttpError(
        502,
        'gateway-refused',
        `The payment gateway refused the session: ${session.error.message}`,
        { gateway: session.error.body },
      );
    }
    const { id, sessionData, expiresAt } = session.value;
    await insertSession(this.db, {
      id,
      orderId: request.orderId,
      amountMinor: value,
      currency,
      returnUrl: request.returnUrl,
    });
    return {
      id,
      sessionData,
      clientKey: this.gateway.clientKey,
      environmentUrl: this.gateway.publicUrl,
      orderId: request.orderId,
      amount: { value, currency },
      returnUrl: request.returnUrl,
      ...(expiresAt === undefined ? {} : { expiresAt }),
    };
  }

  /** The storefront's report of a payment the gateway holds as pending (pending.ts). */
  recordPending(buyerToken: string, report: PendingReport): Promise<PendingAnswer> {
    return recordPendingPayment(
      { db: this.db, platform: this.platform, gateway: this.gatewayClient },
      buyerToken,
      report,
    );
  }

  /**
   * Verifies every item first (one bad signature refuses the whole delivery, so the gateway retries
   * and nothing half-applies), then records each new item. Returns how many were new.
   */
  async receiveNotifications(items: NotificationItem[]): Promise<number> {
    for (const item of items) {
      const signature = item.additionalData?.hmacSignature;
      if (
        !verifyNotificationHmac(
          this.gateway.hmacKeyHex,
          item,
          typeof signature === 'string' ? signature : undefined,
        )
      ) {
        throw unauthorized(
          'invalid-hmac-signature',
          `The HMAC signature of notification ${item.pspReference} is not valid.`,
        );
      }
      if (item.merchantAccountCode !== this.gateway.merchantAccount) {
        throw unauthorized(
          'unknown-merchant-account',
          `Notifications for ${item.merchantAccountCode} are not ours.`,
        );
      }
    }
    let recorded = 0;
    await this.db.transaction(async (tx) => {
      for (const item of items) {
        const isNew = await insertNotification(tx, {
          pspReference: item.pspReference,
          eventCode: item.eventCode,
          originalReference: item.originalReference || null,
          merchantReference: item.merchantReference,
          merchantAccount: item.merchantAccountCode,
          amountMinor: item.amount.value,
          currency: item.amount.currency,
          success: item.success === 'true',
          reason: item.reason || null,
          paymentMethod: item.paymentMethod ?? null,
          eventDate: item.eventDate ?? null,
          item,
        });
        if (isNew) {
          recorded += 1;
          await this.jobs().enqueue(tx, PAYMENT_SYNC_QUEUE, {
            pspReference: item.pspReference,
            eventCode: item.eventCode,
          } satisfies PaymentSyncJob);
          if (item.eventCode === 'AUTHORISATION' && item.success === 'true')
            await this.modifications.onNewAuthorisation(tx, item.merchantReference);
        }
      }
    });
    return recorded;
  }

  /** Minor units authorised for the order in the currency and still standing (not cancelled, expired or refunded). */
  async authorisedAmount(orderId: string, currency: string): Promise<number> {
    return standingAuthorised(await notificationsOfOrder(this.db, orderId), currency);
  }

  /** The state of the order's gateway payment for the amount due (major units), from what was recorded. */
  async paymentState(orderId: string, currency: string, due: number): Promise<PaymentState | undefined> {
    const [rows, pendings] = await Promise.all([
      notificationsOfOrder(this.db, orderId),
      pendingsOfOrder(this.db, orderId),
    ]);
    const covered = pendings.filter(
      (row) => row.currency === currency && row.amountMinor >= toMinorUnits(due, currency),
    );
    return paymentStateOf(rows, covered, toMinorUnits(due, currency), currency);
  }

  /**
   * The job: the notification as a transaction on the order's card payment on the platform, and the
   * payment Accepted once authorised. Idempotent: a transaction carrying the same PspReference and
   * EventCode is not added twice. An order the platform does not know is left alone.
   */
  async syncToPlatform(job: PaymentSyncJob): Promise<void> {
    const row = await findNotification(this.db, job.pspReference, job.eventCode);
    if (!row) return;
    const order = await this.platform.getOrder(row.merchantReference);
    if (!order?.ID) return;
    const payments = await this.platform.listPayments(order.ID);
    const payment = payments.find((candidate) => candidate.Type === 'CreditCard');
    if (!payment?.ID) return;
    const known = (payment.Transactions ?? []).some(
      (transaction) =>
        transaction.xp?.PspReference === row.pspReference && transaction.xp?.EventCode === row.eventCode,
    );
    // Only money movements become transactions: a partial-payment order opening or closing
    // (ORDER_OPENED/ORDER_CLOSED) or a stored card (RECURRING_CONTRACT) moves none.
    const type = Object.hasOwn(TRANSACTION_TYPES, row.eventCode)
      ? TRANSACTION_TYPES[row.eventCode]
      : undefined;
    if (type && !known) {
      await this.platform.addPaymentTransaction(order.ID, payment.ID, {
        Type: type,
        ...(row.eventDate ? { DateExecuted: row.eventDate } : {}),
        Currency: row.currency,
        Amount: fromMinorUnits(row.amountMinor, row.currency),
        Succeeded: row.success,
        ResultCode: row.eventCode,
        ResultMessage: row.reason ?? (row.success ? 'Succeeded' : 'Failed'),
        xp: {
          PspReference: row.pspReference,
          EventCode: row.eventCode,
          OriginalReference: row.originalReference,
          // Which method this part was paid with (a gift card and a card can share one order).
          ...(row.paymentMethod ? { PaymentMethod: row.paymentMethod } : {}),
        },
      });
    }
    const due = payment.Amount ?? order.Total;
    if (!order.Currency || due === undefined || due === null) return;
    // The state is derived from everything recorded, so notifications synced out of order still
    // leave the payment as the latest word says; it is written only when it changes.
    const state = await this.paymentState(order.ID, order.Currency, due);
    const acceptNow = state === 'Authorised' && !payment.Accepted;
    if (acceptNow || (state && payment.xp?.PaymentStatus !== state)) {
      await this.platform.patchPayment(order.ID, payment.ID, {
        ...(acceptNow ? { Accepted: true } : {}),
        xp: {
          ...(payment.xp ?? {}),
          ...(state ? { PaymentStatus: state } : {}),
          ...(row.paymentMethod && !payment.xp?.PaymentMethod ? { PaymentMethod: row.paymentMethod } : {}),
          ...(row.eventCode === 'AUTHORISATION' && row.success ? { PspReference: row.pspReference } : {}),
        },
      });
    }
    // The order carries the state too, so order lists show it without reading every payment; a
    // cart gets it when it is submitted (writing to a cart would undo its calculation).
    if (state && order.Status !== 'Unsubmitted' && order.xp?.PaymentStatus !== state) {
      await this.platform.patchOrderXp(order.ID, { PaymentStatus: state });
    }
  }

  /** On submission (also for approval): the payment's state is copied onto the order by a job. */
  async onCheckoutEvent(tx: Transaction, event: { orderId: string; eventType: string }): Promise<void> {
    if (event.eventType === 'OrderSubmit' || event.eventType === 'OrderSubmitForApproval') {
      await this.jobs().enqueue(tx, PAYMENT_ORDER_STATE_QUEUE, { orderId: event.orderId });
    }
  }

  /** Copies the payment's `xp.PaymentStatus` onto the submitted order (retried until it is submitted). */
  async copyStateToOrder(job: PaymentOrderStateJob): Promise<void> {
    const order = await this.platform.getOrder(job.orderId);
    if (!order?.ID) return;
    if (order.Status === 'Unsubmitted') throw new Error(`order ${order.ID} is not submitted yet`);
    const payment = (await this.platform.listPayments(order.ID)).find(
      (candidate) => candidate.Type === 'CreditCard',
    );
    const state = payment?.xp?.PaymentStatus;
    if (typeof state === 'string' && order.xp?.PaymentStatus !== state) {
      await this.platform.patchOrderXp(order.ID, { PaymentStatus: state });
    }
  }

  /** Captures and cancellations (modifications.ts), enqueued in the caller's transaction. */
  enqueueModification(tx: Transaction, job: PaymentModificationJob): Promise<boolean> {
    return this.modifications.enqueue(tx, job);
  }

  /** The modification job (modifications.ts). */
  modify(job: PaymentModificationJob): Promise<void> {
    return this.modifications.run(job);
  }

  /** The notifications recorded for an order (operators, tests). */
  notifications(orderId: string) {
    return notificationsOfOrder(this.db, orderId);
  }
}
