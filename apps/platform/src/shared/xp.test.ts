import { describe, expect, it } from 'vitest';
import { applyPatch, mergeDeep } from './xp.ts';

describe('xp merging', () => {
  it('merges objects deeply and replaces arrays and scalars', () => {
    expect(mergeDeep({ a: { b: 1, c: [1, 2] }, d: 1 }, { a: { c: [3] }, e: null })).toEqual({
      a: { b: 1, c: [3] },
      d: 1,
      e: null,
    });
  });

  it('patches top-level fields by replacement and xp by deep merge', () => {
    expect(applyPatch({ Name: 'a', xp: { x: { y: 1 } } }, { Name: 'b', xp: { x: { z: 2 } } })).toEqual({
      Name: 'b',
      xp: { x: { y: 1, z: 2 } },
    });
  });
});
