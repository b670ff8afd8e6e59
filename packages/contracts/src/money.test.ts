import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyPercentage,
  CURRENCY_MINOR_UNITS,
  canConvertToMinorUnits,
  formatDecimal,
  fromMinorUnits,
  MoneyError,
  minorUnitExponent,
  monetaryAmountToMinorUnits,
  multiplyMinorUnits,
  multiplyRatio,
  percentToBasisPoints,
  roundHalfAwayFromZero,
  subtractMinorUnits,
  sumMinorUnits,
  toMinorUnits,
  toMinorUnitsRounded,
  toMonetaryAmount,
} from './money.ts';

/** Minor-unit amounts whose decimal form stays well inside the double's exact range. */
const minor = fc.integer({ min: -1e13, max: 1e13 });
const anyMinor = fc.maxSafeInteger();
const currency = fc.constantFrom(
  ...(Object.keys(CURRENCY_MINOR_UNITS) as (keyof typeof CURRENCY_MINOR_UNITS)[]),
);
const bigintRange = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });
const nonZero = fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }).filter((d) => d !== 0n);

describe('minor-unit exponents', () => {
  it('knows DKK and EUR (2) and the common exceptions', () => {
    expect(minorUnitExponent('DKK')).toBe(2);
    expect(minorUnitExponent('EUR')).toBe(2);
    expect(minorUnitExponent('JPY')).toBe(0);
    expect(minorUnitExponent('KWD')).toBe(3);
  });
  it('refuses unknown currencies instead of guessing', () => {
    expect(() => minorUnitExponent('XXX')).toThrow(MoneyError);
    expect(() => minorUnitExponent('toString')).toThrow(MoneyError);
    expect(() => toMinorUnits('1', 'dkk')).toThrow(MoneyError);
  });
});

