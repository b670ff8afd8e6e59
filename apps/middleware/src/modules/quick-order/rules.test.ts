import { describe, expect, it } from 'vitest';
import { brokenQuantityRule, isItemNumber, normaliseItemNumber, oneEditVariants } from './rules.ts';

describe('normaliseItemNumber', () => {
  it('trims, drops inner spaces and dashes, upper-cases and bounds the length', () => {
    expect(normaliseItemNumber('  a10-287 ')).toBe('A10287');
    expect(normaliseItemNumber('x'.repeat(100))).toHaveLength(40);
  });
});

describe('oneEditVariants', () => {
  it('holds every well-formed substitution and adjacent swap of a six-character number', () => {
    const variants = oneEditVariants('A10287');
    expect(variants).toContain('B10287');
    expect(variants).toContain('A10288');
    expect(variants).toContain('A12087');
    expect(variants).not.toContain('A10287');
    expect(variants.every(isItemNumber)).toBe(true);
    expect(variants.length).toBeLessThanOrEqual(100);
    // 25 letters + 5 × 9 digits + the four swaps of neighbouring digits (not the letter with a digit).
    expect(variants).toHaveLength(25 + 45 + 4);
  });

  it('inserts into a number one digit short and deletes from one a character long', () => {
    expect(oneEditVariants('A1287')).toEqual(expect.arrayContaining(['A10287', 'A12387', 'A12870']));
    expect(oneEditVariants('A102877')).toEqual(['A02877', 'A10277', 'A10287', 'A10877', 'A12877']);
    expect(oneEditVariants('A10287X')).toEqual(['A10287']);
  });

  it('has none for text that is far from an item number, and never reads the input as a pattern', () => {
    expect(oneEditVariants('HELLO WORLD')).toEqual([]);
    expect(oneEditVariants('.*')).toEqual([]);
    expect(oneEditVariants('')).toEqual([]);
  });
});

describe('brokenQuantityRule', () => {
  const schedule = {
    MinQuantity: 5,
    MaxQuantity: 100,
    RestrictedQuantity: false,
    PriceBreaks: [{ Quantity: 5 }, { Quantity: 10 }],
  };

  it('keeps the shop’s 1…9999 first', () => {
    expect(brokenQuantityRule(0, null)).toMatchObject({ code: 'range', min: 1, max: 9999 });
    expect(brokenQuantityRule(10_000, null)?.code).toBe('range');
    expect(brokenQuantityRule(1.5, null)?.code).toBe('range');
    expect(brokenQuantityRule(7, null)).toBeNull();
  });

  it('applies MinQuantity and MaxQuantity', () => {
    expect(brokenQuantityRule(4, schedule)).toMatchObject({ code: 'min', min: 5, max: 100 });
    expect(brokenQuantityRule(101, schedule)).toMatchObject({ code: 'max', max: 100 });
    expect(brokenQuantityRule(50, schedule)).toBeNull();
  });

  it('allows only the break quantities of a restricted schedule', () => {
    const restricted = { ...schedule, RestrictedQuantity: true };
    expect(brokenQuantityRule(7, restricted)).toMatchObject({ code: 'restricted', allowed: [5, 10] });
    expect(brokenQuantityRule(10, restricted)).toBeNull();
  });
});
