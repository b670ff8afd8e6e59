import { http, withQuery } from './http.ts';
import { safeStorage } from './storage.ts';

export const ANALYTICS_VERSION = '6.5.1';
/** A checkout attempt id is reused for 15 minutes; info events wait 10 s to be batched. */
export const CHECKOUT_ATTEMPT_ID_TTL_MS = 900_000;
export const ANALYTICS_FLUSH_DELAY_MS = 10_000;
const STORAGE_KEY = 'actuate-checkout__attempt-id';

export interface AnalyticsEvent {
  component?: string;
  type: string;
  target?: string;
  message?: string;
  code?: string;
  timestamp?: string;
  [key: string]: unknown;
}

type EventKind = 'info' | 'logs' | 'errors';

/** `analytics` of `createCheckout`: `enabled: false` sends nothing at all. */
export interface AnalyticsOptions {
  enabled?: boolean;
  /** Which build the merchant uses; reported in the set-up call. */
  buildType?: 'npm' | 'standalone';
}

/**
 * Analytics events. Unlike Adyen Web, a disabled analytics module sends nothing at all;
 * a failure only logs a warning and never affects the payment.
 */
export class Analytics {
  private attemptId: Promise<string | undefined> | undefined;
  private queue: Record<EventKind, AnalyticsEvent[]> = { info: [], logs: [], errors: [] };
  private flushTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly loadingContext: string,
    private readonly clientKey: string,
    private readonly locale: string,
    private readonly options: AnalyticsOptions = {},
  ) {}

  get enabled() {
    return this.options.enabled !== false;
  }

  /** The checkout attempt id, created once and kept for 15 minutes in session storage. */
  checkoutAttemptId(): Promise<string | undefined> {
    if (!this.enabled) return Promise.resolve(undefined);
    this.attemptId ??= this.fetchAttemptId();
    return this.attemptId;
  }

  private async fetchAttemptId(): Promise<string | undefined> {
    const storage = safeStorage('session');
    try {
      const stored = JSON.parse(storage.getItem(STORAGE_KEY) ?? 'null') as {
        id: string;
        timestamp: number;
      } | null;
      if (stored && Date.now() - stored.timestamp < CHECKOUT_ATTEMPT_ID_TTL_MS) return stored.id;
    } catch {
      /* unreadable entry: fetch a new id */
    }
    try {
      const response = await http<{ checkoutAttemptId?: string }>(
        withQuery(`${this.loadingContext}v3/analytics`, { clientKey: this.clientKey }),
        {
          body: {
            version: ANALYTICS_VERSION,
            channel: 'Web',
            platform: 'Web',
            buildType: this.options.buildType ?? 'npm',
            locale: this.locale,
            referrer: window.location.href,
            screenWidth: window.screen?.width ?? 0,
          },
        },
      );
      if (response.checkoutAttemptId) {
        storage.setItem(
          STORAGE_KEY,
          JSON.stringify({ id: response.checkoutAttemptId, timestamp: Date.now() }),
        );
      }
      return response.checkoutAttemptId;
    } catch (error) {
      console.warn(
        'Actuate checkout: could not get a checkout attempt id; analytics is off for this page.',
        error,
      );
      return undefined;
    }
  }

  /** Info events are batched for 10 s; logs and errors go at once. */
  send(kind: EventKind, event: AnalyticsEvent): void {
    if (!this.enabled) return;
    this.queue[kind].push({ timestamp: String(Date.now()), ...event });
    if (kind === 'info') {
      this.flushTimer ??= setTimeout(() => void this.flush(), ANALYTICS_FLUSH_DELAY_MS);
    } else {
      void this.flush();
    }
  }

  async flush(): Promise<void> {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
    const batch = this.queue;
    this.queue = { info: [], logs: [], errors: [] };
    if (batch.info.length + batch.logs.length + batch.errors.length === 0) return;
    const attemptId = await this.checkoutAttemptId();
    if (!attemptId) return;
    try {
      await http(
        withQuery(`${this.loadingContext}v3/analytics/${attemptId}`, { clientKey: this.clientKey }),
        {
          body: { channel: 'Web', platform: 'Web', ...batch },
        },
      );
    } catch (error) {
      console.warn('Actuate checkout: analytics events were not sent.', error);
    }
  }

  destroy(): void {
    clearTimeout(this.flushTimer);
    this.flushTimer = undefined;
  }
}
