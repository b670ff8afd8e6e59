/*
 * Subscription schedules: reading and checking the form, and the order dates a schedule produces.
 * Pure functions, unit-tested. A subscription runs once every Frequency × Interval (OrderCloud),
 * starting at NextOrderDate, until EndDate (none: it never ends).
 */
import { isoDay } from '../orders/filters';

export const SUBSCRIPTION_INTERVALS = ['Days', 'Weeks', 'Months'] as const;
export type SubscriptionInterval = (typeof SUBSCRIPTION_INTERVALS)[number];

export const MAX_FREQUENCY = 365;

export interface ScheduleInput {
  readonly frequency: number;
  readonly interval: SubscriptionInterval;
  /** First (or next) order day, `YYYY-MM-DD`. */
  readonly nextOrderDate: string;
  /** Last day on which an order may be placed, `YYYY-MM-DD`, or none. */
  readonly endDate?: string;
}

export type ScheduleField = 'frequency' | 'interval' | 'nextOrderDate' | 'endDate';
export type ScheduleProblem =
  | 'frequencyInvalid'
  | 'intervalInvalid'
  | 'dateInvalid'
  | 'dateInPast'
  | 'endDateInvalid'
  | 'endBeforeStart';

export type ScheduleResult =
  | { readonly ok: true; readonly schedule: ScheduleInput }
  | { readonly ok: false; readonly problems: Partial<Record<ScheduleField, ScheduleProblem>> };

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * Reads and checks a schedule form. `today` (`YYYY-MM-DD`) is the earliest allowed order day; pass
 * undefined to allow a date in the past (editing a subscription that keeps its date).
 */
export function parseScheduleForm(form: FormData, today: string | undefined): ScheduleResult {
  const problems: Partial<Record<ScheduleField, ScheduleProblem>> = {};
  const frequencyText = text(form, 'frequency');
  const frequency = /^\d{1,3}$/.test(frequencyText) ? Number(frequencyText) : Number.NaN;
  if (!(frequency >= 1 && frequency <= MAX_FREQUENCY)) problems.frequency = 'frequencyInvalid';
  const intervalText = text(form, 'interval');
  const interval = (SUBSCRIPTION_INTERVALS as readonly string[]).includes(intervalText)
    ? (intervalText as SubscriptionInterval)
    : undefined;
  if (!interval) problems.interval = 'intervalInvalid';
  const nextOrderDate = isoDay(text(form, 'nextOrderDate'));
  if (!nextOrderDate) problems.nextOrderDate = 'dateInvalid';
  else if (today && nextOrderDate < today) problems.nextOrderDate = 'dateInPast';
  const endText = text(form, 'endDate');
  const endDate = endText ? isoDay(endText) : undefined;
  if (endText && !endDate) problems.endDate = 'endDateInvalid';
  else if (endDate && nextOrderDate && endDate < nextOrderDate) problems.endDate = 'endBeforeStart';
  if (Object.keys(problems).length > 0 || !interval || !nextOrderDate) return { ok: false, problems };
  return { ok: true, schedule: { frequency, interval, nextOrderDate, ...(endDate && { endDate }) } };
}

/** `day` (`YYYY-MM-DD`) moved by `count` intervals; months keep the day, clamped to the month's end. */
export function addInterval(day: string, interval: SubscriptionInterval, count: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  if (interval === 'Months') {
    const targetMonth = month - 1 + count;
    const lastDay = new Date(Date.UTC(year, targetMonth + 1, 0)).getUTCDate();
    return new Date(Date.UTC(year, targetMonth, Math.min(date, lastDay))).toISOString().slice(0, 10);
  }
  const days = interval === 'Weeks' ? 7 * count : count;
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The next `count` order days of a schedule (fewer when it ends before). */
export function upcomingOrderDates(schedule: ScheduleInput, count: number): string[] {
  const dates: string[] = [];
  for (let index = 0; dates.length < count && index < count * 2; index++) {
    const day = addInterval(schedule.nextOrderDate, schedule.interval, index * schedule.frequency);
    if (schedule.endDate && day > schedule.endDate) break;
    dates.push(day);
  }
  return dates;
}

/** The platform's date-time for a day: noon UTC, so the day is the same in every European zone. */
export function dayToDateTime(day: string): string {
  return `${day}T12:00:00.000Z`;
}

/** The `YYYY-MM-DD` of a platform date-time (for form defaults). */
export function dateTimeToDay(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

/** Today as `YYYY-MM-DD` (UTC). */
export function todayDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}
