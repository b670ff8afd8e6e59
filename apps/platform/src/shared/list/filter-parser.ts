/**
 * OrderCloud list filter values, e.g. `xp.Voltage=24|48`, `Name=Act*`, `DateCreated=>2024-01-01`,
 * `ID=!abc`. A tokenizer turns the raw value into tokens, a parser into terms; `list-sql.ts` turns
 * terms into SQL with every value bound as a parameter.
 *
 * Grammar (one query value):  value := term ('|' term)*
 *                             term  := '!'? ('>=' | '<=' | '>' | '<')? pattern
 *                             pattern := (text | '*')*
 * A backslash escapes the next character (`\*`, `\|`, `\!`, `\\`), so any literal can be matched.
 */

import { wildcardMatcher } from './wildcard.ts';

export type ComparisonOperator = 'eq' | 'gt' | 'gte' | 'lt' | 'lte';

/** Literal text and wildcards of one term, in order. */
export type PatternPart = { kind: 'text'; text: string } | { kind: 'wildcard' };

export interface FilterTerm {
  negated: boolean;
  operator: ComparisonOperator;
  pattern: PatternPart[];
}

type Token =
  | { kind: 'or' }
  | { kind: 'not' }
  | { kind: 'operator'; operator: ComparisonOperator }
  | { kind: 'wildcard' }
  | { kind: 'text'; text: string };

export class FilterSyntaxError extends Error {
  override name = 'FilterSyntaxError';
}

const OPERATORS: [string, ComparisonOperator][] = [
  ['>=', 'gte'],
  ['<=', 'lte'],
  ['>', 'gt'],
  ['<', 'lt'],
];

export function tokenize(raw: string): Token[] {
  const tokens: Token[] = [];
  let text = '';
  // `!` and the comparison operators only mean something at the start of a term.
  let atTermStart = true;
  const flushText = () => {
    if (text) tokens.push({ kind: 'text', text });
    text = '';
  };
  for (let index = 0; index < raw.length; index++) {
    const char = raw[index] as string;
    if (char === '\\') {
      if (index + 1 >= raw.length) throw new FilterSyntaxError('A filter value cannot end with a backslash.');
      text += raw[++index];
      atTermStart = false;
      continue;
    }
    if (char === '|') {
      flushText();
      tokens.push({ kind: 'or' });
      atTermStart = true;
      continue;
    }
    if (atTermStart && char === '!' && tokens.at(-1)?.kind !== 'operator' && tokens.at(-1)?.kind !== 'not') {
      tokens.push({ kind: 'not' });
      continue;
    }
    if (atTermStart && tokens.at(-1)?.kind !== 'operator') {
      const match = OPERATORS.find(([symbol]) => raw.startsWith(symbol, index));
      if (match) {
        tokens.push({ kind: 'operator', operator: match[1] });
        index += match[0].length - 1;
        continue;
      }
    }
    atTermStart = false;
    if (char === '*') {
      flushText();
      tokens.push({ kind: 'wildcard' });
      continue;
    }
    text += char;
  }
  flushText();
  return tokens;
}

/** `|`-separated terms one filter value may hold. */
export const MAX_FILTER_TERMS = 100;

/** Terms of one filter value; the caller ANDs the values of repeated keys. */
export function parseFilterValue(raw: string): FilterTerm[] {
  const terms: FilterTerm[] = [];
  let current: FilterTerm = { negated: false, operator: 'eq', pattern: [] };
  const finish = () => {
    if (terms.length === MAX_FILTER_TERMS)
      throw new FilterSyntaxError(`A filter value holds at most ${MAX_FILTER_TERMS} terms.`);
    if (current.pattern.length === 0 && (current.negated || current.operator !== 'eq')) {
      throw new FilterSyntaxError(`Incomplete filter term in "${raw}".`);
    }
    if (current.operator !== 'eq' && current.pattern.some((part) => part.kind === 'wildcard')) {
      throw new FilterSyntaxError(`A range filter cannot contain a wildcard: "${raw}".`);
    }
    terms.push(current);
    current = { negated: false, operator: 'eq', pattern: [] };
  };
  for (const token of tokenize(raw)) {
    switch (token.kind) {
      case 'or':
        finish();
        break;
      case 'not':
        current.negated = true;
        break;
      case 'operator':
        current.operator = token.operator;
        break;
      case 'wildcard':
        // `**` means what `*` means; one wildcard keeps matching and ILIKE patterns short.
        if (current.pattern.at(-1)?.kind !== 'wildcard') current.pattern.push({ kind: 'wildcard' });
        break;
      case 'text':
        current.pattern.push({ kind: 'text', text: token.text });
        break;
    }
  }
  finish();
  return terms;
}

export const patternHasWildcard = (pattern: PatternPart[]) =>
  pattern.some((part) => part.kind === 'wildcard');

/** The literal text of a pattern without wildcards. */
export const patternText = (pattern: PatternPart[]) =>
  pattern.map((part) => (part.kind === 'text' ? part.text : '')).join('');

/** The pattern as an ILIKE pattern, with the LIKE metacharacters of its literal text escaped. */
export function toLikePattern(pattern: PatternPart[]): string {
  return pattern
    .map((part) => (part.kind === 'wildcard' ? '%' : part.text.replace(/[\\%_]/g, (char) => `\\${char}`)))
    .join('');
}

/** True when a plain value matches the term (used by in-memory indexes, e.g. product facets). */
export function termMatches(term: FilterTerm, value: string | undefined): boolean {
  return termMatcher(term)(value);
}

/**
 * The term compiled once into a test of plain values, for indexes that test many values against it.
 * Equality and wildcards match case-insensitively, like ILIKE, in time linear in pattern and value.
 */
export function termMatcher(term: FilterTerm): (value: string | undefined) => boolean {
  const positive =
    term.operator === 'eq' ? wildcardMatcher(term.pattern) : (value: string) => compares(term, value);
  return (value) => {
    const matched = value !== undefined && positive(value);
    return term.negated ? !matched : matched;
  };
}

function compares(term: FilterTerm, value: string): boolean {
  const wanted = patternText(term.pattern);
  const numericWanted = Number(wanted);
  const numericValue = Number(value);
  const bothNumeric = wanted.trim() !== '' && !Number.isNaN(numericWanted) && !Number.isNaN(numericValue);
  const comparison = bothNumeric ? numericValue - numericWanted : value.localeCompare(wanted);
  switch (term.operator) {
    case 'eq':
      return comparison === 0;
    case 'gt':
      return comparison > 0;
    case 'gte':
      return comparison >= 0;
    case 'lt':
      return comparison < 0;
    case 'lte':
      return comparison <= 0;
  }
}

/**
 * Combines the terms of one value: positive terms are OR-ed ("any of"), negated terms are AND-ed
 * ("none of"), so `ID=!a|!b` means neither a nor b. (our choice: the docs only show single negations)
 */
export function combineTerms<T>(
  terms: FilterTerm[],
  toCondition: (term: FilterTerm) => T,
  or: (conditions: T[]) => T,
  and: (conditions: T[]) => T,
): T {
  const positive = terms.filter((term) => !term.negated).map(toCondition);
  const negative = terms.filter((term) => term.negated).map(toCondition);
  const parts: T[] = [];
  if (positive.length > 0) parts.push(positive.length === 1 ? (positive[0] as T) : or(positive));
  parts.push(...negative);
  return parts.length === 1 ? (parts[0] as T) : and(parts);
}
