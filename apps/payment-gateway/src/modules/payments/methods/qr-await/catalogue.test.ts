import { describe, expect, it } from 'vitest';
import { QR_AWAIT_METHODS, UPI_UMBRELLA } from './catalogue.ts';

describe('QR and app-approval catalogue', () => {
  it.each(QR_AWAIT_METHODS.map((method) => [method.type, method.modifications] as const))(
    '%s settles on approval: no capture, nothing to cancel, refunds in full or in parts',
    (_type, modifications) => {
      expect(modifications).toEqual({
        capture: 'immediate',
        partialCapture: false,
        refund: true,
        partialRefund: true,
        cancel: false,
      });
    },
  );

  it('lists each type once, and the UPI entry names only Indian rupee variants of the catalogue', () => {
    const types = QR_AWAIT_METHODS.map((method) => method.type);
    expect(new Set(types).size).toBe(types.length);
    expect(types).not.toContain(UPI_UMBRELLA.type);
    for (const variant of UPI_UMBRELLA.variants) {
      expect(QR_AWAIT_METHODS.find((method) => method.type === variant)).toMatchObject({
        currencies: ['INR'],
        countries: ['IN'],
      });
    }
  });
});
