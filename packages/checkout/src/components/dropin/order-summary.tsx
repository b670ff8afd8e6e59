import { useEffect, useState } from 'react';
import { type Amount, formatAmount } from '../../core/amount.ts';
import type { Checkout } from '../../core/checkout.ts';
import { CheckoutError } from '../../core/errors.ts';
import { http, withQuery } from '../../core/http.ts';
import type { Order } from '../../core/types.ts';
import { StatusMessage } from '../base/pay-button.tsx';
import { orderTranslations } from './order-translations.ts';

/** One payment made with the order, as `v1/order/status` lists it. */
export interface OrderPayment {
  type: string;
  name?: string;
  label?: string;
  lastFour?: string;
  amount: Amount;
}

export interface OrderStatus {
  paymentMethods?: OrderPayment[];
  remainingAmount?: Amount;
  expiresAt?: string;
}

/** The order's payments so far and what is left, from the gateway (client key, no session needed). */
export function fetchOrderStatus(checkout: Checkout, order: Order): Promise<OrderStatus> {
  return http<OrderStatus>(
    withQuery(`${checkout.loadingContext}v1/order/status`, { clientKey: checkout.clientKey }),
    {
      body: { orderData: order.orderData },
    },
  );
}

/** How a paid part is named: the card's label, its last four digits, or the method's name. */
export const paymentLabel = (payment: OrderPayment) =>
  payment.label ?? (payment.lastFour ? `•••• ${payment.lastFour}` : (payment.name ?? payment.type));

/**
 * Above the drop-in's methods while an order is open: each part paid, the amount left, and a cancel
 * button (with a confirmation) that rolls the order back and shows the full amount again.
 */
export function OrderSummary({ checkout, order }: { checkout: Checkout; order: Order }) {
  checkout.addTranslations(orderTranslations);
  const { i18n } = checkout;
  const [status, setStatus] = useState<OrderStatus>();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string>();

  useEffect(() => {
    let live = true;
    fetchOrderStatus(checkout, order)
      .then((answer) => {
        if (live) setStatus(answer);
      })
      .catch((error: unknown) => console.warn('Actuate checkout: order status failed', error));
    return () => {
      live = false;
    };
  }, [checkout, order]);

  const remaining = status?.remainingAmount ?? order.remainingAmount;
  const money = (amount: Amount) => formatAmount(amount, i18n.locale);

  const cancel = () => {
    if (busy) return;
    setBusy(true);
    setMessage(undefined);
    checkout
      .cancelOrder(order)
      .then(() => checkout.liveRegion.announce(i18n.get('order.cancelled')))
      .catch((error: unknown) => {
        setBusy(false);
        const failure =
          error instanceof CheckoutError
            ? error
            : new CheckoutError('ERROR', String(error), { cause: error });
        // A session shows why; the advanced flow reports the network error to the merchant.
        if (checkout.session) setMessage(failure.message || i18n.get('error.message.unknown'));
        if (checkout.options.onError) checkout.options.onError(failure);
        else console.error(failure);
      });
  };

  return (
    <section className="actuate-checkout__order-summary" aria-label={i18n.get('order.summary')}>
      <ul className="actuate-checkout__order-payments">
        {(status?.paymentMethods ?? []).map((payment, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: one answer's fixed list; two parts may look alike.
          <li key={`${payment.type}-${index}`} className="actuate-checkout__order-payment">
            <span>{paymentLabel(payment)}</span>
            <span>{money(payment.amount)}</span>
          </li>
        ))}
      </ul>
      {remaining ? (
        <p className="actuate-checkout__order-remaining">
          <span>{i18n.get('order.remainingAmount')}</span>
          <strong>{money(remaining)}</strong>
        </p>
      ) : null}
      <StatusMessage message={message} />
      {confirming ? (
        <fieldset className="actuate-checkout__confirm">
          <legend>{i18n.get('order.cancel.confirmation')}</legend>
          <button
            type="button"
            className="actuate-checkout__button actuate-checkout__button--danger"
            aria-disabled={busy}
            onClick={cancel}
          >
            {i18n.get('order.cancel.confirmButton')}
          </button>
          <button
            type="button"
            className="actuate-checkout__button actuate-checkout__button--secondary"
            onClick={() => setConfirming(false)}
          >
            {i18n.get('order.cancel.keepButton')}
          </button>
        </fieldset>
      ) : (
        <button type="button" className="actuate-checkout__link-button" onClick={() => setConfirming(true)}>
          {i18n.get('order.cancel.button')}
        </button>
      )}
    </section>
  );
}
