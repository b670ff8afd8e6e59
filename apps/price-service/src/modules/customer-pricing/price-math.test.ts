import { applyDiscount, breakFor as catalogBreakFor, dkkToEur, eurToDkk } from '@actuate/catalog-data';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert, rateAt } from '../currency/service.ts';
import { breakFor, discounted, unitPrice } from './price-math.ts';

const price = fc.integer({ min: 0, max: 1_000_000_000 });
const basisPoints = fc.integer({ min: 0, max: 10_000 });
const rate = fc.integer({ min: 1_000_000, max: 20_000_000 });

/** Reference rounding: exact rational, ties away from zero, by BigInt. */
function reference(numerator: bigint, denominator: bigint): number {
  const quotient = numerator / denominator;
  const remainder = numerator % denominator;
  return Number(2n * remainder >= denominator ? quotient + 1n : quotient);
}

describe('discounted (price less basis points, rounded half away from zero once)', () => {
  it('equals the exact rational rounded half away from zero', () => {
    fc.assert(
      fc.property(price, basisPoints, (p, bp) => {
        expect(discounted(p, bp)).toBe(reference(BigInt(p) * BigInt(10_000 - bp), 10_000n));
        expect(discounted(p, bp)).toBe(applyDiscount(p, bp));
      }),
    );
  });

  it('rounds ties up: 0.5 minor unit goes away from zero', () => {
    expect(discounted(1, 5000)).toBe(1); // 0.5 → 1
    expect(discounted(3, 5000)).toBe(2); // 1.5 → 2
    expect(discounted(101, 5000)).toBe(51); // 50.5 → 51
  });

  it('is monotone in the price and never exceeds it', () => {
    fc.assert(
      fc.property(price, price, basisPoints, (a, b, bp) => {
        const [low, high] = a <= b ? [a, b] : [b, a];
        expect(discounted(low, bp)).toBeLessThanOrEqual(discounted(high, bp));
        expect(discounted(high, bp)).toBeLessThanOrEqual(high);
        expect(discounted(high, 0)).toBe(high);
        expect(discounted(high, 10_000)).toBe(0);
      }),
    );
  });
});

describe('breakFor (largest break quantity ≤ the quantity)', () => {
  const schedule = fc
    .uniqueArray(fc.integer({ min: 1, max: 1000 }), { minLength: 1, maxLength: 8 })
    .chain((quantities) =>
      fc.tuple(
        fc.constant([...quantities].sort((a, b) => a - b)),
        fc.array(basisPoints, { minLength: quantities.length, maxLength: quantities.length }),
      ),
    )
    .map(([quantities, bps]) =>
      quantities.map((minQuantity, index) => ({ minQuantity, discountBasisPoints: bps[index] ?? 0 })),
    );

  it('agrees with the demo world’s rule and picks the largest applicable break', () => {
    fc.assert(
      fc.property(schedule, fc.integer({ min: 1, max: 2000 }), (breaks, quantity) => {
        const chosen = breakFor(breaks, quantity);
        const catalog = catalogBreakFor(
          breaks.map((entry) => ({
            quantity: entry.minQuantity,
            discountBasisPoints: entry.discountBasisPoints,
          })),
          quantity,
        );
        expect(chosen?.minQuantity).toBe(catalog?.quantity);
        if (chosen) {
          expect(chosen.minQuantity).toBeLessThanOrEqual(quantity);
          for (const entry of breaks)
            if (entry.minQuantity <= quantity)
              expect(entry.minQuantity).toBeLessThanOrEqual(chosen.minQuantity);
        } else {
          for (const entry of breaks) expect(entry.minQuantity).toBeGreaterThan(quantity);
        }
      }),
    );
  });
});

describe('currency conversion', () => {
  it('DKK→EUR and EUR→DKK equal the exact rational rounded once, and the demo world’s helpers', () => {
    fc.assert(
      fc.property(price, rate, (amount, dkkPerEurScaled) => {
        const eur = convert(amount, 'DKK', 'EUR', dkkPerEurScaled);
        expect(eur).toBe(reference(BigInt(amount) * 1_000_000n, BigInt(dkkPerEurScaled)));
        expect(eur).toBe(dkkToEur(amount, { dkkPerEurScaled }));
        expect(convert(amount, 'EUR', 'DKK', dkkPerEurScaled)).toBe(eurToDkk(amount, { dkkPerEurScaled }));
        expect(convert(amount, 'DKK', 'DKK', dkkPerEurScaled)).toBe(amount);
      }),
    );
  });

  it('a round trip DKK→EUR→DKK is off by at most half a cent’s worth of DKK (+ half an øre)', () => {
    fc.assert(
      fc.property(price, rate, (amount, dkkPerEurScaled) => {
        const back = convert(convert(amount, 'DKK', 'EUR', dkkPerEurScaled), 'EUR', 'DKK', dkkPerEurScaled);
        expect(Math.abs(back - amount)).toBeLessThanOrEqual(Math.ceil(dkkPerEurScaled / 2_000_000) + 1);
      }),
    );
  });

  it('picks the latest rate that has started', () => {
    const rates = [
      { validFromMs: 100, dkkPerEurScaled: 1 },
      { validFromMs: 200, dkkPerEurScaled: 2 },
      { validFromMs: 300, dkkPerEurScaled: 3 },
    ];
    expect(rateAt(rates, 99)).toBeUndefined();
    expect(rateAt(rates, 100)?.dkkPerEurScaled).toBe(1);
    expect(rateAt(rates, 299)?.dkkPerEurScaled).toBe(2);
    expect(rateAt(rates, 10_000)?.dkkPerEurScaled).toBe(3);
  });
});

describe('unitPrice (discount group, then break, then conversion)', () => {
  it('applies the steps in the documented order, rounding once per step', () => {
    fc.assert(
      fc.property(
        price,
        basisPoints,
        basisPoints,
        rate,
        fc.boolean(),
        (gross, group, brk, dkkPerEurScaled, toEur) => {
          const afterGroup = reference(BigInt(gross) * BigInt(10_000 - group), 10_000n);
          const afterBreak = reference(BigInt(afterGroup) * BigInt(10_000 - brk), 10_000n);
          const expected = toEur
            ? reference(BigInt(afterBreak) * 1_000_000n, BigInt(dkkPerEurScaled))
            : afterBreak;
          expect(
            unitPrice({
              startPrice: gross,
              startCurrency: 'DKK',
              discountBasisPoints: group,
              fromAgreement: false,
              breakBasisPoints: brk,
              currency: toEur ? 'EUR' : 'DKK',
              dkkPerEurScaled,
            }),
          ).toBe(expected);
        },
      ),
    );
  });

  it('skips the discount group for an agreement price but still applies the break', () => {
    fc.assert(
      fc.property(price, basisPoints, basisPoints, (net, group, brk) => {
        expect(
          unitPrice({
            startPrice: net,
            startCurrency: 'EUR',
            discountBasisPoints: group,
            fromAgreement: true,
            breakBasisPoints: brk,
            currency: 'EUR',
            dkkPerEurScaled: 7_460_400,
          }),
        ).toBe(discounted(net, brk));
      }),
    );
  });
});
