/**
 * Outbound deliveries (webhooks, notifications, callbacks): one HTTP attempt with a deadline whose
 * every outcome is a value, and the pg-boss policy that retries them with back-off. Each app keeps
 * its own record of attempts (its tables); how one attempt goes and how retries are spaced is here.
 */
import type { QueueDefinition } from './jobs.ts';

type QueueOptions = NonNullable<QueueDefinition['options']>;

/** How long a receiver may take to answer before the attempt counts as failed. */
export const DELIVERY_TIMEOUT_MS = 10_000;

export interface DeliveryAttempt {
  /** A 2xx answer. */
  delivered: boolean;
  /** The receiver's HTTP status; null when no answer came (refused, reset, timed out). */
  statusCode: number | null;
  /** Why the attempt failed (`HTTP 503`, the network error's message); null when delivered. */
  error: string | null;
  /** The answer's body as text ('' when there was none). */
  responseText: string;
  durationMs: number;
}

/** POSTs a body once; never throws: a network failure or non-2xx answer is a failed attempt. */
export async function attemptDelivery(
  url: string,
  request: { body: string; headers: Record<string, string>; timeoutMs?: number },
): Promise<DeliveryAttempt> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...request.headers },
      body: request.body,
      signal: AbortSignal.timeout(request.timeoutMs ?? DELIVERY_TIMEOUT_MS),
    });
    const responseText = await response.text().catch(() => '');
    return {
      delivered: response.ok,
      statusCode: response.status,
      error: response.ok ? null : `HTTP ${response.status}`,
      responseText,
      durationMs: elapsed(),
    };
  } catch (cause) {
    const error = cause instanceof Error ? cause.message : String(cause);
    return { delivered: false, statusCode: null, error, responseText: '', durationMs: elapsed() };
  }
}

/** Whether a failed attempt was the last one the retry policy allows. */
export const isLastAttempt = (attemptsBefore: number, retryLimit: number) => attemptsBefore + 1 > retryLimit;

/**
 * The retry policy of a delivery queue: exponential back-off up to `retryDelayMaxSeconds`; with an
 * `orderKey` (pg-boss `key_strict_fifo`) a failing delivery holds back the later ones of its key.
 */
export function deliveryQueueOptions(settings: {
  retryLimit: number;
  retryDelaySeconds: number;
  retryDelayMaxSeconds: number;
  ordered?: boolean;
}): QueueOptions {
  return {
    ...(settings.ordered ? { policy: 'key_strict_fifo' as const } : {}),
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: settings.retryDelayMaxSeconds,
  };
}
