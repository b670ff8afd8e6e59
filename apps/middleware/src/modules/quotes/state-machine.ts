/**
 * The life of a quote: the buyer requests it, the sales desk prices it, the buyer accepts or declines
 * it, and an accepted quote is used by exactly one order. A quote past its validity date that was
 * not used is expired, whatever it was before (quoted or accepted).
 */
export const QUOTE_STATUSES = ['requested', 'quoted', 'accepted', 'declined', 'expired', 'ordered'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

export type QuoteEvent = 'quote' | 'accept' | 'decline' | 'expire' | 'order';

const TRANSITIONS: Record<QuoteStatus, Partial<Record<QuoteEvent, QuoteStatus>>> = {
  requested: { quote: 'quoted', decline: 'declined' },
  quoted: { accept: 'accepted', decline: 'declined', expire: 'expired' },
  accepted: { order: 'ordered', expire: 'expired' },
  declined: {},
  expired: {},
  ordered: {},
};

/** The status after an event, or null when the event is not allowed from this status. */
export function nextStatus(status: QuoteStatus, event: QuoteEvent): QuoteStatus | null {
  return TRANSITIONS[status][event] ?? null;
}

/** The validity date is the last day the quote can be used (inclusive, UTC). */
export function isPastValidity(validUntil: string | null, now: Date): boolean {
  return validUntil !== null && now.toISOString().slice(0, 10) > validUntil;
}

/** The status as of now: a quote whose validity date has passed is expired unless it was used or closed. */
export function currentStatus(status: QuoteStatus, validUntil: string | null, now: Date): QuoteStatus {
  if (isPastValidity(validUntil, now) && nextStatus(status, 'expire')) return 'expired';
  return status;
}
