import { MoneyError } from '@actuate/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyMarkups, type PriceLineItemInput, priceLineItem } from './line-item.ts';
import { type PriceMarkupType, type PriceSchedule, PricingInputError, type SpecMarkup } from './types.ts';

const NOW = new Date('2026-06-15T12:00:00Z');
const single: PriceSchedule = { PriceBreaks: [{ Quantity: 1, Price: 5000 }] };

function price(input: Partial<PriceLineItemInput> & Pick<PriceLineItemInput, 'quantity'>) {
  const result = priceLineItem({ schedule: single, now: NOW, ...input });
  if (!result.ok) throw new Error(`unexpected failure ${result.error.code}`);
  return result.value;
}

describe('spec markups: the table of the OrderCloud page working-with-specs.mdx (P = 50.00, m = 10)', () => {
  // m is money (10.00 = 1000 minor units) for the amount types and a percent (10) for Percentage.
  const rows: [PriceMarkupType, number, [number, number], [number, number]][] = [
    // type, PriceMarkup, [UnitPrice, LineSubtotal] at q=1, [UnitPrice, LineSubtotal] at q=10
    ['NoMarkup', 1000, [5000, 5000], [5000, 50000]],
    ['AmountPerQuantity', 1000, [6000, 6000], [6000, 60000]],
    ['AmountTotal', 1000, [6000, 6000], [5100, 51000]],
    ['Percentage', 10, [5500, 5500], [5500, 55000]],
  ];

  it.each(rows)('%s (m=%d): 1 → %j, 10 → %j', (type, markup, one, ten) => {
    const specs = [{ PriceMarkupType: type, PriceMarkup: markup }];
    const q1 = price({ quantity: 1, specs });
    const q10 = price({ quantity: 10, specs });
    expect([q1.unitPrice, q1.lineSubtotal]).toEqual(one);
    expect([q10.unitPrice, q10.lineSubtotal]).toEqual(ten);
  });

  it('no specs, and a null markup type, price at P', () => {
    expect(price({ quantity: 3 })).toMatchObject({ unitPrice: 5000, lineSubtotal: 15000 });
    expect(price({ quantity: 3, specs: [{ PriceMarkupType: null, PriceMarkup: 700 }] })).toMatchObject({
      unitPrice: 5000,
      lineSubtotal: 15000,
    });
  });
});

