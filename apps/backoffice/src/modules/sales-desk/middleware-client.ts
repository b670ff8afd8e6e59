/**
 * The middleware's sales-desk calls (quotes live in the middleware, which owns them; the back office
 * only shows them to the sales desk and sends its answers), with the middleware's operator key.
 */

export interface DeskQuoteLine {
  lineNo: number;
  productId: string;
  name: string;
  quantity: number;
  listUnitPrice: number | null;
  quotedUnitPrice: number | null;
}

export interface DeskQuote {
  id: string;
  buyerName: string;
  companyId: string;
  currency: string;
  status: string;
  message: string;
  lines: DeskQuoteLine[];
  sellerNote: string | null;
  validUntil: string | null;
  orderId: string | null;
  createdAt: string;
}

export type MiddlewareAnswer<T> = { ok: true; value: T } | { ok: false; status: number; detail: string };

const TIMEOUT_MS = 15_000;

export class QuoteDeskClient {
  constructor(private readonly settings: { baseUrl: string; apiKey: string }) {}

  private async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<MiddlewareAnswer<T>> {
    let response: Response;
    try {
      response = await fetch(`${this.settings.baseUrl.replace(/\/+$/, '')}${path}`, {
        method,
        headers: {
          'x-api-key': this.settings.apiKey,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      // Unreachable or too slow: the page says so (502) instead of failing.
      return { ok: false, status: 502, detail: 'The middleware could not be reached. Try again shortly.' };
    }
    const parsed = (await response.json().catch(() => ({}))) as T & { detail?: string };
    if (response.ok) return { ok: true, value: parsed };
    return {
      ok: false,
      status: response.status,
      detail: parsed.detail ?? `The middleware answered ${response.status}.`,
    };
  }

  list(): Promise<MiddlewareAnswer<{ items: DeskQuote[] }>> {
    return this.call('GET', '/sales-desk/quotes');
  }

  get(id: string): Promise<MiddlewareAnswer<DeskQuote>> {
    return this.call('GET', `/sales-desk/quotes/${encodeURIComponent(id)}`);
  }

  answer(
    id: string,
    answer: { lines: { lineNo: number; unitPrice: number }[]; validUntil: string; note: string },
  ): Promise<MiddlewareAnswer<DeskQuote>> {
    return this.call('POST', `/sales-desk/quotes/${encodeURIComponent(id)}/answer`, answer);
  }

  decline(id: string, note: string): Promise<MiddlewareAnswer<DeskQuote>> {
    return this.call('POST', `/sales-desk/quotes/${encodeURIComponent(id)}/decline`, { note });
  }
}
