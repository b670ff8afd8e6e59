import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choosePriceBreak, isOnSale, validatePriceSchedule } from './schedule.ts';
import { type PriceBreak, type PriceSchedule, PricingInputError } from './types.ts';

const breaks = (...quantities: number[]): PriceBreak[] =>
  quantities.map((Quantity) => ({ Quantity, Price: 1000 - Quantity }));

describe('choosePriceBreak', () => {
  const schedule: PriceSchedule = { PriceBreaks: breaks(10, 1, 50, 5) }; // deliberately unsorted

  it.each([
    [1, 1],
    [4, 1],
    [5, 5],
    [9, 5],
    [10, 10],
    [49, 10],
    [50, 50],
    [10_000, 50],
  ])('quantity %i takes the break from %i', (quantity, expected) => {
    const result = choosePriceBreak(schedule, quantity);
    expect(result).toEqual({ ok: true, value: { Quantity: expected, Price: 1000 - expected } });
  });

  it('fails with Pricing.NoApplicablePriceBreak below the smallest break', () => {
    const result = choosePriceBreak({ PriceBreaks: breaks(5, 10) }, 4);
    expect(result).toEqual({
      ok: false,
      error: expect.objectContaining({
        code: 'Pricing.NoApplicablePriceBreak',
        data: { quantity: 4, smallestBreakQuantity: 5 },
      }),
    });
  });

  it('fails with PriceSchedule.NoPriceBreaks for a schedule without breaks', () => {
    const result = choosePriceBreak({ PriceBreaks: [] }, 1);
    expect(result.ok || result.error.code).toBe('PriceSchedule.NoPriceBreaks');
  });

  it('a break from quantity 0 applies to everything', () => {
    const result = choosePriceBreak({ PriceBreaks: breaks(0, 3) }, 2);
    expect(result.ok && result.value.Quantity).toBe(0);
  });

  it('throws for a non-integer quantity', () => {
    expect(() => choosePriceBreak(schedule, 1.5)).toThrow(PricingInputError);
  });

  it('property: the chosen break is ≤ quantity and no larger eligible break exists', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 1_000 }), { maxLength: 12 }),
        fc.integer({ min: 0, max: 1_200 }),
        (quantities, quantity) => {
          const result = choosePriceBreak({ PriceBreaks: breaks(...quantities) }, quantity);
          const eligible = quantities.filter((q) => q <= quantity);
          if (result.ok) {
            expect(result.value.Quantity).toBeLessThanOrEqual(quantity);
            expect(eligible.some((q) => q > result.value.Quantity)).toBe(false);
            expect(quantities).toContain(result.value.Quantity);
          } else {
            expect(eligible).toHaveLength(0);
            expect(result.error.code).toBe(
              quantities.length === 0 ? 'PriceSchedule.NoPriceBreaks' : 'Pricing.NoApplicablePriceBreak',
            );
          }
        },
      ),
    );
  });
});

describe('isOnSale', () => {
  const start = '2026-03-01T00:00:00.000Z';
  const end = '2026-03-31T23:59:59.000Z';
  const onSaleBreaks: PriceBreak[] = [{ Quantity: 1, Price: 2000, SalePrice: 1500 }];
  const at = (iso: string) => new Date(iso);
  const plusMs = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);

  it('is on sale inside the window when a break has a SalePrice', () => {
    expect(
      isOnSale({ PriceBreaks: onSaleBreaks, SaleStart: start, SaleEnd: end }, at('2026-03-15T12:00:00Z')),
    ).toBe(true);
  });

  it('includes both bounds', () => {
    const schedule = { PriceBreaks: onSaleBreaks, SaleStart: start, SaleEnd: end };
    expect(isOnSale(schedule, at(start))).toBe(true);
    expect(isOnSale(schedule, at(end))).toBe(true);
    expect(isOnSale(schedule, plusMs(start, -1))).toBe(false);
    expect(isOnSale(schedule, plusMs(end, 1))).toBe(false);
  });

  it('treats absent bounds as open', () => {
    const now = at('2030-01-01T00:00:00Z');
    expect(isOnSale({ PriceBreaks: onSaleBreaks }, now)).toBe(true);
    expect(isOnSale({ PriceBreaks: onSaleBreaks, SaleStart: null, SaleEnd: null }, now)).toBe(true);
    expect(isOnSale({ PriceBreaks: onSaleBreaks, SaleStart: start }, now)).toBe(true);
    expect(isOnSale({ PriceBreaks: onSaleBreaks, SaleEnd: end }, now)).toBe(false);
    expect(isOnSale({ PriceBreaks: onSaleBreaks, SaleEnd: end }, at('2000-01-01T00:00:00Z'))).toBe(true);
    expect(isOnSale({ PriceBreaks: onSaleBreaks, SaleStart: start }, at('2000-01-01T00:00:00Z'))).toBe(false);
  });

  it('is never on sale without a SalePrice, whatever the window', () => {
    const schedule = {
      PriceBreaks: [{ Quantity: 1, Price: 2000, SalePrice: null }],
      SaleStart: start,
      SaleEnd: end,
    };
    expect(isOnSale(schedule, at('2026-03-15T00:00:00Z'))).toBe(false);
    expect(isOnSale({ PriceBreaks: breaks(1, 5) }, at('2026-03-15T00:00:00Z'))).toBe(false);
  });

  it('counts a SalePrice of 0 and a SalePrice on any break', () => {
    const schedule = { PriceBreaks: [...breaks(1), { Quantity: 10, Price: 900, SalePrice: 0 }] };
    expect(isOnSale(schedule, at('2026-03-15T00:00:00Z'))).toBe(true);
  });

  it('accepts Date bounds and offsets', () => {
    const schedule = {
      PriceBreaks: onSaleBreaks,
      SaleStart: new Date('2026-03-01T00:00:00Z'),
      SaleEnd: '2026-03-01T02:00:00+02:00', // = 00:00 UTC
    };
    expect(isOnSale(schedule, at('2026-03-01T00:00:00Z'))).toBe(true);
    expect(isOnSale(schedule, plusMs('2026-03-01T00:00:00Z', 1))).toBe(false);
  });

  it('throws for an unparsable date', () => {
    expect(() => isOnSale({ PriceBreaks: onSaleBreaks, SaleStart: 'soon' }, new Date())).toThrow(
      PricingInputError,
    );
    expect(() => isOnSale({ PriceBreaks: onSaleBreaks }, new Date('nope'))).toThrow(PricingInputError);
  });

  it('property: on sale iff start ≤ now ≤ end and a SalePrice exists', () => {
    const ms = fc.integer({ min: 0, max: 4_000_000_000_000 });
    fc.assert(
      fc.property(fc.option(ms), fc.option(ms), ms, fc.boolean(), (startMs, endMs, nowMs, hasSale) => {
        const schedule: PriceSchedule = {
          PriceBreaks: [{ Quantity: 1, Price: 100, SalePrice: hasSale ? 90 : null }],
          SaleStart: startMs === null ? null : new Date(startMs),
          SaleEnd: endMs === null ? null : new Date(endMs),
        };
        const expected =
          hasSale && (startMs === null || startMs <= nowMs) && (endMs === null || nowMs <= endMs);
        expect(isOnSale(schedule, new Date(nowMs))).toBe(expected);
      }),
    );
  });
});

