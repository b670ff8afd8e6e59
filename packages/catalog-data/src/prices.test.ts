import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FacetValue, facetValueLabel } from './facets.ts';
import {
  applyDiscount,
  breakFor,
  dkkToEur,
  EXCHANGE_RATE_SCALE,
  eurToDkk,
  exchangeRateAt,
  unitPriceAtQuantity,
} from './prices.ts';
import {
  findSalesItem,
  generateDemoWorld,
  grossPriceOf,
  priceScheduleFor,
  quantityBreaksFor,
} from './world.ts';

const world = generateDemoWorld();
const familiesById = new Map(world.families.map((family) => [family.id, family]));

describe('gross prices', () => {
  it('gross price = family base + Σ markups of the configuration, for every item', () => {
    for (const item of world.salesItems) {
      const family = familiesById.get(item.familyId)!;
      let expected = family.basePrice;
      for (const [facet, value] of Object.entries(item.configuration) as [string, FacetValue][]) {
        const table = family.optionMarkups[facet as keyof typeof family.optionMarkups];
        expected += table?.[facetValueLabel(value)] ?? 0;
      }
      expect(item.grossPrice).toBe(expected);
    }
  });

  it('grossPriceOf recomputes the stored price and knows unknown numbers', () => {
    for (const item of world.salesItems.slice(0, 500))
      expect(grossPriceOf(world, item.salesItemNumber)).toBe(item.grossPrice);
    expect(grossPriceOf(world, 'Z99999')).toBeUndefined();
  });

  it('all money is integer minor units; markups are whole kroner and never negative', () => {
    for (const family of world.families) {
      expect(Number.isSafeInteger(family.basePrice) && family.basePrice > 0).toBe(true);
      for (const table of Object.values(family.optionMarkups)) {
        for (const markup of Object.values(table ?? {})) {
          expect(Number.isSafeInteger(markup) && markup >= 0 && markup % 100 === 0).toBe(true);
        }
      }
    }
  });

  it('more load, longer stroke, IP69K and bus feedback cost more', () => {
    const hd60 = familiesById.get('HD60')!.optionMarkups;
    expect(hd60.maxLoadPush?.['6000 N']).toBeGreaterThan(
      hd60.maxLoadPush?.['1500 N'] ?? Number.POSITIVE_INFINITY,
    );
    expect(hd60.strokeLength?.['999 mm']).toBeGreaterThan(
      hd60.strokeLength?.['300 mm'] ?? Number.POSITIVE_INFINITY,
    );
    expect(hd60.protectionClass?.IP69K).toBeGreaterThan(0);
    expect(hd60.protectionClass?.IP66).toBe(0);
    expect(hd60.feedback?.Modbus).toBeGreaterThan(hd60.feedback?.['Single Hall'] ?? Number.POSITIVE_INFINITY);
  });

  it('commercial variant price ranges cover their items', () => {
    for (const family of world.families) {
      for (const variant of family.commercialVariants) {
        const prices = world.salesItems
          .filter((item) => item.commercialVariantId === variant.id)
          .map((item) => item.grossPrice);
        expect(prices.length).toBe(variant.salesItemCount);
        expect(variant.grossPriceRange).toEqual({ min: Math.min(...prices), max: Math.max(...prices) });
      }
    }
  });
});

describe('exchange rates and conversion', () => {
  it('has dated, integer-scaled DKK→EUR rates near 7.46', () => {
    expect(world.exchangeRates.length).toBeGreaterThanOrEqual(2);
    for (const rate of world.exchangeRates) {
      expect(Number.isInteger(rate.dkkPerEurScaled)).toBe(true);
      expect(rate.dkkPerEurScaled / EXCHANGE_RATE_SCALE).toBeGreaterThan(7.4);
      expect(rate.dkkPerEurScaled / EXCHANGE_RATE_SCALE).toBeLessThan(7.5);
    }
    expect(new Set(world.exchangeRates.map((rate) => rate.dkkPerEurScaled)).size).toBe(
      world.exchangeRates.length,
    );
    expect(exchangeRateAt(world.exchangeRates, world.options.asOf).dkkPerEurScaled).toBe(7_460_400);
    expect(exchangeRateAt(world.exchangeRates, '2025-11-15T00:00:00Z').dkkPerEurScaled).toBe(7_458_900);
  });

  it('converts with integer arithmetic, rounding half away from zero', () => {
    const rate = { dkkPerEurScaled: 7_460_400 };
    expect(dkkToEur(746_040, rate)).toBe(100_000);
    expect(eurToDkk(100_000, rate)).toBe(746_040);
    expect(dkkToEur(1, rate)).toBe(0);
    expect(dkkToEur(4, rate)).toBe(1); // 0.536 → 1
    expect(dkkToEur(-4, rate)).toBe(-1);
  });

  it('property: DKK → EUR → DKK stays within one rounding step', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.integer({ min: 7_000_000, max: 8_000_000 }),
        (amount, scaled) => {
          const rate = { dkkPerEurScaled: scaled };
          const back = eurToDkk(dkkToEur(amount, rate), rate);
          expect(Math.abs(back - amount)).toBeLessThanOrEqual(
            Math.ceil(scaled / EXCHANGE_RATE_SCALE / 2) + 1,
          );
          expect(Number.isSafeInteger(dkkToEur(amount, rate))).toBe(true);
        },
      ),
    );
  });

  it('property: a discount never raises a price and 0 bp changes nothing', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (amount, bp) => {
          const discounted = applyDiscount(amount, bp);
          expect(discounted).toBeLessThanOrEqual(amount);
          expect(discounted).toBeGreaterThanOrEqual(0);
          expect(applyDiscount(amount, 0)).toBe(amount);
        },
      ),
    );
  });
});

