import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FamilyEntry, ItemEntry, NetPriceEntry, PriceSnapshot } from '../price-catalog/snapshot.ts';
import { familyRange, priceItem, pricingScope } from './service.ts';

const NOW = Date.parse('2026-06-01T00:00:00Z');

/** A random family with agreements, item schedules and inactive items, as a snapshot. */
const world = fc.record({
  grosses: fc.array(fc.integer({ min: 0, max: 5_000_000 }), { minLength: 1, maxLength: 60 }),
  active: fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }),
  agreements: fc.array(
    fc.record({
      index: fc.nat(59),
      currency: fc.constantFrom('DKK' as const, 'EUR' as const),
      price: fc.integer({ min: 0, max: 5_000_000 }),
      expired: fc.boolean(),
    }),
    { maxLength: 6 },
  ),
  specials: fc.array(fc.record({ index: fc.nat(59), bp: fc.integer({ min: 0, max: 10_000 }) }), {
    maxLength: 4,
  }),
  groupBp: fc.integer({ min: 0, max: 10_000 }),
  firstBreakBp: fc.integer({ min: 0, max: 10_000 }),
  currency: fc.constantFrom('DKK' as const, 'EUR' as const),
  rate: fc.integer({ min: 5_000_000, max: 9_000_000 }),
});

type WorldInput = typeof world extends fc.Arbitrary<infer T> ? T : never;

function snapshotOf(input: WorldInput) {
  const items = new Map<string, ItemEntry>();
  const family: FamilyEntry = {
    id: 'F',
    productFamilyGroup: 'Industrial',
    basePrice: 0,
    markups: new Map(),
    ordinaryActive: [],
    specialActive: [],
  };
  const breaks = new Map([['family:F', [{ minQuantity: 1, discountBasisPoints: input.firstBreakBp }]]]);
  const specialIndexes = new Set<number>();
  for (const special of input.specials) {
    if (special.index >= input.grosses.length) continue;
    specialIndexes.add(special.index);
    breaks.set(`item:X${special.index}`, [{ minQuantity: 1, discountBasisPoints: special.bp }]);
  }
  input.grosses.forEach((grossPrice, index) => {
    const item: ItemEntry = {
      salesItemNumber: `X${index}`,
      familyId: 'F',
      priceListId: 'L',
      grossPrice,
      active: input.active[index] ?? true,
      shipWeightGrams: 1000,
    };
    items.set(item.salesItemNumber, item);
    if (!item.active) return;
    if (specialIndexes.has(index)) family.specialActive.push(item);
    else family.ordinaryActive.push(item);
  });
  family.ordinaryActive.sort((a, b) => a.grossPrice - b.grossPrice);
  const agreements = new Map<string, NetPriceEntry[]>();
  for (const agreement of input.agreements) {
    const number = `X${agreement.index}`;
    if (!items.has(number)) continue;
    const list = agreements.get(number) ?? [];
    list.push({
      id: `${number}-${list.length}`,
      salesItemNumber: number,
      currency: agreement.currency,
      price: agreement.price,
      validFromMs: 0,
      validToMs: agreement.expired ? NOW - 1 : null,
    });
    agreements.set(number, list);
  }
  const snapshot: PriceSnapshot = {
    version: 1,
    priceLists: new Map([['L', { id: 'L', currency: 'DKK', validFromMs: 0, validToMs: null }]]),
    families: new Map([['F', family]]),
    items,
    discounts: new Map([['S||Industrial', input.groupBp]]),
    netPrices: new Map([['S|C', agreements]]),
    breaks,
    rates: [{ validFromMs: 0, dkkPerEurScaled: input.rate }],
    vatRates: new Map(),
    taxGroups: new Map(),
    salesCompanies: new Map([['S', { id: 'S', countryCode: 'DK', currency: 'DKK' }]]),
    shipMethods: new Map(),
  };
  return { snapshot, family };
}

describe('familyRange', () => {
  it('equals the brute-force min and max over every active item, pricing only a few', () => {
    fc.assert(
      fc.property(world, (input) => {
        const { snapshot, family } = snapshotOf(input);
        const scope = pricingScope(snapshot, {
          customer: { salesCompanyId: 'S', customerErpId: 'C' },
          currency: input.currency,
          atMs: NOW,
        });
        if (!scope.ok) throw new Error('scope');
        const prices = [...family.ordinaryActive, ...family.specialActive].map((item) => {
          const priced = priceItem(snapshot, scope.value, item, 1);
          if (!priced.ok) throw new Error('price');
          return priced.value;
        });
        const range = familyRange(snapshot, scope.value, family);
        if (prices.length === 0) {
          expect(range.ok).toBe(false);
          return;
        }
        if (!range.ok) throw new Error('range');
        expect({ min: range.value.min, max: range.value.max }).toEqual({
          min: Math.min(...prices),
          max: Math.max(...prices),
        });
      }),
      { numRuns: 500 },
    );
  });
});
