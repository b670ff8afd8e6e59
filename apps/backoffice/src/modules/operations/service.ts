import { type Database, type Jobs, notFound, queryRows, type RequestContext } from '@actuate/service-kit';
import { sql } from 'drizzle-orm';

export interface FailedJob {
  queue: string;
  id: string;
  data: unknown;
  error: unknown;
  retryCount: number;
  createdAt: string;
  failedAt: string | null;
}

/**
 * Background work that gave up (its retries ran out): visible through the API until someone retries it
 * (docs/architecture.md: failed jobs stay visible). Reads pg-boss's job table of this app's own database, read-only.
 */
export class OperationsService {
  constructor(
    private readonly db: Database,
    private readonly jobs: () => Jobs,
    private readonly queues: readonly string[],
  ) {}

  async failedJobs(_context: RequestContext, limit: number): Promise<FailedJob[]> {
    const rows = await queryRows<{
      name: string;
      id: string;
      data: unknown;
      output: unknown;
      retry_count: number;
      created_on: Date | string;
      completed_on: Date | string | null;
    }>(
      this.db,
      sql`select name, id::text as id, data, output, retry_count, created_on, completed_on
          from jobs.job
          where state = 'failed' and name in (${sql.join(
            this.queues.map((queue) => sql`${queue}`),
            sql`, `,
          )})
          order by completed_on desc nulls last
          limit ${limit}`,
    );
    return rows.map((row) => ({
      queue: row.name,
      id: row.id,
      data: row.data,
      error: row.output,
      retryCount: row.retry_count,
      createdAt: new Date(row.created_on).toISOString(),
      failedAt: row.completed_on ? new Date(row.completed_on).toISOString() : null,
    }));
  }

  async retry(context: RequestContext, queue: string, id: string): Promise<void> {
    if (!this.queues.includes(queue)) throw notFound('queue-not-found', `No queue ${queue}.`);
    const result = (await this.jobs().boss.retry(queue, id)) as { affected?: number } | undefined;
    if (result && result.affected === 0)
      throw notFound('failed-job-not-found', `No failed job ${id} in ${queue}.`);
    context.log.info({ queue, id }, 'failed job retried');
  }
}
