import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Bitset } from './bitset.ts';

const fromPositions = (size: number, positions: number[]) => {
  const set = new Bitset(size);
  for (const position of positions) set.add(position);
  return set;
};

describe('Bitset', () => {
  it('behaves like a set of positions', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 1, max: 300 })
          .chain((size) =>
            fc.tuple(fc.constant(size), fc.uniqueArray(fc.nat(size - 1)), fc.uniqueArray(fc.nat(size - 1))),
          ),
        ([size, a, b]) => {
          const left = fromPositions(size, a);
          const right = fromPositions(size, b);
          const sortedA = [...a].sort((x, y) => x - y);
          expect(left.positions()).toEqual(sortedA);
          expect(left.count()).toBe(a.length);
          const both = a.filter((position) => b.includes(position));
          expect(left.and(right).count()).toBe(both.length);
          expect(left.countAnd(right)).toBe(both.length);
          expect(left.or(right).count()).toBe(new Set([...a, ...b]).size);
          expect(left.not().count()).toBe(size - a.length);
          expect(left.positions(1, 2)).toEqual(sortedA.slice(1, 3));
        },
      ),
    );
  });

  it('fills exactly its size', () => {
    expect(Bitset.full(33).count()).toBe(33);
    expect(Bitset.full(64).positions().at(-1)).toBe(63);
  });
});
