/** fast-check generators shared by the tests (not exported from the package). */
import fc from 'fast-check';

export const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const LOWER = 'abcdefghijklmnopqrstuvwxyz';
export const DIGITS = '0123456789';

/** Exactly `length` characters drawn from `alphabet`. */
export function charsOf(alphabet: string, minLength: number, maxLength = minLength): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength });
}

/** Inserts one character from `chars` at a random position of strings from `base`. */
export function withInserted(base: fc.Arbitrary<string>, chars: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.tuple(base, chars, fc.nat()).map(([text, char, at]) => {
    const index = at % (text.length + 1);
    return text.slice(0, index) + char + text.slice(index);
  });
}

/** Characters that are neither ASCII letters nor digits. */
export const symbol = fc.constantFrom(
  ' ',
  '-',
  '_',
  '.',
  '/',
  '@',
  '#',
  '+',
  ':',
  '!',
  'æ',
  'é',
  'Ø',
  '٣',
  '\n',
);

/** Integers in [min, max] except `excluded`. */
export function lengthOtherThan(excluded: number, min = 0, max = 24): fc.Arbitrary<number> {
  return fc.integer({ min, max }).filter((length) => length !== excluded);
}

/** A valid instant between year 1 and 9999. */
export const instant = fc.date({
  min: new Date('0001-01-02T00:00:00Z'),
  max: new Date('9999-12-30T00:00:00Z'),
  noInvalidDate: true,
});

/** An offset in minutes that RFC 3339 allows (±23:59). */
export const offsetMinutes = fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 });

/** Formats an instant as the local time at `offset` minutes, with that offset (`Z` when asked). */
export function formatWithOffset(
  date: Date,
  offset: number,
  options: { zulu: boolean; millis: boolean },
): string {
  const local = new Date(date.getTime() + offset * 60_000).toISOString();
  const withoutZone = options.millis ? local.slice(0, -1) : local.slice(0, 19);
  if (options.zulu && offset === 0) return `${withoutZone}Z`;
  const sign = offset < 0 ? '-' : '+';
  const magnitude = Math.abs(offset);
  const hours = String(Math.floor(magnitude / 60)).padStart(2, '0');
  const minutes = String(magnitude % 60).padStart(2, '0');
  return `${withoutZone}${sign}${hours}:${minutes}`;
}

/** ISO date-times with an offset, in every shape the contract accepts. */
export const isoDateTimeWithOffset = fc
  .record({
    date: instant,
    offset: fc.oneof(fc.constant(0), offsetMinutes),
    zulu: fc.boolean(),
    millis: fc.boolean(),
  })
  .map(({ date, offset, zulu, millis }) => formatWithOffset(date, offset, { zulu, millis }));
