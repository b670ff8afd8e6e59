/*
 * The B2B order fields of the checkout: the order's comment and, per line, the requested delivery
 * date (`DateNeeded`) and cost center. The checkout sets an order-level date and cost center that
 * fill every line; a line's own value overrides them. The earliest date a line may ask for is today
 * plus the transit days of its ship method (`earliestDeliveryDay` of the contracts; the shop knows
 * no per-item lead time), checked here for a clear message and again at the pre-submit check.
 */
import { earliestDeliveryDay, isOnOrAfterDay } from '@actuate/contracts';

export const MAX_COMMENT_LENGTH = 2000;
export const MAX_COST_CENTER_LENGTH = 100;

export interface LineFieldInput {
  readonly id: string;
  /** Transit days of the ship method chosen for the line. */
  readonly transitDays: number;
}

export interface LineFieldValues {
  readonly id: string;
  /** ISO date-time at midnight UTC of the chosen day, or null for none. */
  readonly DateNeeded: string | null;
  readonly CostCenter: string | null;
}

export type OrderFieldsProblem =
  | { readonly kind: 'commentTooLong'; readonly field: 'comment' }
  | { readonly kind: 'notADate'; readonly field: string }
  | { readonly kind: 'dateTooEarly'; readonly field: string; readonly earliest: string }
  | { readonly kind: 'costCenterTooLong'; readonly field: string };

export type OrderFieldsResult =
  | { readonly ok: true; readonly comment: string | null; readonly lines: readonly LineFieldValues[] }
  | { readonly ok: false; readonly problem: OrderFieldsProblem };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Whether `YYYY-MM-DD` names a real calendar day. */
function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The form's field names of a line's date and cost center. */
export const lineFieldNames = (lineId: string) => ({
  date: `dateNeeded-${lineId}`,
  costCenter: `costCenter-${lineId}`,
});

/**
 * The values to write from the form: `read(name)` gives a field's trimmed text. A line's empty field
 * takes the order-level value; an empty order-level value leaves the line without one.
 */
export function resolveOrderFields(
  read: (name: string) => string,
  lines: readonly LineFieldInput[],
  today: Date,
): OrderFieldsResult {
  const comment = read('comment');
  if (comment.length > MAX_COMMENT_LENGTH) {
    return { ok: false, problem: { kind: 'commentTooLong', field: 'comment' } };
  }
  const values: LineFieldValues[] = [];
  for (const line of lines) {
    const names = lineFieldNames(line.id);
    const [dateField, day] = read(names.date)
      ? [names.date, read(names.date)]
      : ['dateNeeded', read('dateNeeded')];
    const [costField, costCenter] = read(names.costCenter)
      ? [names.costCenter, read(names.costCenter)]
      : ['costCenter', read('costCenter')];
    if (day && !isDay(day)) return { ok: false, problem: { kind: 'notADate', field: dateField } };
    const earliest = earliestDeliveryDay(today, line.transitDays);
    if (day && !isOnOrAfterDay(day, earliest)) {
      return { ok: false, problem: { kind: 'dateTooEarly', field: dateField, earliest } };
    }
    if (costCenter.length > MAX_COST_CENTER_LENGTH) {
      return { ok: false, problem: { kind: 'costCenterTooLong', field: costField } };
    }
    values.push({
      id: line.id,
      DateNeeded: day ? `${day}T00:00:00.000Z` : null,
      CostCenter: costCenter || null,
    });
  }
  return { ok: true, comment: comment || null, lines: values };
}

/**
 * The order-level value the form shows: the one every line shares, else empty (the lines differ and
 * show their own).
 */
export function sharedValue(values: readonly (string | null | undefined)[]): string {
  const first = values[0] ?? '';
  return values.every((value) => (value ?? '') === first) ? first : '';
}

/** `YYYY-MM-DD` of a stored DateNeeded (empty for none). */
export const dayOf = (dateNeeded: string | null | undefined): string =>
  dateNeeded ? dateNeeded.slice(0, 10) : '';
