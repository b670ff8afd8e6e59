import { randomUUID } from 'node:crypto';
import type { Database } from '@actuate/service-kit';
import type { Merchant } from '../merchants/service.ts';
import {
  type AnalyticsAttemptRow,
  type AnalyticsEventKind,
  type AnalyticsEventRow,
  deleteOlderThan,
  findAttempt,
  insertAttempt,
  insertEvents,
  listAttempts,
  listEventsOf,
} from './analytics-repository.ts';

const DAY_MS = 86_400_000;
/** Old events are swept on write, at most this often (one instance's clock; cheap with the index). */
const SWEEP_INTERVAL_MS = 60_000;

export interface AttemptWithEvents extends AnalyticsAttemptRow {
  events: AnalyticsEventRow[];
}

/**
 * The widget's analytics, kept per merchant for the dashboard: a checkout attempt (set-up facts) and
 * the info, error and log events the widget queued for it. Kept `retentionDays`, then deleted.
 */
export class AnalyticsService {
  private lastSweep = 0;

  constructor(
    private readonly db: Database,
    private readonly retentionDays: number,
  ) {}

  async startAttempt(merchant: Merchant, setup: Record<string, unknown>, now: Date): Promise<string> {
    await this.sweep(now);
    // The reference's ids are a UUID with a time suffix; ours look the same.
    const checkoutAttemptId = `${randomUUID()}${now.getTime().toString(36)}`;
    await insertAttempt(this.db, {
      checkoutAttemptId,
      merchantAccount: merchant.account,
      setup,
      createdAt: now,
    });
    return checkoutAttemptId;
  }

  /** Keeps the events of one of the merchant's attempts; for an unknown attempt they are dropped. */
  async record(
    merchant: Merchant,
    checkoutAttemptId: string,
    events: Record<AnalyticsEventKind, Record<string, unknown>[]>,
    now: Date,
  ): Promise<boolean> {
    await this.sweep(now);
    if (!(await findAttempt(this.db, merchant.account, checkoutAttemptId))) return false;
    const rows = (Object.entries(events) as [AnalyticsEventKind, Record<string, unknown>[]][]).flatMap(
      ([kind, list]) =>
        list.map((event) => ({
          checkoutAttemptId,
          merchantAccount: merchant.account,
          kind,
          event,
          createdAt: now,
        })),
    );
    await insertEvents(this.db, rows);
    return true;
  }

  /** The merchant's latest attempts with their events (for the dashboard). */
  async attempts(
    merchantAccount: string,
    query: { checkoutAttemptId?: string | undefined; limit: number },
  ): Promise<AttemptWithEvents[]> {
    const attempts = await listAttempts(this.db, merchantAccount, query);
    const events = await listEventsOf(
      this.db,
      merchantAccount,
      attempts.map((attempt) => attempt.checkoutAttemptId),
    );
    return attempts.map((attempt) => ({
      ...attempt,
      events: events.filter((event) => event.checkoutAttemptId === attempt.checkoutAttemptId),
    }));
  }

  /** Deletes attempts and events past the retention period. */
  async sweep(now: Date, force = false): Promise<void> {
    if (!force && now.getTime() - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now.getTime();
    await deleteOlderThan(this.db, new Date(now.getTime() - this.retentionDays * DAY_MS));
  }
}
