import { notificationHmac } from '@actuate/contracts/signatures';
import {
  attemptDelivery,
  type Database,
  deliveryQueueOptions,
  type Executor,
  isLastAttempt,
  type Jobs,
} from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Merchant } from '../merchants/service.ts';
import {
  insertNotification,
  listNotifications,
  type NotificationRow,
  pendingUpTo,
  recordAttempt,
} from './repository.ts';

export const WEBHOOK_QUEUE = 'webhook-delivery';

export type EventCode =
  | 'AUTHORISATION'
  | 'CAPTURE'
  | 'CAPTURE_FAILED'
  | 'REFUND'
  | 'REFUND_FAILED'
  | 'CANCELLATION'
  | 'CANCEL_OR_REFUND'
  | 'RECURRING_CONTRACT'
  | 'OFFER_CLOSED'
  | 'NOTIFICATION_OF_CHARGEBACK'
  | 'CHARGEBACK'
  | 'ORDER_OPENED'
  | 'ORDER_CLOSED'
  | 'DONATION';

export interface NotificationEvent {
  eventCode: EventCode;
  /** The payment the event is about (ordering key). */
  paymentPspReference: string;
  /** The event's own reference: the payment's for AUTHORISATION, the modification's otherwise. */
  pspReference: string;
  merchantReference: string;
  amount: { value: number; currency: string };
  success: boolean;
  reason?: string | undefined;
  paymentMethod?: string | undefined;
  operations?: string[] | undefined;
  additionalData?: Record<string, string> | undefined;
  eventDate: Date;
}

interface DeliveryJob {
  notificationId: number;
}

/** Adyen sends `eventDate` with an offset and without milliseconds. */
const formatEventDate = (date: Date) => `${date.toISOString().slice(0, 19)}+00:00`;

/**
 * Standard notifications (docs/domain.md, modifications and notifications): recorded in the business transaction that caused them,
 * delivered by a job per notification with retries until the merchant answers 2xx, in order per
 * payment (pg-boss key_strict_fifo keyed by the payment's pspReference).
 */
export class WebhookService {
  constructor(
    private readonly db: Database,
    private readonly jobs: () => Jobs,
    private readonly log: FastifyBaseLogger,
    private readonly retryLimit: number,
  ) {}

  /** Records the notification and enqueues its delivery inside the caller's transaction (outbox). */
  async notify(tx: Executor, merchant: Merchant, event: NotificationEvent): Promise<void> {
    const originalReference =
      event.pspReference === event.paymentPspReference ? undefined : event.paymentPspReference;
    const item = {
      amount: event.amount,
      eventCode: event.eventCode,
      eventDate: formatEventDate(event.eventDate),
      merchantAccountCode: merchant.account,
      merchantReference: event.merchantReference,
      ...(originalReference ? { originalReference } : {}),
      ...(event.paymentMethod ? { paymentMethod: event.paymentMethod } : {}),
      pspReference: event.pspReference,
      reason: event.reason ?? '',
      ...(event.operations ? { operations: event.operations } : {}),
      success: String(event.success),
    };
    const hmacSignature = notificationHmac(merchant.hmacKeyHex, item);
    const body = {
      live: 'false',
      notificationItems: [
        { NotificationRequestItem: { ...item, additionalData: { ...event.additionalData, hmacSignature } } },
      ],
    };
    const notificationId = await insertNotification(tx, {
      merchantAccount: merchant.account,
      paymentPspReference: event.paymentPspReference,
      pspReference: event.pspReference,
      eventCode: event.eventCode,
      success: item.success,
      body,
      webhookUrl: merchant.webhookUrl,
    });
    await this.jobs().enqueue(tx, WEBHOOK_QUEUE, { notificationId } satisfies DeliveryJob, {
      singletonKey: event.paymentPspReference,
    });
  }

  /**
   * Delivers a notification, and before it every older one of the same payment still pending, oldest
   * first: notifications written in one transaction share a job timestamp, so the job order alone
   * cannot be trusted. Throwing makes pg-boss retry later (holding back later jobs of the payment).
   */
  async deliver(notificationId: number): Promise<void> {
    const pending = await pendingUpTo(this.db, notificationId);
    // Delivered (or given up) already, e.g. together with a later notification of the payment.
    if (pending.at(-1)?.id !== notificationId) return;
    for (const notification of pending) await this.deliverOne(notification);
  }

  private async deliverOne(notification: NotificationRow): Promise<void> {
    const at = new Date();
    if (!notification.webhookUrl) {
      await recordAttempt(this.db, notification.id, {
        at,
        statusCode: null,
        error: 'no webhook URL configured',
        delivered: false,
        final: true,
      });
      return;
    }
    const { delivered, statusCode, error } = await attemptDelivery(notification.webhookUrl, {
      body: JSON.stringify(notification.body),
      headers: {},
    });
    const final = !delivered && isLastAttempt(notification.attempts, this.retryLimit);
    await recordAttempt(this.db, notification.id, { at, statusCode, error, delivered, final });
    if (!delivered) {
      this.log.info(
        {
          notificationId: notification.id,
          eventCode: notification.eventCode,
          statusCode,
          attempt: notification.attempts + 1,
        },
        'webhook not accepted',
      );
      // A notification out of retries stays `failed` in the log; later ones of the payment still go.
      if (!final) throw new Error(`webhook ${notification.id} not accepted: ${error}`);
    }
  }

  async list(
    merchant: Merchant,
    filter: { pspReference?: string | undefined; before?: number | undefined; limit: number },
  ) {
    const rows = await listNotifications(this.db, { merchantAccount: merchant.account, ...filter });
    return rows.map(toDeliveryLogEntry);
  }
}

const toDeliveryLogEntry = (row: NotificationRow) => ({
  id: row.id,
  eventCode: row.eventCode,
  pspReference: row.pspReference,
  paymentPspReference: row.paymentPspReference,
  success: row.success,
  webhookUrl: row.webhookUrl,
  state: row.state,
  attempts: row.attempts,
  lastStatusCode: row.lastStatusCode,
  lastError: row.lastError,
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  notification: row.body,
});

/**
 * Starts the delivery worker. A backlog drains in bursts of parallel deliveries: each batch holds at
 * most the head notification of each payment (key_strict_fifo), and each job succeeds or fails on its own.
 */
export async function startWebhookWorker(
  jobs: Jobs,
  service: WebhookService,
  options: { retryDelaySeconds: number; retryLimit: number; pollingIntervalSeconds: number },
) {
  await jobs.register<DeliveryJob>(
    {
      name: WEBHOOK_QUEUE,
      options: deliveryQueueOptions({
        ordered: true,
        retryLimit: options.retryLimit,
        retryDelaySeconds: options.retryDelaySeconds,
        retryDelayMaxSeconds: 3600,
      }),
      batchSize: 25,
      handle: (job) => service.deliver(job.data.notificationId),
    },
    options.pollingIntervalSeconds,
  );
}
