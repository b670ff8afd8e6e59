import { describe, expect, it } from 'vitest';
import { cartTotals } from './cart-totals';

describe('cartTotals', () => {
  it('leaves out the shipping and VAT of an earlier checkout calculation', () => {
    // The reported cart: subtotal 9,923.00 with a Total of 10,018.00 from an old estimate.
    const order = { Subtotal: 9923, PromotionDiscount: 0, ShippingCost: 95, TaxCost: 0, Total: 10018 };
    expect(cartTotals(order)).toEqual({ subtotal: 9923, discount: 0, total: 9923 });
  });

  it('subtracts promotion discounts so the shown figures add up', () => {
    const totals = cartTotals({ Subtotal: 100.3, PromotionDiscount: 10.1 });
    expect(totals.total).toBe(90.2);
    expect(totals.subtotal - totals.discount).toBeCloseTo(totals.total, 10);
  });

  it('answers zeros without a cart', () => {
    expect(cartTotals(undefined)).toEqual({ subtotal: 0, discount: 0, total: 0 });
  });
});
