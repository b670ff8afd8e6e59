import type { PaymentNotificationRow, PaymentPendingRow } from './repository.ts';

/**
 * The state of an order's gateway payment as the buyer sees it (kept in the platform payment's
 * `xp.PaymentStatus`): pending while a transfer or direct debit waits, then authorised or refused by
 * the AUTHORISATION webhook, expired by OFFER_CLOSED, disputed and charged back by the chargeback
 * notifications.
 */
export type PaymentState =
  | 'Pending'
  | 'Authorised'
  | 'Refused'
  | 'Expired'
  | 'ChargebackNotified'
  | 'ChargedBack';

/** Codes that end an authorisation (the payment can no longer be captured). */
export const ENDING_CODES = new Set([
  'CANCELLATION',
  'TECHNICAL_CANCEL',
  'EXPIRE',
  'REFUND',
  'CANCEL_OR_REFUND',
]);

/** Minor units authorised in the currency and still standing (not cancelled, expired or refunded). */
export function standingAuthorised(rows: readonly PaymentNotificationRow[], currency: string): number {
  const ended = new Set(
    rows
      .filter((row) => row.success && ENDING_CODES.has(row.eventCode) && row.originalReference)
      .map((row) => row.originalReference),
  );
  return rows
    .filter(
      (row) =>
        row.eventCode === 'AUTHORISATION' &&
        row.success &&
        row.currency === currency &&
        !ended.has(row.pspReference),
    )
    .reduce((sum, row) => sum + row.amountMinor, 0);
}

const byReceived = (a: PaymentNotificationRow, b: PaymentNotificationRow) =>
  a.receivedAt.getTime() - b.receivedAt.getTime();

/**
 * The state from everything recorded for the order; undefined while nothing says anything yet (a
 * card payment not made). `dueMinor` is what the payment must cover.
 */
export function paymentStateOf(
  rows: readonly PaymentNotificationRow[],
  pendings: readonly PaymentPendingRow[],
  dueMinor: number,
  currency: string,
): PaymentState | undefined {
  const disputes = rows.filter((row) => row.success && row.eventCode.includes('CHARGEBACK')).sort(byReceived);
  const lastDispute = disputes.at(-1)?.eventCode;
  // A reversed chargeback gives the money back: the payment is what it was before.
  if (lastDispute === 'CHARGEBACK') return 'ChargedBack';
  if (lastDispute === 'NOTIFICATION_OF_CHARGEBACK') return 'ChargebackNotified';
  if (dueMinor > 0 && standingAuthorised(rows, currency) >= dueMinor) return 'Authorised';
  const lastOutcome = rows
    .filter((row) => row.eventCode === 'AUTHORISATION' || row.eventCode === 'OFFER_CLOSED')
    .sort(byReceived)
    .at(-1);
  const pendingSince = Math.max(...pendings.map((row) => row.recordedAt.getTime()));
  if (pendings.length > 0) {
    // Only an outcome after the pending payment was reported settles it: an earlier one belongs to
    // an attempt before it (a refused card, or the gateway's interim answer of the pending payment).
    const settled = lastOutcome && lastOutcome.receivedAt.getTime() >= pendingSince ? lastOutcome : undefined;
    if (settled?.eventCode === 'OFFER_CLOSED' && settled.success) return 'Expired';
    if (settled?.eventCode === 'AUTHORISATION' && !settled.success) return 'Refused';
    return 'Pending';
  }
  if (lastOutcome?.eventCode === 'AUTHORISATION' && !lastOutcome.success) return 'Refused';
  return undefined;
}