describe('applyMarkups: rounding and several specs', () => {
  it('AmountTotal: UnitPrice rounds m/q, LineSubtotal = P·q + m from the schedule price', () => {
    const specs = [{ PriceMarkupType: 'AmountTotal' as const, PriceMarkup: 1000 }];
    expect(applyMarkups(5000, 3, specs)).toEqual({ unitPrice: 5333, lineSubtotal: 16000 }); // 333.33 → 333
    expect(applyMarkups(5000, 6, specs)).toEqual({ unitPrice: 5167, lineSubtotal: 31000 }); // 166.67 → 167
  });

  it('rounds ties half away from zero', () => {
    expect(applyMarkups(100, 2, [{ PriceMarkupType: 'AmountTotal', PriceMarkup: 1 }]).unitPrice).toBe(101);
    expect(applyMarkups(100, 2, [{ PriceMarkupType: 'AmountTotal', PriceMarkup: -1 }]).unitPrice).toBe(99);
    expect(applyMarkups(50, 1, [{ PriceMarkupType: 'Percentage', PriceMarkup: 1 }]).unitPrice).toBe(51); // 0.5 → 1
    expect(applyMarkups(50, 1, [{ PriceMarkupType: 'Percentage', PriceMarkup: -1 }]).unitPrice).toBe(49);
  });

  it('Percentage: fractional percents are exact and LineSubtotal = UnitPrice · q', () => {
    // 999 × 12.5 % = 124.875 → 125
    expect(applyMarkups(999, 3, [{ PriceMarkupType: 'Percentage', PriceMarkup: 12.5 }])).toEqual({
      unitPrice: 1124,
      lineSubtotal: 3372,
    });
    // 0.1 + 0.2 is no problem: read as 10 + 20 basis points
    expect(
      applyMarkups(100_000, 1, [
        { PriceMarkupType: 'Percentage', PriceMarkup: 0.1 },
        { PriceMarkupType: 'Percentage', PriceMarkup: 0.2 },
      ]).unitPrice,
    ).toBe(100_300);
  });

  it('percentages apply to the base price and are not compounded', () => {
    const twice = [
      { PriceMarkupType: 'Percentage' as const, PriceMarkup: 10 },
      { PriceMarkupType: 'Percentage' as const, PriceMarkup: 10 },
    ];
    expect(applyMarkups(5000, 1, twice).unitPrice).toBe(6000); // not 6050
    const withAmount = [
      { PriceMarkupType: 'AmountPerQuantity' as const, PriceMarkup: 1000 },
      { PriceMarkupType: 'Percentage' as const, PriceMarkup: 10 },
    ];
    expect(applyMarkups(5000, 1, withAmount).unitPrice).toBe(6500); // 10 % of 5000, not of 6000
  });

  it('several specs of every type add up', () => {
    const specs: SpecMarkup[] = [
      { PriceMarkupType: 'AmountPerQuantity', PriceMarkup: 1000 },
      { PriceMarkupType: 'Percentage', PriceMarkup: 10 },
      { PriceMarkupType: 'Percentage', PriceMarkup: 5 },
      { PriceMarkupType: 'AmountTotal', PriceMarkup: 600 },
      { PriceMarkupType: 'AmountTotal', PriceMarkup: 400 },
      { PriceMarkupType: 'NoMarkup', PriceMarkup: 999 },
    ];
    // U0 = 5000 + 1000 + 750 = 6750; UnitPrice = 6750 + 1000/4 = 7000; LineSubtotal = 6750·4 + 1000
    expect(applyMarkups(5000, 4, specs)).toEqual({ unitPrice: 7000, lineSubtotal: 28000 });
  });

  it('is the same rule whatever the currency exponent (amounts are whole minor units)', () => {
    // JPY (exponent 0): ¥1,999 + 10 % = ¥2,198.9 → ¥2,199. KWD (exponent 3): 1.999 KWD → 2.199 KWD.
    const specs = [{ PriceMarkupType: 'Percentage' as const, PriceMarkup: 10 }];
    expect(applyMarkups(1999, 1, specs).unitPrice).toBe(2199);
  });

  it('rejects invalid markups and quantities', () => {
    expect(() => applyMarkups(100, 1, [{ PriceMarkupType: 'Percentage', PriceMarkup: 1.234 }])).toThrow(
      MoneyError,
    );
    expect(() => applyMarkups(100, 1, [{ PriceMarkupType: 'AmountTotal', PriceMarkup: 1.5 }])).toThrow(
      MoneyError,
    );
    expect(() => applyMarkups(100.5, 1)).toThrow(MoneyError);
    expect(() => applyMarkups(100, 0)).toThrow(PricingInputError);
    expect(() =>
      applyMarkups(100, 1, [{ PriceMarkupType: 'Bogus' as PriceMarkupType, PriceMarkup: 1 }]),
    ).toThrow(PricingInputError);
  });

  const markupArb: fc.Arbitrary<SpecMarkup> = fc.oneof(
    fc.record({
      PriceMarkupType: fc.constantFrom(
        'NoMarkup' as const,
        'AmountPerQuantity' as const,
        'AmountTotal' as const,
      ),
      PriceMarkup: fc.integer({ min: -100_000, max: 1_000_000 }),
    }),
    fc.record({
      PriceMarkupType: fc.constant('Percentage' as const),
      // percents with up to two decimals, as OrderCloud stores them
      PriceMarkup: fc.integer({ min: -5_000, max: 50_000 }).map((bp) => bp / 100),
    }),
  );

  it('property: integers in, integers out; LineSubtotal − UnitPrice·q is within q/2 (0 without AmountTotal)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 10_000 }),
        fc.array(markupArb, { maxLength: 6 }),
        (basePrice, quantity, specs) => {
          const { unitPrice, lineSubtotal } = applyMarkups(basePrice, quantity, specs);
          expect(Number.isSafeInteger(unitPrice)).toBe(true);
          expect(Number.isSafeInteger(lineSubtotal)).toBe(true);
          const gap = Math.abs(lineSubtotal - unitPrice * quantity);
          if (specs.some((spec) => spec.PriceMarkupType === 'AmountTotal')) {
            expect(2 * gap).toBeLessThanOrEqual(quantity);
          } else {
            expect(gap).toBe(0);
          }
        },
      ),
    );
  });

  it('property: LineSubtotal is exactly (P + Σ per-unit + rounded %)·q + Σ AmountTotal', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 1_000 }),
        fc.array(markupArb, { maxLength: 6 }),
        (basePrice, quantity, specs) => {
          const sumOf = (type: PriceMarkupType) =>
            specs.filter((s) => s.PriceMarkupType === type).reduce((sum, s) => sum + (s.PriceMarkup ?? 0), 0);
          const percentPart = applyMarkups(basePrice, 1, [
            { PriceMarkupType: 'Percentage', PriceMarkup: Math.round(sumOf('Percentage') * 100) / 100 },
          ]).unitPrice;
          const u0 = percentPart + sumOf('AmountPerQuantity');
          expect(applyMarkups(basePrice, quantity, specs).lineSubtotal).toBe(
            u0 * quantity + sumOf('AmountTotal'),
          );
        },
      ),
    );
  });
});

