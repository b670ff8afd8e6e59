import type { LineItem } from 'ordercloud-javascript-sdk';

/*
 * Small rules of the order pages (detail and confirmation): what a line's amounts are, when the
 * expected ship date still means something, when a delivery is expected, and how a payment
 * transaction's result reads without saying the same word twice.
 */

export interface LineAmounts {
  /** Unit price × quantity. */
  readonly subtotal: number;
  /** The line's promotion discount (0 when none). */
  readonly discount: number;
  /** What the line costs: subtotal − discount, the platform's LineTotal. */
  readonly total: number;
}

export function lineAmounts(
  line: Pick<LineItem, 'LineSubtotal' | 'LineTotal' | 'PromotionDiscount' | 'UnitPrice' | 'Quantity'>,
): LineAmounts {
  const subtotal = line.LineSubtotal ?? (line.UnitPrice ?? 0) * (line.Quantity ?? 0);
  const discount = Math.max(0, line.PromotionDiscount ?? 0);
  const total = line.LineTotal ?? Math.round((subtotal - discount) * 100) / 100;
  return { subtotal, discount, total };
}

/** Once the goods have left (or the order is cancelled) an "expected to ship" date is history. */
export function showsExpectedShipDate(webShopStatus: string | null | undefined): boolean {
  return !['Shipped', 'Invoiced', 'Cancelled'].includes(webShopStatus ?? '');
}

/**
 * The day a delivery is expected: `transitDays` business days (Monday to Friday) after the day it
 * ships (the confirmed ship date, else the day the order was placed). `YYYY-MM-DD`, or undefined.
 */
export function expectedDeliveryDay(
  shipsOn: string | null | undefined,
  transitDays: number | null | undefined,
): string | undefined {
  if (!shipsOn || transitDays === null || transitDays === undefined || transitDays < 0) return undefined;
  const date = new Date(shipsOn.length === 10 ? `${shipsOn}T12:00:00Z` : shipsOn);
  if (Number.isNaN(date.getTime())) return undefined;
  let left = Math.floor(transitDays);
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return date.toISOString().slice(0, 10);
}

/**
 * A transaction's result: the succeeded/failed word, and the provider's message only when it adds
 * something (a provider that answers "Succeeded" or "Authorised" would otherwise read twice).
 */
export function transactionResult(
  succeeded: boolean | null | undefined,
  message: string | null | undefined,
  words: { readonly succeeded: string; readonly failed: string },
): string {
  const word = succeeded ? words.succeeded : words.failed;
  const extra = message?.trim();
  if (!extra) return word;
  const plain = extra.toLowerCase();
  // The middleware writes "Succeeded" / "Failed" when the gateway gave no reason: in any locale
  // those only repeat the word shown.
  const generic = succeeded
    ? ['succeeded', 'success', 'successful', 'approved', 'authorised', 'authorized', 'ok']
    : ['failed', 'failure'];
  if (plain === word.toLowerCase() || generic.includes(plain)) return word;
  return `${word} — ${extra}`;
}