describe('toMinorUnits / fromMinorUnits / formatDecimal', () => {
  it('converts samples exactly', () => {
    expect(toMinorUnits('1234.50', 'DKK')).toBe(123_450);
    expect(toMinorUnits(1234.5, 'DKK')).toBe(123_450);
    expect(toMinorUnits('0.07', 'EUR')).toBe(7);
    expect(toMinorUnits('-12.3', 'EUR')).toBe(-1230);
    expect(toMinorUnits('1.500', 'EUR')).toBe(150); // trailing zeros are not precision
    expect(toMinorUnits('1234', 'JPY')).toBe(1234);
    expect(toMinorUnits('1.234', 'KWD')).toBe(1234);
    expect(toMinorUnits(-0, 'EUR')).toBe(0);
    expect(Object.is(toMinorUnits('-0.00', 'EUR'), 0)).toBe(true);
    expect(formatDecimal(123_450, 'DKK')).toBe('1234.50');
    expect(formatDecimal(-5, 'EUR')).toBe('-0.05');
    expect(formatDecimal(0, 'EUR')).toBe('0.00');
    expect(formatDecimal(1234, 'JPY')).toBe('1234');
    expect(formatDecimal(1234, 'KWD')).toBe('1.234');
    expect(fromMinorUnits(123_450, 'DKK')).toBe(1234.5);
    expect(fromMinorUnits(-5, 'EUR')).toBe(-0.05);
  });

  it('adds "0.1" and "0.2" to exactly "0.3" (no float drift)', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    const sum = toMinorUnits('0.1', 'EUR') + toMinorUnits('0.2', 'EUR');
    expect(sum).toBe(toMinorUnits('0.3', 'EUR'));
    expect(formatDecimal(sum, 'EUR')).toBe('0.30');
    expect(toMinorUnits(0.1, 'EUR') + toMinorUnits(0.2, 'EUR')).toBe(30);
  });

  it('round-trips every 2-decimal amount: fromMinor(toMinor(x)) === x', () => {
    fc.assert(
      fc.property(minor, (cents) => {
        const decimal = Number((cents / 100).toFixed(2)); // an arbitrary 2-dp number as JSON carries it
        expect(fromMinorUnits(toMinorUnits(decimal, 'EUR'), 'EUR')).toBe(decimal);
        expect(toMinorUnits(decimal, 'DKK')).toBe(cents);
      }),
    );
  });

  it('round-trips minor units through decimals in every currency', () => {
    fc.assert(
      fc.property(anyMinor, currency, (amount, code) => {
        expect(toMinorUnits(formatDecimal(amount, code), code)).toBe(amount);
      }),
    );
    fc.assert(
      fc.property(minor, currency, (amount, code) => {
        expect(toMinorUnits(fromMinorUnits(amount, code), code)).toBe(amount);
      }),
    );
  });

  it('formats with exactly the currency’s decimals', () => {
    fc.assert(
      fc.property(anyMinor, currency, (amount, code) => {
        const text = formatDecimal(amount, code);
        const exponent = minorUnitExponent(code);
        const pattern = exponent === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+\\.\\d{${exponent}}$`);
        expect(text).toMatch(pattern);
      }),
    );
  });

  it('reads numbers in exponential notation', () => {
    expect(toMinorUnitsRounded(1e-7, 'EUR')).toBe(0);
    expect(() => toMinorUnits(1e-7, 'EUR')).toThrow(MoneyError);
    expect(toMinorUnits(1e15, 'JPY')).toBe(1e15);
    expect(toMinorUnits(1.5e2, 'EUR')).toBe(15_000);
    expect(Object.is(toMinorUnitsRounded(-5e-7, 'EUR'), 0)).toBe(true);
    expect(() => toMinorUnits(1e21, 'JPY')).toThrow(MoneyError); // String(1e21) is "1e+21"
  });

  it('rejects more decimals than the currency has when strict', () => {
    expect(() => toMinorUnits('1.005', 'EUR')).toThrow(MoneyError);
    expect(() => toMinorUnits(1.005, 'EUR')).toThrow(MoneyError);
    expect(() => toMinorUnits('0.5', 'JPY')).toThrow(MoneyError);
    expect(() => toMinorUnits(0.1 + 0.2, 'EUR')).toThrow(MoneyError);
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }),
        fc.integer({ min: 1, max: 9 }),
        (cents, extra) => {
          const text = `${formatDecimal(Number(cents), 'EUR')}${extra}`; // a third, non-zero decimal
          expect(canConvertToMinorUnits(text, 'EUR')).toBe(false);
        },
      ),
    );
  });

  it('rounds extra decimals half away from zero when asked', () => {
    expect(toMinorUnitsRounded('1.005', 'EUR')).toBe(101);
    expect(toMinorUnitsRounded('-1.005', 'EUR')).toBe(-101);
    expect(toMinorUnitsRounded('1.0049999', 'EUR')).toBe(100);
    expect(toMinorUnitsRounded('-1.0049999', 'EUR')).toBe(-100);
    expect(toMinorUnitsRounded('2.5', 'JPY')).toBe(3);
    expect(toMinorUnitsRounded('-2.5', 'JPY')).toBe(-3);
    expect(toMinorUnitsRounded(0.1 + 0.2, 'EUR')).toBe(30);
    expect(toMinorUnitsRounded('-0.004', 'EUR')).toBe(0);
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 12 }),
        fc.string({ unit: fc.constantFrom(...'0123456789'), maxLength: 8 }),
        (integer, fraction) => {
          const positive = `${integer}${fraction ? `.${fraction}` : ''}`;
          // Symmetric: rounding the negated amount gives the negated result.
          expect(toMinorUnitsRounded(`-${positive}`, 'EUR')).toBe(-toMinorUnitsRounded(positive, 'EUR') || 0);
          // Within half a cent of the exact value.
          const exact = Number(positive) * 100;
          expect(Math.abs(toMinorUnitsRounded(positive, 'EUR') - exact)).toBeLessThanOrEqual(
            0.5 + 1e-6 * Math.max(1, exact),
          );
        },
      ),
    );
  });

  it('rejects malformed decimals', () => {
    for (const bad of [
      '',
      ' 1',
      '1 ',
      '1.',
      '.5',
      '1,50',
      '+1',
      '--1',
      '1e2',
      'abc',
      '0x10',
      '1.2.3',
      '١٢',
    ]) {
      expect(() => toMinorUnits(bad, 'EUR'), bad).toThrow(MoneyError);
      expect(canConvertToMinorUnits(bad, 'EUR')).toBe(false);
    }
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => toMinorUnits(bad, 'EUR')).toThrow(MoneyError);
    }
  });

  it('refuses amounts beyond the safe integer range instead of losing precision', () => {
    expect(() => toMinorUnits('90071992547409.92', 'EUR')).toThrow(MoneyError);
    expect(toMinorUnits('90071992547409.91', 'EUR')).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => toMinorUnits(1e21, 'EUR')).toThrow(MoneyError);
    expect(() => formatDecimal(0.5, 'EUR')).toThrow(MoneyError);
    expect(() => formatDecimal(Number.MAX_SAFE_INTEGER + 1, 'EUR')).toThrow(MoneyError);
  });
});

describe('roundHalfAwayFromZero (the rounding rule)', () => {
  it('rounds ties away from zero', () => {
    const cases: [bigint, bigint, bigint][] = [
      [5n, 2n, 3n],
      [-5n, 2n, -3n],
      [5n, -2n, -3n],
      [-5n, -2n, 3n],
      [1n, 2n, 1n],
      [-1n, 2n, -1n],
      [3n, 2n, 2n],
      [-3n, 2n, -2n],
      [7n, 3n, 2n],
      [-7n, 3n, -2n],
      [8n, 3n, 3n],
      [-8n, 3n, -3n],
      [0n, 7n, 0n],
      [0n, -7n, 0n],
      [1n, 3n, 0n],
      [249n, 100n, 2n],
      [250n, 100n, 3n],
      [-250n, 100n, -3n],
    ];
    for (const [n, d, expected] of cases) expect(roundHalfAwayFromZero(n, d), `${n}/${d}`).toBe(expected);
  });

  it('is the nearest integer, ties going away from zero, for any fraction', () => {
    fc.assert(
      fc.property(bigintRange, nonZero, (n, d) => {
        const r = roundHalfAwayFromZero(n, d);
        const abs = (x: bigint) => (x < 0n ? -x : x);
        // |n/d − r| ≤ 1/2  ⇔  |2n − 2rd| ≤ |d|
        const twiceError = abs(2n * n - 2n * r * d);
        expect(twiceError <= abs(d)).toBe(true);
        // On a tie, r lies on the far side from zero: |r| ≥ |n/d|  ⇔  |r·d| ≥ |n|
        if (twiceError === abs(d)) expect(abs(r * d) >= abs(n)).toBe(true);
        // Symmetric around zero.
        expect(roundHalfAwayFromZero(-n, d)).toBe(-r);
      }),
    );
  });

  it('refuses division by zero', () => {
    expect(() => roundHalfAwayFromZero(1n, 0n)).toThrow(MoneyError);
    expect(() => multiplyRatio(1, 1, 0)).toThrow(MoneyError);
  });
});

describe('percentages and ratios', () => {
  it('applies percentages in basis points with the rule', () => {
    expect(applyPercentage(10_000, 2_500)).toBe(2_500); // 25 % VAT of 100.00
    expect(applyPercentage(1, 5_000)).toBe(1); // 0.005 → 0.01
    expect(applyPercentage(-1, 5_000)).toBe(-1);
    expect(applyPercentage(3, 5_000)).toBe(2); // 1.5 → 2
    expect(applyPercentage(1999, 2_500)).toBe(500); // 499.75 → 500
    expect(applyPercentage(1998, 2_500)).toBe(500); // 499.5 → 500
    expect(applyPercentage(-1998, 2_500)).toBe(-500);
    expect(applyPercentage(1997, 2_500)).toBe(499); // 499.25 → 499
    expect(applyPercentage(12_345, 0)).toBe(0);
    expect(applyPercentage(12_345, 10_000)).toBe(12_345);
  });

  it('reads percentages as basis points', () => {
    expect(percentToBasisPoints('25')).toBe(2_500);
    expect(percentToBasisPoints(12.5)).toBe(1_250);
    expect(percentToBasisPoints('0.01')).toBe(1);
    expect(() => percentToBasisPoints('0.001')).toThrow(MoneyError);
  });

  it('multiplies by a ratio symmetrically and exactly', () => {
    expect(multiplyRatio(100, 1, 3)).toBe(33);
    expect(multiplyRatio(200, 1, 3)).toBe(67);
    expect(multiplyRatio(-200, 1, 3)).toBe(-67);
    // Large intermediates do not overflow: the product is computed with BigInt.
    expect(multiplyRatio(Number.MAX_SAFE_INTEGER, 3, 3)).toBe(Number.MAX_SAFE_INTEGER);
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: 1, max: 1e6 }),
        (amount, num, den) => {
          expect(multiplyRatio(-amount, num, den)).toBe(-multiplyRatio(amount, num, den) || 0);
          expect(Number.isSafeInteger(multiplyRatio(amount, num, den))).toBe(true);
        },
      ),
    );
    expect(() => multiplyRatio(1.5, 1, 2)).toThrow(MoneyError);
    expect(() => multiplyRatio(Number.MAX_SAFE_INTEGER, 2, 1)).toThrow(MoneyError);
  });
});

describe('sums of line totals', () => {
  const line = fc.record({
    unitPrice: fc.integer({ min: 0, max: 10_000_000 }).map((cents) => formatDecimal(cents, 'DKK')),
    quantity: fc.integer({ min: 1, max: 1_000 }),
  });

  it('sums in minor units exactly, matching exact decimal arithmetic', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 50 }), (lines) => {
        const total = sumMinorUnits(
          lines.map((l) => multiplyMinorUnits(toMinorUnits(l.unitPrice, 'DKK'), l.quantity)),
        );
        // Reference: exact decimal arithmetic on the digits with BigInt.
        const reference = lines.reduce(
          (sum, l) => sum + BigInt(l.unitPrice.replace('.', '')) * BigInt(l.quantity),
          0n,
        );
        expect(BigInt(total)).toBe(reference);
        expect(formatDecimal(total, 'DKK')).toBe(formatDecimal(Number(reference), 'DKK'));
      }),
    );
  });

  it('avoids the float drift of adding decimals', () => {
    const prices = Array.from({ length: 10 }, () => 0.1);
    expect(prices.reduce((a, b) => a + b, 0)).not.toBe(1);
    expect(fromMinorUnits(sumMinorUnits(prices.map((p) => toMinorUnits(p, 'EUR'))), 'EUR')).toBe(1);
  });

  it('checks the safe range on every operation', () => {
    expect(() => sumMinorUnits([Number.MAX_SAFE_INTEGER, 1])).toThrow(MoneyError);
    expect(() => sumMinorUnits([1, 0.5])).toThrow(MoneyError);
    expect(() => multiplyMinorUnits(Number.MAX_SAFE_INTEGER, 2)).toThrow(MoneyError);
    expect(() => multiplyMinorUnits(100, 1.5)).toThrow(MoneyError);
    expect(subtractMinorUnits(1000, 250)).toBe(750);
    expect(() => subtractMinorUnits(Number.MIN_SAFE_INTEGER, 1)).toThrow(MoneyError);
    expect(sumMinorUnits([])).toBe(0);
    expect(Object.is(multiplyMinorUnits(-5, 0), 0)).toBe(true);
  });
});

describe('price service amounts', () => {
  it('converts MonetaryAmount to and from minor units', () => {
    expect(toMonetaryAmount(123_450, 'DKK')).toEqual({ amount: 1234.5, currency: 'DKK' });
    expect(monetaryAmountToMinorUnits({ amount: 1234.5, currency: 'DKK' })).toBe(123_450);
    fc.assert(
      fc.property(minor, fc.constantFrom('DKK' as const, 'EUR' as const), (amount, code) => {
        expect(monetaryAmountToMinorUnits(toMonetaryAmount(amount, code))).toBe(amount);
      }),
    );
  });
});
