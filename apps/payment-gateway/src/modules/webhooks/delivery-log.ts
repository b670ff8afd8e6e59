import type { Database } from '@actuate/service-kit';
import { attemptsOf, findOwnNotification } from './attempts-repository.ts';
import { listNotifications, type NotificationFilter, type NotificationRow } from './repository.ts';
import type { WebhookService } from './service.ts';

export type DeliveryStateFilter = 'pending' | 'delivered' | 'failed';

export interface DeliveryLogEntry {
  id: number;
  eventCode: string;
  pspReference: string;
  paymentPspReference: string;
  success: string;
  state: DeliveryStateFilter;
  createdAt: Date;
  webhookUrl: string | null;
  /** The signature the notification was recorded with (deliveries re-sign with the current key). */
  hmacSignature: string | null;
  body: Record<string, unknown>;
  attempts: {
    kind: 'scheduled' | 'resend';
    at: Date;
    delivered: boolean;
    statusCode: number | null;
    error: string | null;
    responseExcerpt: string;
    durationMs: number;
    hmacSignature: string | null;
  }[];
}

const recordedSignature = (body: Record<string, unknown>): string | null => {
  const items = (
    body as {
      notificationItems?: { NotificationRequestItem?: { additionalData?: Record<string, string> } }[];
    }
  ).notificationItems;
  return items?.[0]?.NotificationRequestItem?.additionalData?.hmacSignature ?? null;
};

/**
 * The dashboard's webhook delivery log: the merchant's notifications with every delivery attempt,
 * and a Resend that queues a fresh delivery. Scoped to one merchant account throughout.
 */
export class DeliveryLogService {
  constructor(
    private readonly db: Database,
    private readonly webhooks: WebhookService,
  ) {}

  async list(merchantAccount: string, filter: Omit<NotificationFilter, 'merchantAccount'>) {
    const rows = await listNotifications(this.db, { ...filter, merchantAccount });
    return this.withAttempts(rows);
  }

  async find(merchantAccount: string, id: number): Promise<DeliveryLogEntry | undefined> {
    const row = await findOwnNotification(this.db, merchantAccount, id);
    return row ? (await this.withAttempts([row]))[0] : undefined;
  }

  /** False when the merchant has no such notification. */
  resend(merchantAccount: string, id: number): Promise<boolean> {
    return this.webhooks.resend(merchantAccount, id);
  }

  private async withAttempts(rows: NotificationRow[]): Promise<DeliveryLogEntry[]> {
    const attempts = await attemptsOf(
      this.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({
      id: row.id,
      eventCode: row.eventCode,
      pspReference: row.pspReference,
      paymentPspReference: row.paymentPspReference,
      success: row.success,
      state: row.state,
      createdAt: row.createdAt,
      webhookUrl: row.webhookUrl,
      hmacSignature: recordedSignature(row.body),
      body: row.body,
      attempts: attempts
        .filter((attempt) => attempt.notificationId === row.id)
        .map((attempt) => ({
          kind: attempt.kind,
          at: attempt.attemptedAt,
          delivered: attempt.delivered,
          statusCode: attempt.statusCode,
          error: attempt.error,
          responseExcerpt: attempt.responseExcerpt,
          durationMs: attempt.durationMs,
          hmacSignature: attempt.hmacSignature,
        })),
    }));
  }
}