describe('quantity breaks, discount groups and agreements', () => {
  it('picks the largest break ≤ quantity, prices decrease with quantity', () => {
    const breaks = [
      { quantity: 1, discountBasisPoints: 0 },
      { quantity: 10, discountBasisPoints: 300 },
      { quantity: 50, discountBasisPoints: 700 },
    ];
    expect(breakFor(breaks, 9)?.quantity).toBe(1);
    expect(breakFor(breaks, 10)?.quantity).toBe(10);
    expect(breakFor(breaks, 500)?.quantity).toBe(50);
    expect(unitPriceAtQuantity(10_000, breaks, 12)).toBe(9_700);
    for (const schedule of world.quantityBreaks) {
      expect(schedule.breaks[0]).toEqual({ quantity: 1, discountBasisPoints: 0 });
      for (let i = 1; i < schedule.breaks.length; i++) {
        expect(schedule.breaks[i]!.quantity).toBeGreaterThan(schedule.breaks[i - 1]!.quantity);
        expect(schedule.breaks[i]!.discountBasisPoints).toBeGreaterThan(
          schedule.breaks[i - 1]!.discountBasisPoints,
        );
      }
      expect(Boolean(schedule.familyId) !== Boolean(schedule.salesItemNumber)).toBe(true);
    }
  });

  it('every item has quantity breaks and a price schedule per currency', () => {
    const accessory = world.salesItems.find((item) => item.familyId === 'HS10')!;
    expect(quantityBreaksFor(world, accessory.salesItemNumber).at(-1)?.quantity).toBe(250);
    const item = findSalesItem(world, world.erpScenarios.orderableSalesItemNumbers[0]!)!;
    const dkk = priceScheduleFor(world, item.salesItemNumber, 'DKK')!;
    const eur = priceScheduleFor(world, item.salesItemNumber, 'EUR')!;
    expect(dkk.priceBreaks[0]).toEqual({ quantity: 1, price: item.grossPrice });
    expect(eur.priceBreaks[0]?.price).toBe(dkkToEur(item.grossPrice, { dkkPerEurScaled: 7_460_400 }));
    for (const schedule of [dkk, eur]) {
      for (let i = 1; i < schedule.priceBreaks.length; i++) {
        expect(schedule.priceBreaks[i]!.price).toBeLessThan(schedule.priceBreaks[i - 1]!.price);
      }
    }
    expect(priceScheduleFor(world, 'Z99999', 'DKK')).toBeUndefined();
  });

  it('discount groups refer to existing sales companies, customers and family groups', () => {
    const groups = new Set(world.families.map((family) => family.productFamilyGroup));
    for (const group of world.discountGroups) {
      expect(world.salesCompanies.some((company) => company.id === group.salesCompanyId)).toBe(true);
      if (group.companyId !== null) {
        const company = world.companies.find((candidate) => candidate.id === group.companyId);
        expect(company?.salesCompanyId).toBe(group.salesCompanyId);
      }
      expect(groups.has(group.productFamilyGroup)).toBe(true);
      expect(Number.isInteger(group.discountBasisPoints)).toBe(true);
      expect(group.discountBasisPoints).toBeGreaterThanOrEqual(0);
      expect(group.discountBasisPoints).toBeLessThan(10_000);
    }
    expect(world.discountGroups.some((group) => group.companyId === 'acme-dk')).toBe(true);
    expect(world.discountGroups.some((group) => group.companyId === null)).toBe(true);
  });

  it('net price agreements: existing customer and item, the customer currency, below gross', () => {
    expect(world.netPriceAgreements.length).toBeGreaterThanOrEqual(4);
    for (const agreement of world.netPriceAgreements) {
      const company = world.companies.find((candidate) => candidate.id === agreement.companyId)!;
      const item = findSalesItem(world, agreement.salesItemNumber)!;
      expect(agreement.currency).toBe(company.currency);
      expect(Number.isSafeInteger(agreement.price) && agreement.price > 0).toBe(true);
      const gross =
        agreement.currency === 'DKK'
          ? item.grossPrice
          : dkkToEur(item.grossPrice, { dkkPerEurScaled: 7_460_400 });
      expect(agreement.price).toBeLessThan(gross);
    }
    expect(new Set(world.netPriceAgreements.map((agreement) => agreement.currency))).toEqual(
      new Set(['DKK', 'EUR']),
    );
    expect(world.priceValidity.validTo).toBeNull();
    expect(Date.parse(world.priceValidity.validFrom)).toBeLessThan(Date.parse(world.options.asOf));
  });
});