describe('validatePriceSchedule', () => {
  const codes = (schedule: PriceSchedule, requireBreaks = false) =>
    validatePriceSchedule(schedule, { requireBreaks }).map((error) => error.code);

  it('accepts a well-formed schedule', () => {
    expect(
      codes({
        MinQuantity: 1,
        MaxQuantity: 100,
        PriceBreaks: breaks(1, 10, 0),
        SaleStart: '2026-01-01T00:00:00Z',
        SaleEnd: '2026-01-01T00:00:00Z',
      }),
    ).toEqual([]);
  });

  it('PriceSchedule.DuplicatePriceBreaks, once per duplicated quantity', () => {
    const errors = validatePriceSchedule({ PriceBreaks: breaks(1, 5, 5, 5, 10, 10) });
    expect(errors.map((error) => [error.code, error.data?.quantity])).toEqual([
      ['PriceSchedule.DuplicatePriceBreaks', 5],
      ['PriceSchedule.DuplicatePriceBreaks', 10],
    ]);
  });

  it('PriceSchedule.MinQtyMustBePositive when no break has Quantity ≥ 1', () => {
    expect(codes({ PriceBreaks: breaks(0) })).toEqual(['PriceSchedule.MinQtyMustBePositive']);
    expect(codes({ PriceBreaks: breaks(0, 1) })).toEqual([]);
  });

  it('no breaks: allowed for a schedule, PriceSchedule.NoPriceBreaks when breaks are required', () => {
    expect(codes({ PriceBreaks: [] })).toEqual([]);
    expect(codes({ PriceBreaks: [] }, true)).toEqual(['PriceSchedule.NoPriceBreaks']);
  });

  it('PriceSchedule.MinGreaterThanMax', () => {
    expect(codes({ MinQuantity: 5, MaxQuantity: 4, PriceBreaks: breaks(1) })).toEqual([
      'PriceSchedule.MinGreaterThanMax',
    ]);
    expect(codes({ MinQuantity: 5, MaxQuantity: 5, PriceBreaks: breaks(1) })).toEqual([]);
  });

  it('PriceSchedule.InvalidSaleStartOrSaleEnd', () => {
    expect(
      codes({ PriceBreaks: breaks(1), SaleStart: '2026-02-01T00:00:00Z', SaleEnd: '2026-01-31T23:59:59Z' }),
    ).toEqual(['PriceSchedule.InvalidSaleStartOrSaleEnd']);
  });

  it('reports every violation at once', () => {
    expect(
      codes({
        MinQuantity: 3,
        MaxQuantity: 2,
        PriceBreaks: breaks(0, 0),
        SaleStart: '2026-02-01T00:00:00Z',
        SaleEnd: '2026-01-01T00:00:00Z',
      }),
    ).toEqual([
      'PriceSchedule.MinQtyMustBePositive',
      'PriceSchedule.DuplicatePriceBreaks',
      'PriceSchedule.MinGreaterThanMax',
      'PriceSchedule.InvalidSaleStartOrSaleEnd',
    ]);
  });

  it('property: duplicates are reported iff break quantities repeat', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 20 }), { minLength: 1, maxLength: 10 }),
        (quantities) => {
          const hasDuplicates = new Set(quantities).size !== quantities.length;
          expect(
            codes({ PriceBreaks: breaks(...quantities) }).includes('PriceSchedule.DuplicatePriceBreaks'),
          ).toBe(hasDuplicates);
        },
      ),
    );
  });
});
