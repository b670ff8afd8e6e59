import { MoneyError } from '@actuate/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineTotal, orderTotals } from './order-totals.ts';

describe('lineTotal', () => {
  it('is LineSubtotal − PromotionDiscount', () => {
    expect(lineTotal(51000, 0)).toBe(51000);
    expect(lineTotal(51000, 7650)).toBe(43350);
  });

  it('rejects non-integers', () => {
    expect(() => lineTotal(10.5, 0)).toThrow(MoneyError);
    expect(() => lineTotal(10, 0.1)).toThrow(MoneyError);
  });
});

describe('orderTotals', () => {
  it('Total = Subtotal + TaxCost + ShippingCost + Gratuity + Fees − PromotionDiscount', () => {
    expect(
      orderTotals({
        lines: [
          { lineSubtotal: 51000, promotionDiscount: 7650 },
          { lineSubtotal: 5500, promotionDiscount: 0 },
        ],
        shippingCost: 4900,
        taxCost: 14125,
        gratuity: 500,
        fees: 250,
        orderLevelPromotionDiscount: 1000,
      }),
    ).toEqual({
      subtotal: 56500,
      promotionDiscount: 8650, // order-level 1000 + line-level 7650
      total: 56500 + 14125 + 4900 + 500 + 250 - 8650,
    });
  });

  it('an empty order totals its costs', () => {
    expect(
      orderTotals({
        lines: [],
        shippingCost: 0,
        taxCost: 0,
        gratuity: 0,
        fees: 0,
        orderLevelPromotionDiscount: 0,
      }),
    ).toEqual({ subtotal: 0, promotionDiscount: 0, total: 0 });
  });

  it('rejects a negative gratuity, non-integers and overflow', () => {
    const base = {
      lines: [],
      shippingCost: 0,
      taxCost: 0,
      gratuity: 0,
      fees: 0,
      orderLevelPromotionDiscount: 0,
    };
    expect(() => orderTotals({ ...base, gratuity: -1 })).toThrow(MoneyError);
    expect(() => orderTotals({ ...base, taxCost: 12.5 })).toThrow(MoneyError);
    expect(() => orderTotals({ ...base, lines: [{ lineSubtotal: 1, promotionDiscount: 0.5 }] })).toThrow(
      MoneyError,
    );
    expect(() =>
      orderTotals({
        ...base,
        lines: [{ lineSubtotal: Number.MAX_SAFE_INTEGER, promotionDiscount: 0 }],
        fees: 1,
      }),
    ).toThrow(MoneyError);
  });

  const amount = fc.integer({ min: 0, max: 1_000_000_000 });

  it('property: the totals add up, integers in and integers out', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ lineSubtotal: amount, promotionDiscount: amount }), { maxLength: 30 }),
        amount,
        amount,
        amount,
        amount,
        amount,
        (lines, shippingCost, taxCost, gratuity, fees, orderLevelPromotionDiscount) => {
          const totals = orderTotals({
            lines,
            shippingCost,
            taxCost,
            gratuity,
            fees,
            orderLevelPromotionDiscount,
          });
          for (const value of Object.values(totals)) expect(Number.isSafeInteger(value)).toBe(true);
          const subtotal = lines.reduce((sum, line) => sum + line.lineSubtotal, 0);
          const lineDiscounts = lines.reduce((sum, line) => sum + line.promotionDiscount, 0);
          expect(totals.subtotal).toBe(subtotal);
          expect(totals.promotionDiscount).toBe(orderLevelPromotionDiscount + lineDiscounts);
          expect(totals.total).toBe(
            subtotal + taxCost + shippingCost + gratuity + fees - totals.promotionDiscount,
          );
          // the same total from the line totals
          const sumOfLineTotals = lines.reduce(
            (sum, line) => sum + lineTotal(line.lineSubtotal, line.promotionDiscount),
            0,
          );
          expect(totals.total).toBe(
            sumOfLineTotals + taxCost + shippingCost + gratuity + fees - orderLevelPromotionDiscount,
          );
        },
      ),
    );
  });
});
