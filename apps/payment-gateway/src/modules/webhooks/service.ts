import { notificationHmac, type SignedNotificationFields } from '@actuate/contracts/signatures';
import {
  attemptDelivery,
  type Database,
  deliveryQueueOptions,
  type Executor,
  isLastAttempt,
  type Jobs,
} from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import { findMerchant } from '../merchants/repository.ts';
import type { Merchant } from '../merchants/service.ts';
import { findOwnNotification, insertDeliveryAttempt, markFailedDelivered } from './attempts-repository.ts';
import {
  insertNotification,
  listNotifications,
  type NotificationRow,
  pendingUpTo,
  recordAttempt,
  recordLoggedAttempt,
} from './repository.ts';

type PendingNotification = Awaited<ReturnType<typeof pendingUpTo>>[number];

export const WEBHOOK_QUEUE = 'webhook-delivery';
/** One-off deliveries a merchant asks for in the dashboard (not retried, outside the payment's order). */
export const WEBHOOK_RESEND_QUEUE = 'webhook-resend';

/** How much of a receiver's answer the delivery log keeps. */
const RESPONSE_EXCERPT_LENGTH = 500;

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

interface ResendJob {
  notificationId: number;
  merchantAccount: string;
}

type NotificationBody = {
  live: string;
  notificationItems: { NotificationRequestItem: SignedNotificationFields & Record<string, unknown> }[];
};

/**
 * The body as it goes out now: the stored notification signed with the merchant's current HMAC key
 * (the same signature as at recording unless the key was rotated since).
 */
function signedForDelivery(stored: Record<string, unknown>, hmacKeyHex: string | undefined) {
  const body = structuredClone(stored) as NotificationBody;
  let signature: string | null = null;
  for (const { NotificationRequestItem: item } of body.notificationItems ?? []) {
    const additionalData = (item.additionalData ?? {}) as Record<string, string>;
    if (hmacKeyHex) additionalData.hmacSignature = notificationHmac(hmacKeyHex, item);
    item.additionalData = additionalData;
    signature = additionalData.hmacSignature ?? null;
  }
  return { body, signature };
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

  /**
   * One scheduled POST: the attempts-log row and the notification's new state go in one statement.
   * The merchant's HMAC key comes with the pending read (the merchant's key as of that read).
   */
  private async deliverOne(notification: PendingNotification): Promise<void> {
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
    const { outcome, logged } = await this.post(
      notification,
      notification.webhookUrl,
      notification.hmacKeyHex ?? undefined,
      'scheduled',
      at,
    );
    const { delivered, statusCode, error } = outcome;
    const final = !delivered && isLastAttempt(notification.attempts, this.retryLimit);
    await recordLoggedAttempt(this.db, logged, { at, statusCode, error, delivered, final });
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

  /** One POST of the notification and its attempts-log row (not yet written). */
  private async post(
    notification: NotificationRow,
    url: string,
    hmacKeyHex: string | undefined,
    kind: 'scheduled' | 'resend',
    at: Date,
  ) {
    const { body, signature } = signedForDelivery(notification.body, hmacKeyHex);
    const outcome = await attemptDelivery(url, { body: JSON.stringify(body), headers: {} });
    const logged = {
      notificationId: notification.id,
      kind,
      attemptedAt: at,
      delivered: outcome.delivered,
      statusCode: outcome.statusCode,
      error: outcome.error,
      responseExcerpt: outcome.responseText.slice(0, RESPONSE_EXCERPT_LENGTH),
      durationMs: outcome.durationMs,
      hmacSignature: signature,
    };
    return { outcome, logged };
  }

  /** One POST of the notification, recorded in the attempts log whatever its outcome. */
  private async send(
    notification: NotificationRow,
    url: string,
    hmacKeyHex: string | undefined,
    kind: 'scheduled' | 'resend',
    at: Date,
  ) {
    const { outcome, logged } = await this.post(notification, url, hmacKeyHex, kind, at);
    await insertDeliveryAttempt(this.db, logged);
    return outcome;
  }

  /**
   * Queues a fresh delivery of one of the merchant's notifications (the dashboard's Resend): same
   * payload, signed like the worker signs, sent to the merchant's webhook URL of now, recorded as an
   * attempt of kind `resend`. False when the merchant has no such notification.
   */
  async resend(merchantAccount: string, notificationId: number): Promise<boolean> {
    const notification = await findOwnNotification(this.db, merchantAccount, notificationId);
    if (!notification) return false;
    await this.jobs().enqueue(this.db, WEBHOOK_RESEND_QUEUE, {
      notificationId,
      merchantAccount,
    } satisfies ResendJob);
    return true;
  }

  async deliverResend(job: ResendJob): Promise<void> {
    const notification = await findOwnNotification(this.db, job.merchantAccount, job.notificationId);
    if (!notification) return;
    const merchant = await findMerchant(this.db, job.merchantAccount);
    const at = new Date();
    const url = merchant?.webhookUrl ?? notification.webhookUrl;
    if (!url) {
      await insertDeliveryAttempt(this.db, {
        notificationId: notification.id,
        kind: 'resend',
        attemptedAt: at,
        delivered: false,
        statusCode: null,
        error: 'no webhook URL configured',
        durationMs: 0,
      });
      return;
    }
    const outcome = await this.send(notification, url, merchant?.hmacKeyHex, 'resend', at);
    if (outcome.delivered) await markFailedDelivered(this.db, notification.id, at);
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
  await jobs.register<ResendJob>(
    {
      name: WEBHOOK_RESEND_QUEUE,
      // One attempt per press of the button: its outcome is in the log, the merchant may press again.
      options: deliveryQueueOptions({ retryLimit: 0, retryDelaySeconds: 1, retryDelayMaxSeconds: 1 }),
      batchSize: 5,
      handle: (job) => service.deliverResend(job.data),
    },
    options.pollingIntervalSeconds,
  );
}
