import { z } from 'zod';
import type { PaymentStatus } from '../payments/schema.ts';

export const PAYMENT_STATUSES: readonly { value: PaymentStatus; label: string }[] = [
  { value: 'authorised', label: 'Authorised' },
  { value: 'refused', label: 'Refused' },
  { value: 'authenticating', label: 'Awaiting shopper' },
  { value: 'received', label: 'Received (pending)' },
  { value: 'cancelled', label: 'Cancelled' },
  { value: 'error', label: 'Error' },
];

const statusValues = PAYMENT_STATUSES.map((status) => status.value) as [PaymentStatus, ...PaymentStatus[]];
const blankAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUndefined, schema.optional());
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD');

/** The list's query string: every field optional, blank fields (an empty form input) ignored. */
export const paymentQuerySchema = z.object({
  q: optional(z.string().trim().max(256)),
  status: optional(z.enum(statusValues)),
  method: optional(z.string().max(64)),
  currency: optional(z.string().regex(/^[A-Z]{3}$/, 'an ISO 4217 code')),
  from: optional(day),
  to: optional(day),
  page: optional(z.coerce.number().int().min(1).max(10_000)),
});
export type PaymentQuery = z.infer<typeof paymentQuerySchema>;

/** What the repository filters on: dates as the start of `from` and the end of `to` (UTC). */
export interface PaymentFilter {
  q?: string | undefined;
  status?: PaymentStatus | undefined;
  method?: string | undefined;
  currency?: string | undefined;
  from?: Date | undefined;
  until?: Date | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function filterOf(query: PaymentQuery): PaymentFilter {
  const from = query.from ? new Date(`${query.from}T00:00:00Z`) : undefined;
  const to = query.to ? new Date(`${query.to}T00:00:00Z`) : undefined;
  return {
    q: query.q || undefined,
    status: query.status,
    method: query.method,
    currency: query.currency,
    from: from && !Number.isNaN(from.getTime()) ? from : undefined,
    until: to && !Number.isNaN(to.getTime()) ? new Date(to.getTime() + DAY_MS) : undefined,
  };
}

/** The query string of a filter (links to other pages and to the CSV keep it). */
export function queryString(
  query: PaymentQuery,
  overrides: Partial<Record<keyof PaymentQuery, string>> = {},
) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...query, ...overrides })) {
    if (value !== undefined && value !== '' && key !== 'page') params.set(key, String(value));
  }
  if (overrides.page) params.set('page', overrides.page);
  const text = params.toString();
  return text ? `?${text}` : '';
}
