import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { calculateLine } from './service.ts';

const unit = fc.integer({ min: 0, max: 10_000_000 });
const quantity = fc.integer({ min: 1, max: 10_000 });
const vat = fc.constantFrom(0, 1900, 2100, 2500, 2550);

describe('calculateLine', () => {
  it('total = price × quantity + taxTotal, taxTotal rounded once on the line', () => {
    fc.assert(
      fc.property(unit, quantity, vat, (price, qty, rate) => {
        const line = calculateLine('l', price, qty, rate);
        const net = price * qty;
        expect(line.total).toBe(net + line.taxTotal);
        const exact = (net * rate) / 10_000;
        expect(Math.abs(line.taxTotal - exact)).toBeLessThanOrEqual(0.5);
        // Half away from zero: a tie rounds up.
        if ((net * rate) % 10_000 === 5000) expect(line.taxTotal).toBe(Math.ceil(exact));
        expect(Math.abs(line.tax - (price * rate) / 10_000)).toBeLessThanOrEqual(0.5);
        // Rounding per line, not per unit: the two differ by less than half a unit per piece.
        expect(Math.abs(line.taxTotal - line.tax * qty)).toBeLessThanOrEqual(qty / 2 + 0.5);
      }),
    );
  });

  it('the lines of an order add up: Σ total = Σ price × quantity + Σ taxTotal', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(unit, quantity), { minLength: 1, maxLength: 100 }),
        vat,
        (lines, rate) => {
          const calculated = lines.map(([price, qty], index) => calculateLine(`l${index}`, price, qty, rate));
          const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
          expect(sum(calculated.map((line) => line.total))).toBe(
            sum(calculated.map((line) => line.price * line.quantity)) +
              sum(calculated.map((line) => line.taxTotal)),
          );
        },
      ),
    );
  });

  it('charges nothing at 0 % (reverse charge, export)', () => {
    fc.assert(
      fc.property(unit, quantity, (price, qty) => {
        const line = calculateLine('l', price, qty, 0);
        expect([line.tax, line.taxTotal, line.total]).toEqual([0, 0, price * qty]);
      }),
    );
  });
});
