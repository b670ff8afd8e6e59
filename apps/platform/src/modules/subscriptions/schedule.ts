import type { INTERVALS } from './models.ts';

/**
 * Failed runs are retried while NextOrderDate is at most this many hours in the past
 * (docs/domain.md#subscriptions).
 */
export const RUN_WINDOW_HOURS = 5;
/** A claim on a run older than this is taken over (the instance that held it is gone). */
export const CLAIM_TIMEOUT_MS = 10 * 60_000;

/** NextOrderDate advanced by Frequency × Interval; months keep the day, clamped to the month's end. */
export function advance(from: Date, frequency: number, interval: (typeof INTERVALS)[number]): Date {
  if (interval === 'Days') return new Date(from.getTime() + frequency * 86_400_000);
  if (interval === 'Weeks') return new Date(from.getTime() + frequency * 7 * 86_400_000);
  const next = new Date(from.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + frequency);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}
