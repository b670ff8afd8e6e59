import { SHIP_METHODS, shippingCost } from '@actuate/catalog-data';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { quoteShipping, type ShipMethodEntry } from './service.ts';

const methods: ShipMethodEntry[] = SHIP_METHODS.map((method, position) => ({
  id: method.id,
  name: method.name,
  countries: new Set(Object.keys(method.estimatedTransitDays)),
  description: method.description,
  transitDays: method.estimatedTransitDays,
  position,
  bands: method.weightBands.map((band) => ({
    maxWeightGrams: Math.round(band.maxWeightKg * 1000),
    costDkk: band.costDkk,
    costEur: band.costEur,
  })),
}));

describe('quoteShipping', () => {
  it('charges the first band that carries the weight, as the demo world does', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...methods),
        fc.integer({ min: 1, max: 3_000_000 }),
        fc.constantFrom('DKK' as const, 'EUR' as const),
        (method, grams, currency) => {
          const quote = quoteShipping(method, 'DK', grams, currency);
          const source = SHIP_METHODS.find((candidate) => candidate.id === method.id);
          if (!source) throw new Error('method');
          const expected = shippingCost(source, grams / 1000, currency);
          if (expected === null) expect(quote).toMatchObject({ ok: false, reason: 'shipment-too-heavy' });
          else expect(quote).toEqual({ ok: true, cost: expected });
        },
      ),
    );
  });

  it('refuses a country the method does not serve', () => {
    const method = methods[0];
    if (!method) throw new Error('method');
    expect(quoteShipping(method, 'US', 1000, 'DKK')).toEqual({ ok: false, reason: 'country-not-served' });
  });
});
