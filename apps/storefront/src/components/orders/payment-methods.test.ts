import { describe, expect, it } from 'vitest';
import { methodLabelKey, paidWith } from './payment-methods';

describe('payment method labels', () => {
  it('names cards by their brand, gift cards by their programme and meal vouchers by their issuer', () => {
    expect(methodLabelKey('visa')).toBe('scheme');
    expect(methodLabelKey('givex')).toBe('giftcard');
    expect(methodLabelKey('mealVoucher_FR_sodexo')).toBe('mealVoucher');
    expect(methodLabelKey('sepadirectdebit')).toBe('sepadirectdebit');
    expect(methodLabelKey('somethingNew')).toBeUndefined();
    expect(methodLabelKey(42)).toBeUndefined();
  });

  it('lists the methods of the successful authorisations once each, in order', () => {
    const authorised = (method: string, Succeeded = true) => ({
      Type: 'Authorization',
      Succeeded,
      xp: { PaymentMethod: method },
    });
    expect(
      paidWith([
        authorised('mc', false),
        authorised('givex'),
        { Type: 'Capture', Succeeded: true, xp: { PaymentMethod: 'visa' } },
        authorised('visa'),
        authorised('mc'),
      ]),
    ).toEqual(['giftcard', 'scheme']);
    expect(paidWith(undefined)).toEqual([]);
  });
});
