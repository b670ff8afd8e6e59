import type { QuickOrderAddResult, QuickOrderLine, QuickOrderReport } from '@actuate/contracts';
import { getConfig } from '../config';

/*
 * Quick order and exports through the middleware, always with the buyer's platform token: the
 * middleware reads the buyer's catalogue, item states and quantity rules from the platform as that
 * buyer, and writes the cart with the same token. The storefront only parses what the buyer typed.
 */

const TIMEOUT_MS = 30_000;

function call(token: string, path: string, init: { method?: string; body?: unknown; key?: string } = {}) {
  const { middlewareUrl, middlewareApiKey } = getConfig();
  return fetch(`${middlewareUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      'x-api-key': middlewareApiKey,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.key ? { 'idempotency-key': init.key } : {}),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    cache: 'no-store',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

/** The middleware's report on every line; throws when it cannot answer. */
export async function checkQuickOrder(token: string, lines: QuickOrderLine[]): Promise<QuickOrderReport> {
  const response = await call(token, '/quick-order/check', { method: 'POST', body: { lines } });
  if (!response.ok) throw new Error(`middleware POST /quick-order/check answered ${response.status}`);
  return (await response.json()) as QuickOrderReport;
}

/** Adds the lines the middleware finds ok to the cart, once per key; throws when it cannot answer. */
export async function addQuickOrder(
  token: string,
  lines: QuickOrderLine[],
  idempotencyKey: string,
): Promise<QuickOrderAddResult> {
  const response = await call(token, '/quick-order/add', {
    method: 'POST',
    body: { lines },
    key: idempotencyKey,
  });
  if (!response.ok) throw new Error(`middleware POST /quick-order/add answered ${response.status}`);
  return (await response.json()) as QuickOrderAddResult;
}

/** The order (or cart) as CSV or PDF in the locale's language, as the middleware answered it. */
export function fetchOrderExport(
  token: string,
  orderId: string,
  format: 'csv' | 'pdf',
  locale: string,
): Promise<Response> {
  const query = new URLSearchParams({ format, locale });
  return call(token, `/orders/${encodeURIComponent(orderId)}/export?${query}`);
}
