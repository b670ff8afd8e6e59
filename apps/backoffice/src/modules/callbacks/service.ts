import { randomUUID } from 'node:crypto';
import { ERP_SIGNATURE_HEADER, erpSignature } from '@actuate/contracts/signatures';
import {
  attemptDelivery,
  conflict,
  type Database,
  deliveryQueueOptions,
  type Executor,
  isLastAttempt,
  type Jobs,
  notFound,
  type QueueDefinition,
  type RequestContext,
} from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import {
  attemptsOf,
  type CallbackRow,
  findCallback,
  findCallbackByEventId,
  insertCallback,
  listCallbacks,
  recordAttempt,
  resetToPending,
  setJobId,
} from './repository.ts';
import type { CallbackState } from './schema.ts';

export const CALLBACK_QUEUE = 'erp-callback-delivery';

export type CallbackEventType =
  | 'sales-order.status-changed'
  | 'sales-order.shipment-delivered'
  | 'credit-note.issued'
  | 'registration.completed'
  | 'registration.declined'
  | 'customer.updated'
  | 'item.changed'
  | 'delivery-address.changed';

/** The JSON body of every callback (what `X-Erp-Signature` signs, byte for byte). */
export interface CallbackEnvelope<T = unknown> {
  /** Unique per event (UUID): the receiver deduplicates on it; retries carry the same id and body. */
  eventId: string;
  type: CallbackEventType;
  /** What the event is about: a sales order number or a registration id. */
  subject: string;
  /** 1, 2, 3 … per subject, delivered in this order. */
  sequence: number;
  occurredAt: string;
  data: T;
}

export interface CallbackSettings {
  url: string;
  secret: string;
  retryLimit: number;
  retryDelaySeconds: number;
}

interface DeliveryJob {
  callbackId: number;
}

/**
 * Callbacks to the subscriber (the middleware): recorded and enqueued in the transaction of the change
 * they report (outbox), delivered by a job per event, signed with HMAC-SHA256, retried with back-off
 * until a 2xx, in order per subject (pg-boss `key_strict_fifo` keyed by the subject).
 */
export class CallbackService {
  constructor(
    private readonly db: Database,
    private readonly jobs: () => Jobs,
    private readonly settings: CallbackSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Records the event and enqueues its delivery inside the caller's transaction. */
  async publish<T>(
    tx: Executor,
    event: { type: CallbackEventType; subject: string; sequence: number; occurredAt: Date; data: T },
  ): Promise<CallbackEnvelope<T>> {
    const envelope: CallbackEnvelope<T> = {
      eventId: randomUUID(),
      type: event.type,
      subject: event.subject,
      sequence: event.sequence,
      occurredAt: event.occurredAt.toISOString(),
      data: event.data,
    };
    const callbackId = await insertCallback(tx, {
      eventId: envelope.eventId,
      type: envelope.type,
      subject: envelope.subject,
      sequence: envelope.sequence,
      body: JSON.stringify(envelope),
      url: this.settings.url,
      createdAt: event.occurredAt,
    });
    const jobId = await this.jobs().enqueue(tx, CALLBACK_QUEUE, { callbackId } satisfies DeliveryJob, {
      singletonKey: envelope.subject,
    });
    await setJobId(tx, callbackId, jobId);
    return envelope;
  }

  /** One delivery attempt; throwing makes pg-boss retry later and hold back the subject's later events. */
  async deliver(callbackId: number): Promise<void> {
    const callback = await findCallback(this.db, callbackId);
    if (!callback || callback.state === 'Delivered') return;
    const { delivered, statusCode, error, durationMs } = await attemptDelivery(callback.url, {
      headers: {
        [ERP_SIGNATURE_HEADER]: erpSignature(this.settings.secret, callback.body),
        'x-erp-event-id': callback.eventId,
        'x-erp-event-type': callback.type,
        'x-erp-delivery-attempt': String(callback.attempts + 1),
      },
      body: callback.body,
    });
    const final = !delivered && isLastAttempt(callback.attempts, this.settings.retryLimit);
    const state: CallbackState = delivered ? 'Delivered' : final ? 'Failed' : 'Pending';
    await recordAttempt(this.db, callback, {
      at: new Date(),
      statusCode,
      error,
      durationMs,
      state,
    });
    if (!delivered) {
      this.log.info(
        { eventId: callback.eventId, subject: callback.subject, statusCode, attempt: callback.attempts + 1 },
        'callback not accepted; it will be retried',
      );
      throw new Error(`callback ${callback.eventId} not accepted: ${error}`);
    }
  }

  async list(
    _context: RequestContext,
    filter: {
      subject?: string | undefined;
      state?: CallbackState | undefined;
      before?: number | undefined;
      limit: number;
    },
  ) {
    const rows = await listCallbacks(this.db, filter);
    const attempts = await attemptsOf(
      this.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) =>
      toDeliveryLogEntry(
        row,
        attempts.filter((attempt) => attempt.callbackId === row.id),
      ),
    );
  }

  /**
   * Sends a callback whose retries ran out once more (its job is retried; later events of the same
   * subject, held back behind it, follow once it is delivered).
   */
  async redeliver(context: RequestContext, eventId: string) {
    const row = await findCallbackByEventId(this.db, eventId);
    if (!row) throw notFound('callback-not-found', `No callback ${eventId}.`);
    if (row.state !== 'Failed' || !row.jobId) {
      throw conflict(
        'callback-not-failed',
        `Callback ${eventId} is ${row.state}: only failed callbacks are sent again.`,
        {
          state: row.state,
        },
      );
    }
    await resetToPending(this.db, row.id);
    await this.jobs().boss.retry(CALLBACK_QUEUE, row.jobId);
    context.log.info({ eventId, subject: row.subject }, 'callback redelivery requested');
    return this.get(context, eventId);
  }

  async get(_context: RequestContext, eventId: string) {
    const row = await findCallbackByEventId(this.db, eventId);
    if (!row) return undefined;
    return toDeliveryLogEntry(row, await attemptsOf(this.db, [row.id]));
  }
}

function toDeliveryLogEntry(row: CallbackRow, attempts: Awaited<ReturnType<typeof attemptsOf>>) {
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type,
    subject: row.subject,
    sequence: row.sequence,
    url: row.url,
    state: row.state,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    body: JSON.parse(row.body) as unknown,
    attemptLog: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      at: attempt.attemptedAt.toISOString(),
      statusCode: attempt.statusCode,
      error: attempt.error,
      durationMs: attempt.durationMs,
    })),
  };
}

export function callbackQueue(
  service: () => CallbackService,
  settings: Pick<CallbackSettings, 'retryLimit' | 'retryDelaySeconds'>,
): QueueDefinition<DeliveryJob> {
  return {
    name: CALLBACK_QUEUE,
    options: deliveryQueueOptions({
      ordered: true,
      retryLimit: settings.retryLimit,
      retryDelaySeconds: settings.retryDelaySeconds,
      retryDelayMaxSeconds: 300,
    }),
    handle: (job) => service().deliver(job.data.callbackId),
  };
}
