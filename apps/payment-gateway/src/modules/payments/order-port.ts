import type { Executor } from '@actuate/service-kit';
import type { MerchantContext } from '../../shared/context.ts';
import type { Merchant } from '../merchants/service.ts';
import type { AcquirerOutcome } from './acquirer.ts';
import type { Amount, OrderReference, PaymentOrderState } from './models.ts';
import type { PaymentRow } from './repository.ts';

/**
 * What the payment core asks of partial-payment orders (the orders module implements it), so the
 * core does not depend on that module.
 */
export interface PaymentOrders {
  /** Before the method decides: the order exists, is open, current, in this currency, and covers `amount`. */
  check(context: MerchantContext, order: OrderReference, amount: Amount): Promise<void>;
  /**
   * Links a new payment of `amount` to the order under its row lock (checked again) and moves the
   * orderData on, so a second payment with the same orderData is refused.
   */
  attach(
    context: MerchantContext,
    order: OrderReference,
    amount: Amount,
    paymentPspReference: string,
  ): Promise<void>;
  /**
   * Before an authorisation is written, inside its transaction: the order (locked) must still be open
   * and cover the payment, else the payment is refused instead.
   */
  admit(
    tx: Executor,
    merchant: Merchant,
    payment: PaymentRow,
    outcome: AcquirerOutcome,
    now: Date,
  ): Promise<AcquirerOutcome>;
  /** After an authorisation is written and notified: the remaining amount goes down, maybe to 0 (ORDER_CLOSED). */
  settle(tx: Executor, merchant: Merchant, payment: PaymentRow, now: Date): Promise<void>;
  /** What is left to pay of an order the client names (`/paymentMethods` with `order`). */
  remainingOf(context: MerchantContext, order: OrderReference): Promise<Amount>;
  /** An order as it stands now (a payment's answer, also one that waits for an action). */
  stateOfOrder(
    merchant: Merchant,
    orderPspReference: string,
    now: Date,
  ): Promise<PaymentOrderState | undefined>;
  /** The order a payment was made in, as it stands now (for the payment's response). */
  stateOfPayment(
    merchant: Merchant,
    paymentPspReference: string,
    now: Date,
  ): Promise<PaymentOrderState | undefined>;
}
