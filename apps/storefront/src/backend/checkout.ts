import {
  type BuyerAddress,
  IntegrationEvents,
  Me,
  Orders,
  type OrderWorksheet,
  type Payment,
  Payments,
  type ShipEstimate,
  type SpendingAccount,
} from 'ordercloud-javascript-sdk';
import { getConfig } from '../config';
import { isAddressInUse } from './address-validity';
import type { CartOrder } from './cart';
import { asBuyer, platformError } from './sdk';

/*
 * The checkout's platform and middleware calls, with the buyer's token:
 *
 *   addresses → setAddresses (cart.ts) → estimateShipping → selectShipMethod → calculate
 *   → preparePayment (order xp.CustomerReference, recalculation, one payment of the chosen type)
 *   → [gateway (card and the drop-in's other methods): createPaymentSession at the middleware, the
 *      widget pays; authorised: waitForAcceptedCard; pending (transfer, direct debit, redirect left
 *      pending): reportPendingPayment, which the middleware checks with the gateway]
 *   → submitOrder (the platform runs the middleware's pre-submit check: `Webhook.ProceedFalse`
 *     carries its refusal's code, told in the buyer's words by problems.ts).
 *
 * The platform clears an order's calculation on every change, so preparePayment recalculates after
 * writing the reference, and submitOrder recalculates once more when the platform asks for it.
 */

export type PaymentType = 'PurchaseOrder' | 'CreditCard' | 'SpendingAccount';

/** The addresses the order may go to or be billed to: a closed one is never offered (nor accepted). */
export async function listCheckoutAddresses(token: string): Promise<BuyerAddress[]> {
  const now = Date.now();
  return (await Me.ListAddresses({ pageSize: 100 }, asBuyer(token))).Items.filter((address) =>
    isAddressInUse(address, now),
  );
}

export async function listSpendingAccounts(token: string): Promise<SpendingAccount[]> {
  try {
    return (await Me.ListSpendingAccounts({ pageSize: 100 }, asBuyer(token))).Items;
  } catch {
    return [];
  }
}

export async function getWorksheet(token: string, orderId: string): Promise<OrderWorksheet<CartOrder>> {
  return IntegrationEvents.GetWorksheet<OrderWorksheet<CartOrder>>('Outgoing', orderId, asBuyer(token));
}

export async function estimateShipping(token: string, orderId: string): Promise<OrderWorksheet> {
  return IntegrationEvents.EstimateShipping('Outgoing', orderId, asBuyer(token));
}

export async function selectShipMethod(token: string, orderId: string, estimateId: string, methodId: string) {
  await IntegrationEvents.SelectShipmethods(
    'Outgoing',
    orderId,
    { ShipMethodSelections: [{ ShipEstimateID: estimateId, ShipMethodID: methodId }] },
    asBuyer(token),
  );
  return calculate(token, orderId);
}

export async function calculate(token: string, orderId: string): Promise<OrderWorksheet<CartOrder>> {
  return IntegrationEvents.Calculate<OrderWorksheet<CartOrder>>('Outgoing', orderId, asBuyer(token));
}

export function shipEstimates(worksheet: OrderWorksheet | undefined): ShipEstimate[] {
  return worksheet?.ShipEstimateResponse?.ShipEstimates ?? [];
}

/** Writes the reference, recalculates and leaves exactly one payment of the chosen type. */
export async function preparePayment(
  token: string,
  orderId: string,
  type: PaymentType,
  customerReference: string,
  spendingAccountId?: string,
): Promise<{ order: CartOrder; payment: Payment }> {
  const options = asBuyer(token);
  // A state left by an earlier gateway attempt does not describe a purchase order or a budget.
  const xp = {
    CustomerReference: customerReference,
    ...(type === 'CreditCard' ? {} : { PaymentStatus: null }),
  };
  await Orders.Patch('Outgoing', orderId, { xp }, options);
  const existing = await Payments.List('Outgoing', orderId, { pageSize: 100 }, options);
  for (const payment of existing.Items) {
    if (payment.ID && !(payment.Type === type && type === 'CreditCard' && payment.Accepted)) {
      await Payments.Delete('Outgoing', orderId, payment.ID, options).catch(() => undefined);
    }
  }
  const worksheet = await calculate(token, orderId);
  const order = worksheet.Order as CartOrder;
  const kept = existing.Items.find((p) => p.Type === 'CreditCard' && p.Accepted && type === 'CreditCard');
  const payment =
    kept ??
    (await Payments.Create(
      'Outgoing',
      orderId,
      {
        Type: type,
        ...(order.Total ? { Amount: order.Total } : {}),
        ...(type === 'SpendingAccount' && spendingAccountId ? { SpendingAccountID: spendingAccountId } : {}),
        xp: { CustomerReference: customerReference },
      },
      options,
    ));
  return { order, payment };
}

export interface PaymentSession {
  readonly id: string;
  readonly sessionData: string;
  readonly clientKey: string;
  readonly environmentUrl: string;
  readonly amount: { value: number; currency: string };
}

/** The gateway session for the order total, from the middleware (which reads the order with the buyer's token). */
export async function createPaymentSession(
  token: string,
  orderId: string,
  returnUrl: string,
  shopperLocale: string,
  countryCode?: string,
): Promise<PaymentSession> {
  return postToMiddleware<PaymentSession>(
    token,
    '/payments/sessions',
    { orderId, returnUrl, shopperLocale, ...(countryCode ? { countryCode } : {}) },
    'payment session',
  );
}

/**
 * Reports a payment the gateway holds as pending; the middleware asks the gateway for the session's
 * result and, when a payment waits, accepts the order's payment as pending. Answers the state.
 */
export async function reportPendingPayment(
  token: string,
  orderId: string,
  report: { sessionId: string; sessionResult: string },
): Promise<'Pending' | 'Authorised'> {
  const { state } = await postToMiddleware<{ state: 'Pending' | 'Authorised' }>(
    token,
    `/payments/orders/${encodeURIComponent(orderId)}/pending`,
    report,
    'pending payment',
  );
  return state;
}

/**
 * POSTs JSON to the middleware with the buyer's token; a refusal throws the middleware's problem
 * text, or `<what> refused (<status>)` when it has none.
 */
async function postToMiddleware<T>(token: string, path: string, body: unknown, what: string): Promise<T> {
  const response = await fetch(`${getConfig().middlewareUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'application/json',
      'x-api-key': getConfig().middlewareApiKey,
    },
    body: JSON.stringify(body),
    cache: 'no-store',
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) {
    const problem = (await response.json().catch(() => ({}))) as { detail?: string; title?: string };
    throw new Error(problem.detail ?? problem.title ?? `${what} refused (${response.status})`);
  }
  return (await response.json()) as T;
}

/** Waits until the middleware has accepted the card payment (the gateway's webhook is asynchronous). */
export async function waitForAcceptedCard(
  token: string,
  orderId: string,
  timeoutMs = 20_000,
): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const payments = await Payments.List('Outgoing', orderId, { pageSize: 100 }, asBuyer(token));
    const card = payments.Items.find((p) => p.Type === 'CreditCard');
    if (card?.Accepted) return true;
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Submits the order; recalculates once when the platform says the calculation is stale. */
export async function submitOrder(token: string, orderId: string): Promise<CartOrder> {
  const options = asBuyer(token);
  try {
    return await Orders.Submit<CartOrder>('Outgoing', orderId, options);
  } catch (error) {
    if (platformError(error).code !== 'Order.CannotSubmitUncalculatedOrder') throw error;
    await calculate(token, orderId);
    return Orders.Submit<CartOrder>('Outgoing', orderId, options);
  }
}
