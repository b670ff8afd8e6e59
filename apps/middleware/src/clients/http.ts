import { HttpError } from '@actuate/service-kit';

/**
 * Outgoing JSON calls to the other apps. A transport failure or a 5xx is an `UpstreamError`
 * (retryable; a `502 upstream-unavailable` when it reaches a client); any other answer is returned
 * with its status for the caller to interpret.
 */
export class UpstreamError extends HttpError {
  override name = 'UpstreamError';
  constructor(
    readonly service: string,
    message: string,
    /** The other app's status, when it answered. */
    readonly upstreamStatus?: number,
  ) {
    super(502, 'upstream-unavailable', message, { service });
  }
}

export interface JsonResponse<T = unknown> {
  status: number;
  body: T;
}

export interface JsonRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  body?: unknown;
  /** Sent as is, e.g. a form-encoded token request. */
  rawBody?: string;
}

export async function callJson<T = unknown>(
  service: string,
  url: string,
  request: JsonRequest,
  timeoutMs: number,
): Promise<JsonResponse<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      ...(request.rawBody !== undefined
        ? { body: request.rawBody }
        : request.body === undefined
          ? {}
          : { body: JSON.stringify(request.body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UpstreamError(service, `${service} unreachable: ${reason}`);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text.length === 0 ? undefined : JSON.parse(text);
  } catch {
    body = text;
  }
  if (response.status >= 500) {
    throw new UpstreamError(service, `${service} answered ${response.status}`, response.status);
  }
  return { status: response.status, body: body as T };
}
