import { CheckoutError } from './errors.ts';

/** Every call gives up after 60 s. */
export const FETCH_TIMEOUT_MS = 60_000;

export interface HttpRequest {
  method?: 'GET' | 'POST';
  body?: unknown;
  timeoutMs?: number;
}

interface ProviderErrorBody {
  status?: number;
  errorCode?: string;
  errorType?: string;
  message?: string;
}

/**
 * The one fetch wrapper: JSON, cors, same-origin credentials, 60 s timeout. A failed call
 * is a NETWORK_ERROR carrying the provider's message, or "Service at … is not available".
 */
export async function http<T>(url: string, request: HttpRequest = {}): Promise<T> {
  const {
    method = request.body === undefined ? 'GET' : 'POST',
    body,
    timeoutMs = FETCH_TIMEOUT_MS,
  } = request;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const serviceUnavailable = () => `Service at ${url.split('?')[0]} is not available`;
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        mode: 'cors',
        credentials: 'same-origin',
        headers: { Accept: 'application/json, text/plain, */*', 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (cause) {
      throw new CheckoutError('NETWORK_ERROR', serviceUnavailable(), { cause });
    }
    const payload = (await response.json().catch(() => undefined)) as unknown;
    if (!response.ok) {
      const error = (payload ?? {}) as ProviderErrorBody;
      throw new CheckoutError('NETWORK_ERROR', error.message ?? serviceUnavailable(), {
        cause: payload,
        ...(error.errorCode === undefined ? {} : { code: error.errorCode }),
      });
    }
    return payload as T;
  } finally {
    clearTimeout(timer);
  }
}

export const withQuery = (url: string, query: Record<string, string>) =>
  `${url}?${new URLSearchParams(query).toString()}`;
