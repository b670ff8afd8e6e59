import fc from 'fast-check';
import { arbitraryOf, type Operation, pathParameters } from './openapi.ts';

/**
 * Raw (already percent-encoded) path segments that break naive decoders: NUL, a lone UTF-16 surrogate as
 * UTF-8 bytes, overlong UTF-8, malformed escapes, traversal, huge and odd numbers, prototype names.
 */
export const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%80',
  '%ZZ',
  '%',
  '%E0%A4%A',
  '..%2F..%2Fetc%2Fpasswd',
  '-1',
  '0',
  'NaN',
  '1e309',
  '9'.repeat(400),
  '__proto__',
  'constructor',
  'toString',
  'x'.repeat(10_240),
  '%27%20OR%201%3D1--',
  '*'.repeat(40),
];

/** Decoded string values for queries and bodies. */
export const HOSTILE_STRINGS = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  'x'.repeat(10_240),
  '-1',
  'NaN',
  'Infinity',
  '1e309',
  '-9'.repeat(200),
  '__proto__',
  'constructor',
  "' OR '1'='1",
  `${'*'.repeat(30)}QQ`,
  '!*a*|*b*',
  '<script>alert(1)</script>',
  ['$', '{7*7}'].join(''),
  '\r\nX-Injected: 1',
  '\\',
];

/** Query keys that collide with Object.prototype or the list engine's own names. */
export const HOSTILE_KEYS = [
  'constructor',
  '__proto__',
  'toString',
  'hasOwnProperty',
  'valueOf',
  'xp.__proto__.polluted',
  'xp.constructor.prototype',
  'sortBy',
  'search',
  'searchOn',
  'page',
  'pageSize',
  'filters',
  'Name',
  'xp.Facets.voltage',
];

export const HOSTILE_NUMBERS = [-1, 0, -0, 1e15, 1e308, -1e308, 2 ** 53 + 1, 0.1, Number.MAX_SAFE_INTEGER];

/** Bodies sent as raw text: malformed JSON, lone surrogates escaped, deep nesting, huge numbers. */
export const HOSTILE_RAW_BODIES = [
  '{"a":',
  '{"a":"\\ud800"}',
  '{"ID":"x\\u0000y"}',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`,
  '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}}}',
  '{"Quantity":1e400,"Amount":-1e400}',
  'null',
  '[]',
  '"text"',
  '12',
  `{"x":"${'y'.repeat(200_000)}"}`,
];

export interface FuzzRequest {
  method: string;
  /** Path and query, already encoded. */
  target: string;
  body?: string;
  contentType?: string;
}

const segment = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
  {
    weight: 2,
    arbitrary: fc
      .string({ maxLength: 30 })
      .map((value) => encodeURIComponent(value.replace(/[\ud800-\udfff]/g, 'x'))),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'acme-dk',
      'bauer-de',
      'ADK-100001',
      'B10001',
      'All',
      'Outgoing',
      'DKK',
      'EUR',
    ),
  },
);

const queryValue = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS.map(String)),
  fc.string({ maxLength: 20 }),
);

/** Percent-encodes what can be encoded; lone surrogates go out as their UTF-8 bytes the way a raw client would. */
/** A generated value as query text; objects (some without a prototype, so no String()) as JSON. */
const asText = (value: unknown): string =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

export function encodeLoosely(value: string): string {
  return [...value]
    .map((character) => {
      const code = character.charCodeAt(0);
      if (code >= 0xd800 && code <= 0xdfff)
        return `%ED%${(0xa0 + ((code >> 6) & 0x1f)).toString(16).toUpperCase()}%${(0x80 + (code & 0x3f)).toString(16).toUpperCase()}`;
      return encodeURIComponent(character);
    })
    .join('');
}

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.constantFrom(...HOSTILE_NUMBERS),
  fc.constantFrom(null, true, [], {}, [[[[[]]]]]),
);

/** Replaces some leaves of a generated body with hostile values. */
function poison(value: unknown, random: () => number): unknown {
  if (random() < 0.15)
    return fc.sample(hostileValue, { numRuns: 1, seed: Math.floor(random() * 2 ** 31) })[0];
  if (Array.isArray(value)) return value.map((item) => poison(item, random));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as object).map(([key, inner]) => [key, poison(inner, random)]),
    );
  }
  return value;
}

/** Plausible path values (the fuzzer's own company and user among them), so one hostile part reaches the handler. */
const PLAIN_SEGMENTS = [
  'hold-dk',
  'hold-dk-dan',
  'All',
  'Outgoing',
  'DKK',
  'EUR',
  'ADK-100001',
  'B10001',
  'x',
];

/**
 * One fuzzed request for an operation. Each request is mostly plain with one hostile part (a path segment,
 * a query key or value, the body), so the hostile part reaches the code behind validation of the others.
 */
export function fuzzRequest(operation: Operation, seed: number): FuzzRequest {
  let state = seed >>> 0 || 1;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) >>> 0;
    return state / 2 ** 32;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const sample = <T>(arbitrary: fc.Arbitrary<T>): T =>
    fc.sample(arbitrary, { numRuns: 1, seed: Math.floor(random() * 2 ** 31) })[0] as T;
  const names = pathParameters(operation);
  const queryParameters = operation.parameters.filter((candidate) => candidate.in === 'query');
  const withBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  const kinds = ['segment', 'query-key', 'query-value', 'query-schema', 'percent'];
  if (withBody) kinds.push('body', 'body', 'raw-body');
  if (!names.length) kinds.splice(kinds.indexOf('segment'), 1);
  const kind = pick(kinds);

  const hostileName = kind === 'segment' ? pick(names) : undefined;
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    name === hostileName ? (random() < 0.7 ? pick(HOSTILE_SEGMENTS) : sample(segment)) : pick(PLAIN_SEGMENTS),
  );
  const query: string[] = [];
  if (kind === 'query-key')
    query.push(
      `${encodeLoosely(pick(HOSTILE_KEYS))}=${encodeLoosely(random() < 0.5 ? '1' : pick(HOSTILE_STRINGS))}`,
    );
  if (kind === 'query-value') {
    const name = queryParameters.length && random() < 0.7 ? pick(queryParameters).name : pick(HOSTILE_KEYS);
    query.push(`${encodeLoosely(name)}=${encodeLoosely(sample(queryValue))}`);
  }
  if (kind === 'query-schema') {
    for (const parameter of queryParameters) {
      if (random() < 0.5) continue;
      const schema = typeof parameter.schema === 'object' ? parameter.schema : undefined;
      query.push(`${encodeLoosely(parameter.name)}=${encodeLoosely(asText(sample(arbitraryOf(schema))))}`);
    }
  }
  if (kind === 'percent') query.push(pick(['%ZZ=1', 'a=%E0%A4%A', 'a=%', 'Name=%00', 'search=%ED%A0%80']));
  const target = query.length ? `${path}?${query.join('&')}` : path;
  if (!withBody) return { method: operation.method, target };
  if (kind === 'raw-body') {
    return random() < 0.15
      ? {
          method: operation.method,
          target,
          body: 'a=1&b=%00',
          contentType: 'application/x-www-form-urlencoded',
        }
      : { method: operation.method, target, body: pick(HOSTILE_RAW_BODIES) };
  }
  const shaped = sample(arbitraryOf(operation.body));
  const body = kind === 'body' ? poison(shaped, random) : shaped;
  return { method: operation.method, target, body: JSON.stringify(body) ?? 'null' };
}
