import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom, hashString, randomStream, sample, stableGuid } from './random.ts';

describe('seeded randomness', () => {
  it('repeats the same sequence for the same seed and differs for another', () => {
    const a = createRandom(42);
    const b = createRandom(42);
    const c = createRandom(43);
    const first = Array.from({ length: 20 }, () => a.next());
    expect(Array.from({ length: 20 }, () => b.next())).toEqual(first);
    expect(Array.from({ length: 20 }, () => c.next())).not.toEqual(first);
  });

  it('property: int() stays within its inclusive bounds and next() within [0, 1)', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 1000 }),
        (seed, min, span) => {
          const random = createRandom(seed);
          for (let i = 0; i < 20; i++) {
            const value = random.int(min, min + span);
            expect(Number.isInteger(value) && value >= min && value <= min + span).toBe(true);
            const float = random.next();
            expect(float >= 0 && float < 1).toBe(true);
          }
        },
      ),
    );
  });

  it('streams with different labels are independent', () => {
    expect(randomStream(1, 'a').next()).not.toBe(randomStream(1, 'b').next());
    expect(randomStream(1, 'a').next()).toBe(randomStream(1, 'a').next());
    expect(hashString('abc')).toBe(hashString('abc'));
  });

  it('property: sample() picks distinct elements of the input', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer(), { maxLength: 50 }),
        fc.nat(60),
        fc.integer(),
        (items, count, seed) => {
          const picked = sample(createRandom(seed), items, count);
          expect(picked).toHaveLength(Math.min(count, items.length));
          expect(new Set(picked).size).toBe(picked.length);
          for (const item of picked) expect(items).toContain(item);
        },
      ),
    );
  });

  it('stableGuid is a stable version-4 GUID per key', () => {
    expect(stableGuid('x')).toBe(stableGuid('x'));
    expect(stableGuid('x')).not.toBe(stableGuid('y'));
    expect(stableGuid('x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
