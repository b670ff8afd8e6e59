import { describe, expect, it } from 'vitest';
import {
  FilterSyntaxError,
  MAX_FILTER_TERMS,
  parseFilterValue,
  termMatches,
  tokenize,
  toLikePattern,
} from './filter-parser.ts';
import { wildcardMatcher } from './wildcard.ts';

describe('filter tokenizer and parser', () => {
  it('reads plain values, wildcards, ranges, negation and or', () => {
    expect(parseFilterValue('24')).toEqual([
      { negated: false, operator: 'eq', pattern: [{ kind: 'text', text: '24' }] },
    ]);
    expect(parseFilterValue('Act*')).toEqual([
      { negated: false, operator: 'eq', pattern: [{ kind: 'text', text: 'Act' }, { kind: 'wildcard' }] },
    ]);
    expect(parseFilterValue('>=10')[0]).toMatchObject({ operator: 'gte', pattern: [{ text: '10' }] });
    expect(parseFilterValue('<5')[0]).toMatchObject({ operator: 'lt' });
    expect(parseFilterValue('!Open')[0]).toMatchObject({ negated: true, operator: 'eq' });
    expect(parseFilterValue('!>3')[0]).toMatchObject({ negated: true, operator: 'gt' });
    expect(parseFilterValue('24|48|!12').map((term) => term.negated)).toEqual([false, false, true]);
  });

  it('treats operators and ! as literal text inside a term', () => {
    expect(parseFilterValue('a>b!c')[0]?.pattern).toEqual([{ kind: 'text', text: 'a>b!c' }]);
  });

  it('escapes special characters with a backslash', () => {
    expect(parseFilterValue('a\\|b\\*\\!')[0]?.pattern).toEqual([{ kind: 'text', text: 'a|b*!' }]);
    expect(parseFilterValue('\\!x')[0]).toMatchObject({ negated: false, pattern: [{ text: '!x' }] });
    expect(() => tokenize('abc\\')).toThrow(FilterSyntaxError);
  });

  it('refuses incomplete terms and wildcard ranges', () => {
    expect(() => parseFilterValue('!')).toThrow(FilterSyntaxError);
    expect(() => parseFilterValue('>')).toThrow(FilterSyntaxError);
    expect(() => parseFilterValue('>1*')).toThrow(FilterSyntaxError);
  });

  it('allows an empty value (matches an empty string)', () => {
    expect(parseFilterValue('')).toEqual([{ negated: false, operator: 'eq', pattern: [] }]);
  });

  it('builds ILIKE patterns with LIKE metacharacters escaped', () => {
    expect(toLikePattern(parseFilterValue('10%_off*')[0]?.pattern ?? [])).toBe('10\\%\\_off%');
  });

  it('matches values in memory the way SQL does', () => {
    const [term] = parseFilterValue('act*');
    expect(termMatches(term!, 'Actuator')).toBe(true);
    expect(termMatches(term!, 'motor')).toBe(false);
    expect(termMatches(parseFilterValue('>=24')[0]!, '48')).toBe(true);
    expect(termMatches(parseFilterValue('>=24')[0]!, '100')).toBe(true);
    expect(termMatches(parseFilterValue('<24')[0]!, '100')).toBe(false);
    expect(termMatches(parseFilterValue('!24')[0]!, undefined)).toBe(true);
  });
});

describe('wildcard matching', () => {
  const matches = (filter: string, value: string) => termMatches(parseFilterValue(filter)[0]!, value);

  it('collapses consecutive wildcards into one', () => {
    expect(parseFilterValue('a***b**')[0]?.pattern).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'wildcard' },
      { kind: 'text', text: 'b' },
      { kind: 'wildcard' },
    ]);
    expect(toLikePattern(parseFilterValue('****QQ')[0]?.pattern ?? [])).toBe('%QQ');
  });

  it('matches anchored, inner and repeated segments case-insensitively', () => {
    expect(matches('*', '')).toBe(true);
    expect(matches('', '')).toBe(true);
    expect(matches('', 'x')).toBe(false);
    expect(matches('ab*ab', 'ab')).toBe(false);
    expect(matches('ab*ab', 'abab')).toBe(true);
    expect(matches('a*b*c', 'AxxBxxC')).toBe(true);
    expect(matches('a*b*c', 'axxcxxb')).toBe(false);
    expect(matches('*aab*', 'xaaaab')).toBe(true);
    expect(matches('*abab*c', 'ababacabababc')).toBe(true);
    expect(matches('Act*\\*', 'actuator*')).toBe(true);
    expect(matches('Act*\\*', 'actuator')).toBe(false);
    expect(matches('line\nbreak*', 'LINE\nBREAK and more')).toBe(true);
  });

  it('agrees with an exhaustive reference on every short pattern and value', () => {
    // Reference: dynamic programming over (pattern position, value position).
    const reference = (pattern: string, value: string): boolean => {
      const rows = Array.from({ length: pattern.length + 1 }, () =>
        new Array<boolean>(value.length + 1).fill(false),
      );
      rows[pattern.length]![value.length] = true;
      for (let p = pattern.length - 1; p >= 0; p--) {
        for (let v = value.length; v >= 0; v--) {
          rows[p]![v] =
            pattern[p] === '*'
              ? rows[p + 1]![v]! || (v < value.length && rows[p]![v + 1]!)
              : v < value.length && pattern[p] === value[v] && rows[p + 1]![v + 1]!;
        }
      }
      return rows[0]![0]!;
    };
    const words = (alphabet: string, maxLength: number): string[] => {
      let all = [''];
      let layer = [''];
      for (let length = 1; length <= maxLength; length++) {
        layer = layer.flatMap((word) => [...alphabet].map((char) => word + char));
        all = all.concat(layer);
      }
      return all;
    };
    const values = words('ab', 5);
    for (const pattern of words('ab*', 4)) {
      for (const value of values)
        expect(matches(pattern, value), `${pattern} ~ ${value}`).toBe(reference(pattern, value));
    }
  });

  it('takes a number of steps linear in pattern and value, whatever the pattern', () => {
    const cost = (pattern: string, value: string) => {
      const steps = { count: 0 };
      wildcardMatcher(parseFilterValue(pattern)[0]!.pattern, steps)(value);
      return steps.count;
    };
    for (const size of [100, 1_000, 10_000]) {
      const value = 'a'.repeat(size);
      const patterns = [
        `${'*'.repeat(30)}QQ`,
        `${'*a'.repeat(30)}Q`,
        `*${'a'.repeat(50)}b*`,
        `${'*'.repeat(size)}b`,
        `*${'a'.repeat(size / 2)}b*`,
      ];
      for (const pattern of patterns) {
        expect(cost(pattern, value), pattern.slice(0, 40)).toBeLessThanOrEqual(
          3 * (pattern.length + value.length),
        );
      }
    }
  });

  it('refuses more than the maximum number of terms in one value', () => {
    expect(
      parseFilterValue(Array.from({ length: MAX_FILTER_TERMS }, (_, i) => `v${i}`).join('|')),
    ).toHaveLength(MAX_FILTER_TERMS);
    expect(() =>
      parseFilterValue(Array.from({ length: MAX_FILTER_TERMS + 1 }, (_, i) => `v${i}`).join('|')),
    ).toThrow(FilterSyntaxError);
  });
});
