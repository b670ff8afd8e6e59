import { describe, expect, it } from 'vitest';
import {
  FilterSyntaxError,
  parseFilterValue,
  termMatches,
  tokenize,
  toLikePattern,
} from './filter-parser.ts';

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
