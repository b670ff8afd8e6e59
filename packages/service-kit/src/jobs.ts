import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { fromDrizzle, type Job, PgBoss, type Queue, type SendOptions } from 'pg-boss';
import type { DatabaseHandle, Executor } from './database.ts';

export type { Job } from 'pg-boss';

export interface QueueDefinition<T extends object = object> {
  name: string;
  /** Retries back off exponentially by default; failed jobs stay in the queue's table, visible. */
  options?: Omit<Queue, 'name'>;
  /** Jobs fetched per poll and handled in parallel, each succeeding or failing on its own. */
  batchSize?: number;
  handle(job: Job<T>): Promise<unknown>;
}

const DEFAULT_QUEUE_OPTIONS: Omit<Queue, 'name'> = {
  retryLimit: 8,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 300,
  // Keep finished and failed jobs a week so operators can see what happened.
  deleteAfterSeconds: 7 * 24 * 3600,
  // A job whose worker died (crash, SIGKILL, lost host) is retried once its heartbeat is this stale,
  // instead of staying active until pg-boss's 15-minute expiry.
  heartbeatSeconds: 15,
};

/** How often expired jobs and jobs without a heartbeat are looked for. */
const MONITORING = { monitorIntervalSeconds: 10, superviseIntervalSeconds: 10 };

/**
 * A service a job handler needs, once the app has built it. Workers start with the database, before the
 * app wires its services: a job fetched in that moment (typically right after a restart) waits for
 * them instead of failing and backing off.
 */
export async function whenBound<T>(get: () => T | undefined, name: string, timeoutMs = 60_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = get();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`${name} not ready`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Background work on the app's own database (pg-boss). Work that must follow a business write is
 * enqueued with `enqueue(tx, …)` inside that write's transaction, so it exists exactly when the write
 * commits (transactional outbox). Handlers must be idempotent: a job can run again after a crash.
 */
export class Jobs {
  private constructor(
    readonly boss: PgBoss,
    private readonly log: Logger,
  ) {}

  static async start(
    database: DatabaseHandle,
    options: {
      log: Logger;
      schema?: string;
      pollingIntervalSeconds?: number;
      queues?: QueueDefinition<never>[];
    },
  ): Promise<Jobs> {
    const schema = options.schema ?? 'jobs';
    const boss =
      'db' in database.jobsConnection
        ? new PgBoss({ db: database.jobsConnection.db, backend: 'pglite', schema, ...MONITORING })
        : new PgBoss({
            connectionString: database.jobsConnection.connectionString,
            schema,
            max: 4,
            ...MONITORING,
          });
    boss.on('error', (error) => options.log.error({ err: error }, 'job queue error'));
    await boss.start();
    const jobs = new Jobs(boss, options.log);
    for (const queue of options.queues ?? []) {
      await jobs.register(queue as QueueDefinition, options.pollingIntervalSeconds ?? 1);
    }
    return jobs;
  }

  async register<T extends object>(queue: QueueDefinition<T>, pollingIntervalSeconds = 1): Promise<void> {
    const options = { ...DEFAULT_QUEUE_OPTIONS, ...queue.options };
    await this.boss.createQueue(queue.name, options);
    // A queue created by an earlier version keeps its options otherwise.
    const { policy: _policy, partition: _partition, ...updatable } = options;
    await this.boss.updateQueue(queue.name, updatable);
    await this.boss.work<T>(
      queue.name,
      {
        pollingIntervalSeconds,
        batchSize: queue.batchSize ?? 10,
        burstWhenBatchFull: true,
        perJobResults: true,
      },
      async (batch) =>
        Promise.all(
          batch.map(async (job) => {
            try {
              await queue.handle(job);
              return { id: job.id, status: 'completed' as const };
            } catch (error) {
              this.log.warn(
                { err: error, queue: queue.name, jobId: job.id },
                'job failed; it will be retried',
              );
              const message = error instanceof Error ? error.message : String(error);
              return { id: job.id, status: 'failed' as const, output: { message } };
            }
          }),
        ),
    );
  }

  /** Enqueue inside the caller's transaction (or directly on the database). */
  async enqueue(
    executor: Executor,
    queue: string,
    data: object,
    options: SendOptions = {},
  ): Promise<string | null> {
    return this.boss.send(queue, data, { ...options, db: fromDrizzle(executor as never, sql) });
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 10_000 });
  }
}
