import { describe, expect, it } from 'vitest';
import { paymentStateOf } from './payment-state.ts';
import type { PaymentNotificationRow, PaymentPendingRow } from './repository.ts';

let clock = 0;
function row(eventCode: string, success: boolean, extra: Partial<PaymentNotificationRow> = {}) {
  clock += 1;
  return {
    pspReference: `PSP${clock}`,
    eventCode,
    originalReference: null,
    merchantReference: 'order-1',
    merchantAccount: 'ActuateStore',
    amountMinor: 10_000,
    currency: 'EUR',
    success,
    reason: null,
    paymentMethod: 'bankTransfer_IBAN',
    eventDate: null,
    item: {},
    receivedAt: new Date(clock * 1000),
    ...extra,
  } satisfies PaymentNotificationRow;
}
const pending: PaymentPendingRow = {
  orderId: 'order-1',
  sessionId: 'CS1',
  pspReference: null,
  resultCode: 'PresentToShopper',
  paymentMethod: 'bankTransfer_IBAN',
  amountMinor: 10_000,
  currency: 'EUR',
  instructions: null,
  recordedAt: new Date(0),
};

describe('paymentStateOf', () => {
  it('is unknown before anything happened and pending once the gateway holds a pending payment', () => {
    expect(paymentStateOf([], [], 10_000, 'EUR')).toBeUndefined();
    expect(paymentStateOf([], [pending], 10_000, 'EUR')).toBe('Pending');
  });

  it('is authorised once the standing authorisations cover the amount due', () => {
    expect(paymentStateOf([row('AUTHORISATION', true)], [pending], 10_000, 'EUR')).toBe('Authorised');
    expect(paymentStateOf([row('AUTHORISATION', true)], [pending], 20_000, 'EUR')).toBe('Pending');
    expect(paymentStateOf([row('AUTHORISATION', true, { currency: 'DKK' })], [pending], 10_000, 'EUR')).toBe(
      'Pending',
    );
  });

  it('is still pending when the only refusal came before the pending payment was reported', () => {
    const early = row('AUTHORISATION', false);
    const later = { ...pending, recordedAt: new Date(early.receivedAt.getTime() + 500) };
    expect(paymentStateOf([early], [later], 10_000, 'EUR')).toBe('Pending');
    expect(paymentStateOf([early], [], 10_000, 'EUR')).toBe('Refused');
  });

  it('is refused or expired by the last outcome of a pending payment', () => {
    expect(paymentStateOf([row('AUTHORISATION', false)], [pending], 10_000, 'EUR')).toBe('Refused');
    expect(paymentStateOf([row('OFFER_CLOSED', true)], [pending], 10_000, 'EUR')).toBe('Expired');
    // The last word counts: a refusal followed by an authorisation is authorised.
    expect(
      paymentStateOf([row('AUTHORISATION', false), row('AUTHORISATION', true)], [pending], 10_000, 'EUR'),
    ).toBe('Authorised');
  });

  it('records a dispute, a chargeback and a reversed chargeback', () => {
    const authorised = row('AUTHORISATION', true);
    const notice = row('NOTIFICATION_OF_CHARGEBACK', true);
    expect(paymentStateOf([authorised, notice], [], 10_000, 'EUR')).toBe('ChargebackNotified');
    const chargeback = row('CHARGEBACK', true);
    expect(paymentStateOf([authorised, notice, chargeback], [], 10_000, 'EUR')).toBe('ChargedBack');
    const reversed = row('CHARGEBACK_REVERSED', true);
    expect(paymentStateOf([authorised, notice, chargeback, reversed], [], 10_000, 'EUR')).toBe('Authorised');
  });
});
