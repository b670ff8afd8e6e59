import { describe, expect, it } from 'vitest';
import {
  isPendingResult,
  paymentStateOf,
  storedInstructions,
  transferInstructionsOf,
} from './gateway-outcome';

describe('gateway outcomes', () => {
  it('treats received, pending and presented payments as pending, and nothing else', () => {
    expect(['Received', 'Pending', 'PresentToShopper'].map(isPendingResult)).toEqual([true, true, true]);
    expect(['Authorised', 'Refused', 'RedirectShopper', undefined].map(isPendingResult)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('takes the transfer instructions of a bank-transfer action only', () => {
    const action = {
      type: 'bankTransfer',
      paymentMethodType: 'bankTransfer_IBAN',
      beneficiary: ' Actuate Bank ',
      iban: 'NL13TEST0123456789',
      bic: 'TESTNL01',
      reference: 'ACT-1',
      totalAmount: { value: 100, currency: 'EUR' },
    };
    expect(transferInstructionsOf(action)).toEqual({
      paymentMethod: 'bankTransfer_IBAN',
      beneficiary: 'Actuate Bank',
      iban: 'NL13TEST0123456789',
      bic: 'TESTNL01',
      reference: 'ACT-1',
    });
    expect(transferInstructionsOf({ type: 'voucher', reference: 'x' })).toBeUndefined();
    expect(transferInstructionsOf('bankTransfer')).toBeUndefined();
    expect(transferInstructionsOf({ type: 'bankTransfer', iban: 'X'.repeat(35), bic: 7 })).toBeUndefined();
  });

  it('reads back stored instructions and known payment states only', () => {
    expect(
      storedInstructions({ iban: 'DE89370400440532013000', paymentMethod: 'bankTransfer_IBAN' }),
    ).toEqual({
      iban: 'DE89370400440532013000',
      paymentMethod: 'bankTransfer_IBAN',
    });
    expect(storedInstructions(null)).toBeUndefined();
    expect(paymentStateOf('ChargedBack')).toBe('ChargedBack');
    expect(paymentStateOf('constructor')).toBeUndefined();
  });
});
