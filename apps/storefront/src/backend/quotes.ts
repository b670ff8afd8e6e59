import { getConfig } from '../config';

/*
 * Quotes through the middleware, always with the buyer's platform token: the middleware decides
 * from the token whose quotes these are, reads the cart for a request and writes the quote's cart
 * on accept. Amounts are minor units.
 */

export interface QuoteLine {
  readonly lineNo: number;
  readonly productId: string;
  readonly name: string;
  readonly quantity: number;
  readonly listUnitPrice: number | null;
  readonly quotedUnitPrice: number | null;
}

export type QuoteStatus = 'requested' | 'quoted' | 'accepted' | 'declined' | 'expired' | 'ordered';

export interface Quote {
  readonly id: string;
  readonly currency: string;
  readonly status: QuoteStatus;
  readonly message: string;
  readonly lines: readonly QuoteLine[];
  readonly sellerNote: string | null;
  readonly validUntil: string | null;
  readonly orderId: string | null;
  readonly createdAt: string;
}

const TIMEOUT_MS = 30_000;

function call(token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const { middlewareUrl, middlewareApiKey } = getConfig();
  return fetch(`${middlewareUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      'x-api-key': middlewareApiKey,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    cache: 'no-store',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

/** A refusal's problem code (`urn:actuate:problem:<code>`), or the status when there is none. */
export type QuoteCall<T> = { ok: true; value: T } | { ok: false; code: string };

async function answer<T>(response: Response): Promise<QuoteCall<T>> {
  const body = (await response.json().catch(() => ({}))) as T & { type?: string };
  if (response.ok) return { ok: true, value: body };
  if (response.status >= 500) throw new Error(`middleware answered ${response.status}`);
  const code = typeof body.type === 'string' ? body.type.replace('urn:actuate:problem:', '') : '';
  return { ok: false, code: code || String(response.status) };
}

export async function listQuotes(token: string): Promise<readonly Quote[]> {
  const response = await call(token, '/quotes');
  if (!response.ok) throw new Error(`middleware GET /quotes answered ${response.status}`);
  return ((await response.json()) as { items: Quote[] }).items;
}

/** The buyer's quote; undefined when it is not theirs or does not exist. */
export async function getQuote(token: string, id: string): Promise<Quote | undefined> {
  const response = await call(token, `/quotes/${encodeURIComponent(id)}`);
  if (response.status === 404 || response.status === 400) return undefined;
  if (!response.ok) throw new Error(`middleware GET /quotes/:id answered ${response.status}`);
  return (await response.json()) as Quote;
}

export async function requestQuote(token: string, message: string): Promise<QuoteCall<Quote>> {
  return answer(await call(token, '/quotes', { method: 'POST', body: { message } }));
}

export async function acceptQuote(token: string, id: string): Promise<QuoteCall<{ cartId: string }>> {
  return answer(await call(token, `/quotes/${encodeURIComponent(id)}/accept`, { method: 'POST' }));
}

export async function declineQuote(token: string, id: string): Promise<QuoteCall<Quote>> {
  return answer(await call(token, `/quotes/${encodeURIComponent(id)}/decline`, { method: 'POST' }));
}
