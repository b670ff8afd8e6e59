import type { Database, Executor } from '@actuate/service-kit';
import type { Merchant } from '../merchants/service.ts';
import type { PaymentRow } from '../payments/repository.ts';
import type { WebhookService } from '../webhooks/service.ts';
import { amountText } from './order-data.ts';
import { findOrder, lockOrder, type OrderRow, paymentsOfOrder, updateOrder } from './repository.ts';

/** Undoes one authorised payment (cancel or refund, with their webhooks): the modifications module. */
export type RollBack = (
  tx: Executor,
  merchant: Merchant,
  paymentPspReference: string,
  now: Date,
) => Promise<void>;

/**
 * How an order ends: paid (remaining 0, ORDER_CLOSED success true) or unpaid, cancelled by the merchant
 * or lapsed, when every authorised payment in it is rolled back first (ORDER_CLOSED success false).
 */
export class OrderClosing {
  constructor(
    private readonly db: Database,
    private readonly webhooks: WebhookService,
    private readonly rollBack: RollBack,
  ) {}

  /** Inside the caller's transaction; false when the order was closed already (nothing changes). */
  async closeUnpaid(
    tx: Executor,
    merchant: Merchant,
    orderPspReference: string,
    status: 'cancelled' | 'expired',
    now: Date,
  ): Promise<boolean> {
    const order = await lockOrder(tx, merchant.account, orderPspReference);
    if (order?.status !== 'open') return false;
    const paid = (await paymentsOfOrder(tx, order.pspReference)).filter((p) => p.status === 'authorised');
    for (const payment of paid) await this.rollBack(tx, merchant, payment.pspReference, now);
    await updateOrder(tx, order.pspReference, { status, closedAt: now });
    await this.notifyClosed(tx, merchant, order, paid, false, now);
    return true;
  }

  /** The last payment covered what remained: the order is completed (caller holds the row lock). */
  async closePaid(tx: Executor, merchant: Merchant, order: OrderRow, now: Date) {
    await updateOrder(tx, order.pspReference, { status: 'completed', remainingValue: 0, closedAt: now });
    const paid = (await paymentsOfOrder(tx, order.pspReference)).filter((p) => p.status === 'authorised');
    await this.notifyClosed(tx, merchant, order, paid, true, now);
  }

  /** The order as it stands at `now`: an open one past its expiresAt is closed unpaid first. */
  async current(merchant: Merchant, order: OrderRow, now: Date): Promise<OrderRow> {
    if (order.status !== 'open' || order.expiresAt.getTime() > now.getTime()) return order;
    await this.db.transaction((tx) => this.closeUnpaid(tx, merchant, order.pspReference, 'expired', now));
    return (await findOrder(this.db, merchant.account, order.pspReference)) ?? order;
  }

  /** ORDER_CLOSED lists the order's payments as `order-N-pspReference`, `-paymentMethod`, `-paymentAmount`. */
  private notifyClosed(
    tx: Executor,
    merchant: Merchant,
    order: OrderRow,
    paid: PaymentRow[],
    success: boolean,
    now: Date,
  ) {
    const additionalData: Record<string, string> = {};
    paid.forEach((payment, index) => {
      const key = `order-${index + 1}`;
      additionalData[`${key}-pspReference`] = payment.pspReference;
      additionalData[`${key}-paymentMethod`] = payment.brand ?? payment.paymentMethodType;
      additionalData[`${key}-paymentAmount`] = amountText(payment.currency, payment.amountValue);
    });
    return this.webhooks.notify(tx, merchant, {
      eventCode: 'ORDER_CLOSED',
      paymentPspReference: order.pspReference,
      pspReference: order.pspReference,
      merchantReference: order.reference,
      amount: { currency: order.currency, value: order.amountValue },
      success,
      additionalData,
      eventDate: now,
    });
  }
}
