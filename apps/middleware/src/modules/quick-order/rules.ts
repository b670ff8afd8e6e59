import {
  MAX_ITEM_NUMBER_LENGTH,
  MAX_QUICK_ORDER_QUANTITY,
  type QuickOrderLineReport,
} from '@actuate/contracts';

/*
 * The pure rules of a quick-order line: how a typed item number is read, which well-formed item
 * numbers are one edit away from it (the close matches asked of the catalogue), and whether a
 * quantity keeps a price schedule's rules. No regular expression is built from the input.
 */

/** A sales item number: one letter and five digits (`SalesItemNumber` in @actuate/contracts). */
const DIGITS = '0123456789';
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ITEM_LENGTH = 6;

/** The item number as looked up: trimmed, inner spaces and dashes dropped, upper-cased, bounded. */
export function normaliseItemNumber(typed: string): string {
  let out = '';
  for (const char of typed.slice(0, MAX_ITEM_NUMBER_LENGTH).toUpperCase()) {
    if (char !== ' ' && char !== '-' && char !== '\t') out += char;
  }
  return out;
}

export function isItemNumber(value: string): boolean {
  if (value.length !== ITEM_LENGTH || !LETTERS.includes(value[0] as string)) return false;
  for (let index = 1; index < ITEM_LENGTH; index++)
    if (!DIGITS.includes(value[index] as string)) return false;
  return true;
}

/** The characters a well-formed item number may hold at a position. */
const alphabetAt = (position: number) => (position === 0 ? LETTERS : DIGITS);

/**
 * Every well-formed item number one edit (substitution, adjacent swap, deletion or insertion) away
 * from `value`, sorted, without `value` itself: the close matches worth asking the catalogue about.
 * A six-character value has at most 25 + 5 × 9 + 5 = 75; a longer or shorter one fewer. Values that
 * are more than one character off the item length have none.
 */
export function oneEditVariants(value: string): string[] {
  const found = new Set<string>();
  const keep = (candidate: string) => {
    if (candidate !== value && isItemNumber(candidate)) found.add(candidate);
  };
  if (value.length === ITEM_LENGTH) {
    for (let position = 0; position < ITEM_LENGTH; position++) {
      for (const char of alphabetAt(position)) {
        keep(value.slice(0, position) + char + value.slice(position + 1));
      }
      if (position + 1 < ITEM_LENGTH) {
        keep(value.slice(0, position) + value[position + 1] + value[position] + value.slice(position + 2));
      }
    }
  } else if (value.length === ITEM_LENGTH + 1) {
    for (let position = 0; position < value.length; position++) {
      keep(value.slice(0, position) + value.slice(position + 1));
    }
  } else if (value.length === ITEM_LENGTH - 1) {
    for (let position = 0; position <= value.length; position++) {
      for (const char of alphabetAt(position)) keep(value.slice(0, position) + char + value.slice(position));
    }
  }
  return [...found].sort();
}

/** The parts of OrderCloud's PriceSchedule that bound a line's quantity. */
export interface QuantitySchedule {
  MinQuantity?: number | null;
  MaxQuantity?: number | null;
  RestrictedQuantity?: boolean | null;
  PriceBreaks?: { Quantity: number }[] | null;
}

/**
 * The rule a line's quantity breaks, or null: the shop's 1…9999 first, then the schedule's
 * MinQuantity, MaxQuantity and RestrictedQuantity (only the break quantities), in the platform's
 * order (`apps/platform/src/modules/pricing/quantity.ts`). QuantityMultiplier is OrderCloud's
 * reference field and bounds nothing.
 */
export function brokenQuantityRule(
  quantity: number,
  schedule: QuantitySchedule | null | undefined,
): QuickOrderLineReport['quantityRule'] {
  const min = schedule?.MinQuantity ?? null;
  const max = schedule?.MaxQuantity ?? null;
  const allowed =
    schedule?.RestrictedQuantity === true
      ? [...new Set((schedule.PriceBreaks ?? []).map((priceBreak) => priceBreak.Quantity))].sort(
          (a, b) => a - b,
        )
      : [];
  const rule = (code: 'range' | 'min' | 'max' | 'restricted') => ({ code, min, max, allowed });
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUICK_ORDER_QUANTITY) {
    return { code: 'range', min: 1, max: MAX_QUICK_ORDER_QUANTITY, allowed: [] };
  }
  if (min !== null && quantity < min) return rule('min');
  if (max !== null && quantity > max) return rule('max');
  if (schedule?.RestrictedQuantity === true && !allowed.includes(quantity)) return rule('restricted');
  return null;
}
