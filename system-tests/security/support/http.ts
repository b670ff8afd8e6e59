/** One HTTP exchange as the suite sees it. */
export interface Exchange {
  method: string;
  url: string;
  status: number;
  text: string;
  ms: number;
  /** Text of what was sent (path, query and body), to tell echoed input from leaked data. */
  sent: string;
}

export interface SendOptions {
  headers?: Record<string, string>;
  /** A value is JSON-encoded; a string is sent as is. */
  body?: unknown;
  contentType?: string;
  timeoutMs?: number;
}

/** Sends one request; a network failure or time-out is status 0 with the reason as text. */
export async function send(method: string, url: string, options: SendOptions = {}): Promise<Exchange> {
  const headers: Record<string, string> = { ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined && method !== 'GET' && method !== 'HEAD') {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['content-type'] = options.contentType ?? 'application/json';
  }
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    return {
      method,
      url,
      status: response.status,
      text,
      ms: performance.now() - started,
      sent: url + (body ?? ''),
    };
  } catch (error) {
    const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { method, url, status: 0, text, ms: performance.now() - started, sent: url + (body ?? '') };
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const bearer = (token: string | undefined): Record<string, string> =>
  token ? { authorization: `Bearer ${token}` } : {};

/** Runs tasks with at most `limit` in flight. */
export async function pool<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
