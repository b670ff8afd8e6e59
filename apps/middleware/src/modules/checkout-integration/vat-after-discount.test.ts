import { describe, expect, it } from 'vitest';
import { lineVatAfterDiscounts } from './vat-after-discount.ts';

describe('VAT after promotion discounts', () => {
  const lines = [
    { lineId: 'a', net: 80_000, tax: 20_000, discount: 0 },
    { lineId: 'b', net: 20_000, tax: 5_000, discount: 0 },
  ];

  it('is the price service VAT when nothing is discounted', () => {
    expect(lineVatAfterDiscounts(lines, 0)).toBe(25_000);
  });

  it("takes a line's own discount off that line's base at its rate", () => {
    const discounted = [lines[0]!, { ...lines[1]!, discount: 4_000 }];
    // b: 25 % of 16 000.
    expect(lineVatAfterDiscounts(discounted, 4_000)).toBe(20_000 + 4_000);
  });

  it("shares an order-level discount by the lines' net amounts", () => {
    // 10 000 off the order: a carries 8 000, b 2 000 → 25 % of 72 000 and of 18 000.
    expect(lineVatAfterDiscounts(lines, 10_000)).toBe(18_000 + 4_500);
  });

  it('keeps each rate: a zero-rated line owes nothing whatever its share', () => {
    const mixed = [lines[0]!, { lineId: 'c', net: 20_000, tax: 0, discount: 0 }];
    expect(lineVatAfterDiscounts(mixed, 10_000)).toBe(18_000);
  });

  it('never goes below zero on a line discounted past its price', () => {
    expect(lineVatAfterDiscounts([{ ...lines[1]!, discount: 30_000 }], 30_000)).toBe(0);
  });
});
