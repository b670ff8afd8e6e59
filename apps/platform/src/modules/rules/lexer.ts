/**
 * Hand-written tokenizer for the rule-expression language. Linear in the input length, no regular
 * expressions over user input (so no catastrophic backtracking).
 */
import type { ExpressionError, Result } from './types.ts';

export type TokenType =
  | 'number'
  | 'string'
  | 'date'
  | 'word'
  | 'op'
  | 'lparen'
  | 'rparen'
  | 'comma'
  | 'dot'
  | 'eof';

export interface Token {
  type: TokenType;
  /** Raw text for words and operators; decoded text for strings. */
  text: string;
  /** Numeric value of number tokens, epoch ms of date tokens. */
  value: number;
  pos: number;
}

const TWO_CHAR_OPS = new Set(['<=', '>=', '<>', '!=', '==', '&&', '||']);
const ONE_CHAR_OPS = new Set(['=', '<', '>', '+', '-', '*', '/', '%', '&', '!']);

const isDigit = (c: string) => c >= '0' && c <= '9';
const isIdentStart = (c: string) => (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c === '_';
const isIdentPart = (c: string) => isIdentStart(c) || isDigit(c);
const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\u00a0';

const syntax = (message: string, position: number): ExpressionError => ({
  code: 'Expression.SyntaxError',
  message: `${message} at position ${position}`,
  position,
});

export function tokenize(source: string): Result<Token[]> {
  const tokens: Token[] = [];
  const n = source.length;
  let i = 0;
  const push = (type: TokenType, text: string, pos: number, value = 0) => {
    tokens.push({ type, text, value, pos });
  };
  while (i < n) {
    const c = source[i]!;
    if (isSpace(c)) {
      i++;
      continue;
    }
    const start = i;
    const prev = tokens[tokens.length - 1];
    const prevEndsValue =
      prev !== undefined && (prev.type === 'word' || prev.type === 'rparen' || prev.type === 'number');
    // numbers: 12, 12.5, .5 (a '.' directly after a word or ')' is member access)
    if (isDigit(c) || (c === '.' && !prevEndsValue && i + 1 < n && isDigit(source[i + 1]!))) {
      while (i < n && isDigit(source[i]!)) i++;
      if (i < n && source[i] === '.' && i + 1 < n && isDigit(source[i + 1]!)) {
        i++;
        while (i < n && isDigit(source[i]!)) i++;
      }
      if (i < n && isIdentStart(source[i]!)) return { ok: false, error: syntax('Invalid number', start) };
      const text = source.slice(start, i);
      push('number', text, start, Number(text));
      continue;
    }
    if (c === "'") {
      let text = '';
      i++;
      for (;;) {
        if (i >= n) return { ok: false, error: syntax('Unterminated string', start) };
        const ch = source[i]!;
        if (ch === "'") {
          if (source[i + 1] === "'") {
            text += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        text += ch;
        i++;
      }
      push('string', text, start);
      continue;
    }
    if (c === '#') {
      const close = source.indexOf('#', i + 1);
      if (close < 0) return { ok: false, error: syntax('Unterminated date', start) };
      const body = source.slice(i + 1, close);
      const ms = parseDateLiteral(body);
      if (ms === null) return { ok: false, error: syntax(`Invalid date #${body}#`, start) };
      i = close + 1;
      push('date', body, start, ms);
      continue;
    }
    if (isIdentStart(c)) {
      while (i < n && isIdentPart(source[i]!)) i++;
      push('word', source.slice(start, i), start);
      continue;
    }
    if (c === '(') {
      i++;
      push('lparen', c, start);
      continue;
    }
    if (c === ')') {
      i++;
      push('rparen', c, start);
      continue;
    }
    if (c === ',') {
      i++;
      push('comma', c, start);
      continue;
    }
    if (c === '.') {
      i++;
      push('dot', c, start);
      continue;
    }
    const two = source.slice(i, i + 2);
    if (TWO_CHAR_OPS.has(two)) {
      i += 2;
      push('op', two, start);
      continue;
    }
    if (ONE_CHAR_OPS.has(c)) {
      i++;
      push('op', c, start);
      continue;
    }
    return { ok: false, error: syntax(`Unexpected character '${c}'`, start) };
  }
  push('eof', '', n);
  return { ok: true, value: tokens };
}

/**
 * `M/D/YYYY`, optionally followed by `h:mm`, `h:mm:ss`, and `AM`/`PM`; also ISO `YYYY-MM-DD[Thh:mm[:ss]]`.
 * Interpreted in UTC. Returns epoch ms, or null when the text is not a valid calendar date.
 */
export function parseDateLiteral(raw: string): number | null {
  const text = raw.trim();
  if (text.length === 0 || text.length > 40) return null;
  let year: number;
  let month: number;
  let day: number;
  let rest: string;
  const readInt = (s: string): number | null => {
    if (s.length === 0 || s.length > 4) return null;
    for (const ch of s) if (!isDigit(ch)) return null;
    return Number(s);
  };
  const firstSpace = text.search(/[ T]/);
  const datePart = firstSpace < 0 ? text : text.slice(0, firstSpace);
  rest = firstSpace < 0 ? '' : text.slice(firstSpace + 1).trim();
  if (datePart.includes('/')) {
    const parts = datePart.split('/');
    if (parts.length !== 3) return null;
    const [m, d, y] = parts.map(readInt);
    if (m == null || d == null || y == null || parts[2]!.length !== 4) return null;
    month = m;
    day = d;
    year = y;
  } else if (datePart.includes('-')) {
    const parts = datePart.split('-');
    if (parts.length !== 3) return null;
    const [y, m, d] = parts.map(readInt);
    if (m == null || d == null || y == null || parts[0]!.length !== 4) return null;
    month = m;
    day = d;
    year = y;
  } else return null;
  let hours = 0;
  let minutes = 0;
  let seconds = 0;
  if (rest.length > 0) {
    let meridiem: 'AM' | 'PM' | null = null;
    const upper = rest.toUpperCase();
    if (upper.endsWith('AM') || upper.endsWith('PM')) {
      meridiem = upper.endsWith('AM') ? 'AM' : 'PM';
      rest = rest.slice(0, -2).trim();
    }
    if (rest.endsWith('Z')) rest = rest.slice(0, -1);
    const parts = rest.split(':');
    if (parts.length < 2 || parts.length > 3) return null;
    const [h, mi, s] = parts.map(readInt);
    if (h == null || mi == null || (parts.length === 3 && s == null)) return null;
    hours = h;
    minutes = mi;
    seconds = s ?? 0;
    if (meridiem !== null) {
      if (hours < 1 || hours > 12) return null;
      if (meridiem === 'AM' && hours === 12) hours = 0;
      if (meridiem === 'PM' && hours !== 12) hours += 12;
    }
    if (hours > 23 || minutes > 59 || seconds > 59) return null;
  }
  if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1) return null;
  const ms = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  const check = new Date(ms);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null; // e.g. 2/30/2016
  }
  return ms;
}
