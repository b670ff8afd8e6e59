import type { Executor } from '@actuate/service-kit';
import type { Merchant } from '../merchants/service.ts';
import type { VaultService } from '../vault/service.ts';
import type { WebhookService } from '../webhooks/service.ts';
import type { AcquirerOutcome, ResultCode } from './acquirer.ts';
import type { PaymentOrders } from './order-port.ts';
import { finaliseOpen, findPayment, insertPayment, type PaymentRow } from './repository.ts';
import type { PaymentStatus } from './schema.ts';

const STATUS_BY_RESULT: Partial<Record<ResultCode, PaymentStatus>> = {
  Authorised: 'authorised',
  Refused: 'refused',
  Error: 'error',
  Received: 'received',
  Pending: 'received',
  Cancelled: 'cancelled',
};

/** Runs after a payment is authorised, inside its transaction (e.g. immediate capture). */
export type AuthorisedHook = (
  tx: Executor,
  merchant: Merchant,
  payment: PaymentRow,
  now: Date,
) => Promise<void>;

/**
 * A payment's final result: its status, the card stored for the shopper, the AUTHORISATION (or
 * OFFER_CLOSED) webhook and the hook that runs after authorisation, in the caller's transaction.
 */
export class PaymentFinaliser {
  private authorisedHook: AuthorisedHook | undefined;
  private orders: PaymentOrders | undefined;

  constructor(
    private readonly vault: VaultService,
    private readonly webhooks: WebhookService,
  ) {}

  onAuthorised(hook: AuthorisedHook) {
    this.authorisedHook = hook;
  }

  /** Partial-payment orders: an authorisation in one must fit the order, then reduces what remains. */
  useOrders(orders: PaymentOrders) {
    this.orders = orders;
  }

  /**
   * Applies the acquirer's answer once: status, stored card, AUTHORISATION webhook, hooks. A payment
   * without authentication is inserted final (`insert`); an authenticated one moves from
   * `authenticating` (`update`), and only the first of concurrent attempts wins.
   */
  async finalise(
    tx: Executor,
    merchant: Merchant,
    payment: PaymentRow,
    decided: AcquirerOutcome,
    now: Date,
    write: 'insert' | 'update' = 'update',
    eventCode: 'AUTHORISATION' | 'OFFER_CLOSED' = 'AUTHORISATION',
  ): Promise<PaymentRow> {
    // A payment in an order that closed (or was paid by another) meanwhile is refused, never over-paid.
    const outcome =
      decided.resultCode === 'Authorised' && this.orders
        ? await this.orders.admit(tx, merchant, payment, decided, now)
        : decided;
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
    // A pending answer is no outcome yet: the notification follows once the payment settles.
    if (changes.status === 'received') return final;
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
    if (authorised && this.orders) await this.orders.settle(tx, merchant, final, now);
    return final;
  }
}
