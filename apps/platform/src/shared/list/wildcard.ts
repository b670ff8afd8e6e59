import type { PatternPart } from './filter-parser.ts';

/** Counts the character comparisons of the tests a matcher runs, so tests can prove they stay linear. */
export interface MatchSteps {
  count: number;
}

interface Segment {
  text: string;
  /** Knuth–Morris–Pratt failure table: the longest proper border of each prefix. */
  borders: Int32Array;
}

/**
 * A case-insensitive test of a wildcard pattern (`*` stands for any run of characters) that never
 * backtracks: the literal segments between wildcards are looked for left to right, each at its
 * earliest place, which suffices because the `*` before a segment absorbs whatever it skipped. Each
 * search is a KMP scan that resumes where the previous one stopped, so a test costs O(pattern + value)
 * comparisons whatever the pattern (no regular expression is ever built from a filter).
 */
export function wildcardMatcher(pattern: PatternPart[], steps?: MatchSteps): (value: string) => boolean {
  const literals = [''];
  for (const part of pattern) {
    if (part.kind === 'wildcard') literals.push('');
    else literals[literals.length - 1] += part.text.toLowerCase();
  }
  const head = literals[0] as string;
  if (literals.length === 1) {
    return (value) => {
      if (steps) steps.count += Math.min(value.length, head.length) + 1;
      return value.toLowerCase() === head;
    };
  }
  const tail = literals.at(-1) as string;
  const middle: Segment[] = literals
    .slice(1, -1)
    .filter((text) => text !== '')
    .map((text) => ({ text, borders: bordersOf(text) }));
  return (raw) => {
    const value = raw.toLowerCase();
    if (steps) steps.count += head.length + tail.length + 1;
    if (value.length < head.length + tail.length || !value.startsWith(head) || !value.endsWith(tail))
      return false;
    const limit = value.length - tail.length;
    let from = head.length;
    for (const segment of middle) {
      from = endOfFirst(value, from, limit, segment, steps);
      if (from < 0) return false;
    }
    return true;
  };
}

function bordersOf(text: string): Int32Array {
  const borders = new Int32Array(text.length);
  let length = 0;
  for (let index = 1; index < text.length; index++) {
    while (length > 0 && text[index] !== text[length]) length = borders[length - 1] as number;
    if (text[index] === text[length]) length++;
    borders[index] = length;
  }
  return borders;
}

/** Where the first occurrence of the segment in `value[from, limit)` ends, or -1. */
function endOfFirst(
  value: string,
  from: number,
  limit: number,
  segment: Segment,
  steps?: MatchSteps,
): number {
  const { text, borders } = segment;
  let matched = 0;
  for (let index = from; index < limit; index++) {
    // Each fallback undoes an earlier advance, so the fallbacks of a scan never outnumber its characters.
    while (matched > 0 && value[index] !== text[matched]) {
      matched = borders[matched - 1] as number;
      if (steps) steps.count++;
    }
    if (steps) steps.count++;
    if (value[index] === text[matched]) matched++;
    if (matched === text.length) return index + 1;
  }
  return -1;
}
