/**
 * A payment the gateway holds as pending (a bank transfer presented to the shopper, a direct debit
 * received, a redirect left pending): the storefront reports it with the session's `sessionResult`,
 * which only the gateway can issue, so the middleware asks the gateway before it lets the order be
 * submitted on it. The AUTHORISATION webhook later settles it (service.ts, syncToPlatform).
 */
import { toMinorUnits } from '@actuate/contracts';
import { type Database, notFound, unauthorized, unprocessable } from '@actuate/service-kit';
import type { PaymentGatewayClient } from '../../clients/payment-gateway-client.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';
import { findSession, insertPending } from './repository.ts';

/** What the shopper was shown to pay by transfer; shown again on the order page while it waits. */
export interface TransferInstructions {
  paymentMethod?: string | undefined;
  beneficiary?: string | undefined;
  iban?: string | undefined;
  bic?: string | undefined;
  reference?: string | undefined;
}

export interface PendingReport {
  orderId: string;
  sessionId: string;
  sessionResult: string;
}

/** `Authorised`: the session is already paid (the card path applies); `Pending`: recorded. */
export type PendingAnswer = { state: 'Pending' | 'Authorised' };

const PENDING_RESULT_CODES = new Set(['Received', 'Pending', 'PresentToShopper']);

/** A transfer's account and reference, from the action the gateway itself reports (never the browser). */
function instructionsOf(action: Record<string, unknown> | undefined, paymentMethod: string | null) {
  if (action?.type !== 'bankTransfer') return undefined;
  const text = (key: string) =>
    typeof action[key] === 'string' ? (action[key] as string).slice(0, 140) : undefined;
  const instructions: TransferInstructions = {
    ...(paymentMethod ? { paymentMethod } : {}),
    beneficiary: text('beneficiary'),
    iban: text('iban'),
    bic: text('bic'),
    reference: text('reference'),
  };
  return instructions;
}

export async function recordPendingPayment(
  deps: { db: Database; platform: PlatformClient; gateway: PaymentGatewayClient },
  buyerToken: string,
  report: PendingReport,
): Promise<PendingAnswer> {
  const order = await deps.platform.getOrderAs(buyerToken, report.orderId);
  if (order === 'unauthorized') throw unauthorized('invalid-token', 'The platform token is not valid.');
  if (!order?.ID) throw notFound('order-not-found', `No order ${report.orderId} of yours.`);
  const session = await findSession(deps.db, report.sessionId);
  if (!session || session.orderId !== order.ID) {
    throw notFound('session-not-found', `No payment session ${report.sessionId} for order ${order.ID}.`);
  }
  if (order.Status && order.Status !== 'Unsubmitted') {
    throw unprocessable('order-submitted', `Order ${order.ID} is ${order.Status} already.`);
  }
  if (
    order.Currency !== session.currency ||
    toMinorUnits(order.Total ?? 0, session.currency) > session.amountMinor
  ) {
    throw unprocessable(
      'order-changed',
      'The order total changed after the payment session was made; pay the new total.',
    );
  }
  const result = await deps.gateway.sessionResult(report.sessionId, report.sessionResult);
  if (!result.ok) {
    throw unprocessable(
      'session-result-refused',
      `The gateway refused the session result: ${result.error.message}`,
    );
  }
  if (result.value.status === 'completed') return { state: 'Authorised' };
  if (result.value.status !== 'paymentPending') {
    throw unprocessable('payment-not-pending', `The session is ${result.value.status}: no payment waits.`);
  }
  const payments = await deps.platform.listPayments(order.ID);
  const payment = payments.find((candidate) => candidate.Type === 'CreditCard');
  if (!payment?.ID)
    throw unprocessable('no-gateway-payment', 'The order has no payment through the gateway.');

  const held = result.value.payments.find((entry) => PENDING_RESULT_CODES.has(entry.resultCode));
  const method = held?.paymentMethod?.type ?? null;
  const instructions = instructionsOf(held?.action, method);
  await insertPending(deps.db, {
    orderId: order.ID,
    sessionId: session.id,
    pspReference: held?.pspReference ?? null,
    resultCode: held?.resultCode ?? 'Pending',
    paymentMethod: method,
    amountMinor: session.amountMinor,
    currency: session.currency,
    instructions: instructions ?? null,
  });
  // Accepted so the platform submits the order; PaymentStatus tells that the money is still to come.
  await deps.platform.patchPayment(order.ID, payment.ID, {
    Accepted: true,
    xp: {
      ...(payment.xp ?? {}),
      PaymentStatus: 'Pending',
      ...(method ? { PaymentMethod: method } : {}),
      ...(held ? { PspReference: held.pspReference } : {}),
      ...(instructions ? { TransferInstructions: instructions } : {}),
    },
  });
  return { state: 'Pending' };
}
