import { gatewayError } from '../../shared/errors.ts';
import { signToken, verifyToken } from '../crypto/service.ts';
import { minorUnitDigits } from '../payments/currencies.ts';
import type { PaymentOrderState } from '../payments/models.ts';
import type { OrderRow } from './repository.ts';

/** orderData is the gateway's signed token: the order's pspReference and its version. */
const ORDER_DATA_PREFIX = 'Od1!';

interface OrderDataClaims {
  o?: string;
  v?: number;
}

/** Adyen writes expiresAt with an offset and without milliseconds. */
export const isoSeconds = (date: Date) => `${date.toISOString().slice(0, 19)}+00:00`;

export const orderDataOf = (tokenKey: Buffer, order: OrderRow) =>
  signToken(tokenKey, ORDER_DATA_PREFIX, { o: order.pspReference, v: order.version });

/** The order an orderData names and the version it was handed out at; 422 when tampered or not the named order. */
export function readOrderData(tokenKey: Buffer, orderData: string, pspReference?: string) {
  const claims = verifyToken<OrderDataClaims>(tokenKey, ORDER_DATA_PREFIX, orderData);
  if (!claims?.o || typeof claims.v !== 'number' || (pspReference !== undefined && claims.o !== pspReference))
    throw invalidOrder();
  return { pspReference: claims.o, version: claims.v };
}

export const invalidOrder = () =>
  gatewayError.unprocessable('14_0', 'Invalid order: unknown order or tampered orderData.');

/** The order as a payment's response and the widget see it. */
export function orderState(tokenKey: Buffer, order: OrderRow): PaymentOrderState {
  return {
    pspReference: order.pspReference,
    orderData: orderDataOf(tokenKey, order),
    amount: { currency: order.currency, value: order.amountValue },
    remainingAmount: { currency: order.currency, value: order.remainingValue },
    expiresAt: isoSeconds(order.expiresAt),
    reference: order.reference,
  };
}

/** `EUR 10.00`: the amount text of ORDER_CLOSED's `order-N-paymentAmount`. */
export function amountText(currency: string, value: number) {
  const digits = minorUnitDigits(currency);
  return `${currency} ${(value / 10 ** digits).toFixed(digits)}`;
}
