/**
 * Every date in the world is derived from the `asOf` option, never from the clock, so the same
 * options give the same world on any day.
 */

const DAY_MS = 86_400_000;

/** Parses the asOf option; it must be an ISO date-time with an offset. */
export function parseAsOf(asOf: string): number {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(asOf)) {
    throw new RangeError(`asOf must be an ISO date-time with offset, got "${asOf}"`);
  }
  const time = Date.parse(asOf);
  if (Number.isNaN(time)) throw new RangeError(`asOf is not a valid date: "${asOf}"`);
  return time;
}

/** ISO date-time in UTC without milliseconds, e.g. 2026-01-01T00:00:00Z. */
export function isoDateTime(time: number): string {
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** asOf shifted by whole days (negative = earlier), as an ISO date-time. */
export function daysFrom(asOfTime: number, days: number): string {
  return isoDateTime(asOfTime + days * DAY_MS);
}