describe('priceLineItem', () => {
  const tiers: PriceSchedule = {
    PriceBreaks: [
      { Quantity: 1, Price: 1000, SalePrice: 800, SubscriptionPrice: 900 },
      { Quantity: 10, Price: 900, SalePrice: null, SubscriptionPrice: null },
      { Quantity: 50, Price: 700, SalePrice: 600, SubscriptionPrice: 650 },
    ],
  };
  const sale = { ...tiers, SaleStart: '2026-06-01T00:00:00Z', SaleEnd: '2026-06-30T23:59:59Z' };
  const afterSale = new Date('2026-07-01T00:00:00Z');

  it('prices by the break for the quantity', () => {
    expect(price({ schedule: tiers, quantity: 12, now: afterSale })).toEqual({
      unitPrice: 900,
      lineSubtotal: 10800,
      isOnSale: false,
      priceBreakQuantity: 10,
      priceOverridden: false,
      basePrice: 900,
      priceSource: 'Price',
    });
  });

  it('uses the SalePrice of the break while the schedule is on sale, and markups apply to it', () => {
    const result = price({
      schedule: sale,
      quantity: 2,
      specs: [{ PriceMarkupType: 'Percentage', PriceMarkup: 10 }],
    });
    expect(result).toMatchObject({
      unitPrice: 880,
      lineSubtotal: 1760,
      isOnSale: true,
      priceSource: 'SalePrice',
    });
    expect(price({ schedule: sale, quantity: 2, now: afterSale })).toMatchObject({
      unitPrice: 1000,
      isOnSale: false,
      priceSource: 'Price',
    });
  });

  it('falls back to Price when the schedule is on sale but the chosen break has no SalePrice', () => {
    expect(price({ schedule: sale, quantity: 10 })).toMatchObject({
      unitPrice: 900,
      isOnSale: false,
      priceSource: 'Price',
    });
  });

  it('uses the SubscriptionPrice for orders from a subscription, before the sale price', () => {
    expect(price({ schedule: tiers, quantity: 1, subscription: true })).toMatchObject({
      unitPrice: 900,
      priceSource: 'SubscriptionPrice',
    });
    expect(price({ schedule: sale, quantity: 60, subscription: true })).toMatchObject({
      unitPrice: 650,
      isOnSale: false,
      priceSource: 'SubscriptionPrice',
    });
    // the break has no subscription price: sale price, else price
    expect(price({ schedule: sale, quantity: 10, subscription: true })).toMatchObject({
      priceSource: 'Price',
    });
    // not from a subscription: the subscription price is ignored (tiers has an open sale window)
    expect(price({ schedule: tiers, quantity: 1, subscription: false })).toMatchObject({
      unitPrice: 800,
      priceSource: 'SalePrice',
    });
  });

  it('an override replaces the calculated price, markups and sale included', () => {
    expect(
      price({
        schedule: sale,
        quantity: 3,
        specs: [{ PriceMarkupType: 'AmountTotal', PriceMarkup: 1000 }],
        overrideUnitPrice: 1234,
      }),
    ).toEqual({
      unitPrice: 1234,
      lineSubtotal: 3702,
      isOnSale: false,
      priceBreakQuantity: 1,
      priceOverridden: true,
      basePrice: 1234,
      priceSource: 'Override',
    });
    expect(price({ quantity: 2, overrideUnitPrice: 0 })).toMatchObject({
      unitPrice: 0,
      priceOverridden: true,
    });
    expect(price({ quantity: 2, overrideUnitPrice: null })).toMatchObject({ priceOverridden: false });
  });

  it('picks the break by the cumulative quantity with UseCumulativeQuantity, but prices the line quantity', () => {
    const cumulative = { ...tiers, UseCumulativeQuantity: true };
    expect(
      price({ schedule: cumulative, quantity: 4, cumulativeQuantity: 12, now: afterSale }),
    ).toMatchObject({
      unitPrice: 900,
      lineSubtotal: 3600,
      priceBreakQuantity: 10,
    });
    // AmountTotal divides by the line's own quantity
    expect(
      price({
        schedule: cumulative,
        quantity: 4,
        cumulativeQuantity: 12,
        now: afterSale,
        specs: [{ PriceMarkupType: 'AmountTotal', PriceMarkup: 100 }],
      }),
    ).toMatchObject({ unitPrice: 925, lineSubtotal: 3700 });
    // without the flag the cumulative quantity is ignored
    expect(price({ schedule: tiers, quantity: 4, cumulativeQuantity: 12, now: afterSale })).toMatchObject({
      priceBreakQuantity: 1,
    });
  });

  it('returns the quantity failures', () => {
    const run = (input: Partial<PriceLineItemInput> & Pick<PriceLineItemInput, 'quantity'>) => {
      const result = priceLineItem({ schedule: single, now: NOW, ...input });
      return result.ok ? 'ok' : result.error.code;
    };
    expect(run({ quantity: 0 })).toBe('LineItem.QuantityMustBePositive');
    expect(run({ quantity: 0, overrideUnitPrice: 100 })).toBe('LineItem.QuantityMustBePositive');
    expect(run({ schedule: { ...tiers, MinQuantity: 5 }, quantity: 4 })).toBe(
      'PriceSchedule.CannotBeLessThanMin',
    );
    expect(run({ schedule: { ...tiers, MaxQuantity: 5 }, quantity: 6 })).toBe(
      'PriceSchedule.CannotExceedMax',
    );
    expect(run({ schedule: { ...tiers, RestrictedQuantity: true }, quantity: 5 })).toBe(
      'PriceSchedule.QuantityNotAllowed',
    );
    expect(
      run({
        schedule: { ...tiers, UseCumulativeQuantity: true, MaxQuantity: 20 },
        quantity: 4,
        cumulativeQuantity: 21,
      }),
    ).toBe('PriceSchedule.CumulativeCannotExceedMax');
    expect(run({ schedule: { PriceBreaks: [{ Quantity: 5, Price: 100 }] }, quantity: 4 })).toBe(
      'Pricing.NoApplicablePriceBreak',
    );
    expect(run({ schedule: { PriceBreaks: [] }, quantity: 1 })).toBe('PriceSchedule.NoPriceBreaks');
  });

  it('property: the result is integral and consistent with its break', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(
          fc.record({
            Quantity: fc.integer({ min: 1, max: 100 }),
            Price: fc.integer({ min: 0, max: 1_000_000 }),
            SalePrice: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
            SubscriptionPrice: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
          }),
          { selector: (b) => b.Quantity, minLength: 1, maxLength: 6 },
        ),
        fc.integer({ min: 1, max: 200 }),
        fc.boolean(),
        fc.boolean(),
        (PriceBreaks, quantity, subscription, onSale) => {
          const schedule: PriceSchedule = { PriceBreaks, SaleEnd: onSale ? null : '2000-01-01T00:00:00Z' };
          const result = priceLineItem({ schedule, quantity, now: NOW, subscription });
          const eligible = PriceBreaks.filter((b) => b.Quantity <= quantity);
          expect(result.ok).toBe(eligible.length > 0);
          if (!result.ok) return;
          const { unitPrice, lineSubtotal, priceBreakQuantity, priceSource } = result.value;
          const chosen = eligible.reduce((a, b) => (b.Quantity > a.Quantity ? b : a));
          expect(priceBreakQuantity).toBe(chosen.Quantity);
          expect(Number.isSafeInteger(unitPrice) && Number.isSafeInteger(lineSubtotal)).toBe(true);
          expect(lineSubtotal).toBe(unitPrice * quantity);
          const expectedSource =
            subscription && chosen.SubscriptionPrice != null
              ? 'SubscriptionPrice'
              : onSale && chosen.SalePrice != null
                ? 'SalePrice'
                : 'Price';
          expect(priceSource).toBe(expectedSource);
          expect(unitPrice).toBe(chosen[expectedSource] ?? Number.NaN);
        },
      ),
    );
  });
});
