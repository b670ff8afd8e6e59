import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkQuantity } from './quantity.ts';
import { type PriceSchedule, PricingInputError } from './types.ts';

const PriceBreaks = [
  { Quantity: 1, Price: 1000 },
  { Quantity: 6, Price: 900 },
  { Quantity: 12, Price: 800 },
];
const code = (result: ReturnType<typeof checkQuantity>) => (result.ok ? 'ok' : result.error.code);

describe('checkQuantity', () => {
  it('accepts a quantity within the bounds and prices by the line quantity', () => {
    expect(checkQuantity({ MinQuantity: 1, MaxQuantity: 10, PriceBreaks }, 3)).toEqual({
      ok: true,
      value: { pricingQuantity: 3, cumulative: false },
    });
  });

  it('LineItem.QuantityMustBePositive for 0 and negative quantities, before any other check', () => {
    const schedule = { MinQuantity: 5, RestrictedQuantity: true, PriceBreaks };
    expect(checkQuantity(schedule, 0)).toEqual({
      ok: false,
      error: { code: 'LineItem.QuantityMustBePositive', message: expect.any(String), data: { quantity: 0 } },
    });
    expect(code(checkQuantity(schedule, -3))).toBe('LineItem.QuantityMustBePositive');
    expect(code(checkQuantity({ PriceBreaks, UseCumulativeQuantity: true }, 0, 10))).toBe(
      'LineItem.QuantityMustBePositive',
    );
  });

  it('PriceSchedule.CannotBeLessThanMin / CannotExceedMax at the bounds', () => {
    const schedule = { MinQuantity: 2, MaxQuantity: 10, PriceBreaks };
    expect(code(checkQuantity(schedule, 1))).toBe('PriceSchedule.CannotBeLessThanMin');
    expect(code(checkQuantity(schedule, 2))).toBe('ok');
    expect(code(checkQuantity(schedule, 10))).toBe('ok');
    expect(checkQuantity(schedule, 11)).toEqual({
      ok: false,
      error: {
        code: 'PriceSchedule.CannotExceedMax',
        message: expect.any(String),
        data: { quantity: 11, max: 10 },
      },
    });
  });

  it('absent Min/Max do not limit', () => {
    expect(code(checkQuantity({ PriceBreaks, MinQuantity: null, MaxQuantity: null }, 1_000_000))).toBe('ok');
  });

  describe('UseCumulativeQuantity', () => {
    const schedule: PriceSchedule = {
      MinQuantity: 6,
      MaxQuantity: 20,
      UseCumulativeQuantity: true,
      PriceBreaks,
    };

    it('checks Min/Max on the cumulative quantity, so a small line passes with the others', () => {
      expect(checkQuantity(schedule, 2, 8)).toEqual({
        ok: true,
        value: { pricingQuantity: 8, cumulative: true },
      });
    });

    it('PriceSchedule.CumulativeCannotBeLessThanMin / CumulativeCannotExceedMax', () => {
      expect(code(checkQuantity(schedule, 2, 5))).toBe('PriceSchedule.CumulativeCannotBeLessThanMin');
      expect(code(checkQuantity(schedule, 2))).toBe('PriceSchedule.CumulativeCannotBeLessThanMin');
      expect(code(checkQuantity(schedule, 15, 21))).toBe('PriceSchedule.CumulativeCannotExceedMax');
      expect(code(checkQuantity(schedule, 15, 20))).toBe('ok');
    });

    it('ignores the cumulative quantity without the flag', () => {
      expect(code(checkQuantity({ ...schedule, UseCumulativeQuantity: false }, 2, 8))).toBe(
        'PriceSchedule.CannotBeLessThanMin',
      );
      expect(code(checkQuantity({ ...schedule, UseCumulativeQuantity: false }, 7, 80))).toBe('ok');
    });

    it('throws when the cumulative quantity is below the line quantity', () => {
      expect(() => checkQuantity(schedule, 5, 4)).toThrow(PricingInputError);
    });
  });

  describe('RestrictedQuantity', () => {
    const schedule: PriceSchedule = { RestrictedQuantity: true, PriceBreaks };

    it('allows only the break quantities', () => {
      expect([1, 6, 12].map((q) => code(checkQuantity(schedule, q)))).toEqual(['ok', 'ok', 'ok']);
      expect(code(checkQuantity(schedule, 5))).toBe('PriceSchedule.QuantityNotAllowed');
      expect(code(checkQuantity(schedule, 13))).toBe('PriceSchedule.QuantityNotAllowed');
    });

    it('PriceSchedule.CumulativeQuantityNotAllowed on the cumulative quantity', () => {
      const cumulative = { ...schedule, UseCumulativeQuantity: true };
      expect(code(checkQuantity(cumulative, 2, 12))).toBe('ok');
      expect(code(checkQuantity(cumulative, 6, 7))).toBe('PriceSchedule.CumulativeQuantityNotAllowed');
    });

    it('Min/Max are checked before the restriction', () => {
      expect(code(checkQuantity({ ...schedule, MaxQuantity: 10 }, 12))).toBe('PriceSchedule.CannotExceedMax');
    });
  });

  it('throws for non-integer quantities', () => {
    expect(() => checkQuantity({ PriceBreaks }, 1.5)).toThrow(PricingInputError);
    expect(() => checkQuantity({ PriceBreaks }, 1, Number.NaN)).toThrow(PricingInputError);
  });

  it('property: ok iff positive, within Min/Max and (if restricted) a break quantity', () => {
    const optionalBound = fc.option(fc.integer({ min: 1, max: 30 }), { nil: null });
    fc.assert(
      fc.property(
        optionalBound,
        optionalBound,
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: -2, max: 30 }),
        fc.integer({ min: 0, max: 30 }),
        (min, max, restricted, useCumulative, line, others) => {
          const schedule: PriceSchedule = {
            MinQuantity: min,
            MaxQuantity: max,
            RestrictedQuantity: restricted,
            UseCumulativeQuantity: useCumulative,
            PriceBreaks,
          };
          const cumulative = Math.max(line, 0) + others;
          const result = checkQuantity(schedule, line, cumulative);
          const q = useCumulative ? cumulative : line;
          const expected =
            line >= 1 &&
            (min === null || q >= min) &&
            (max === null || q <= max) &&
            (!restricted || PriceBreaks.some((b) => b.Quantity === q));
          expect(result.ok).toBe(expected);
          if (result.ok) expect(result.value.pricingQuantity).toBe(q);
          else if (line >= 1) expect(result.error.code.includes('Cumulative')).toBe(useCumulative);
        },
      ),
    );
  });
});
