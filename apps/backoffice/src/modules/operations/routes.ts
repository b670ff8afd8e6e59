import { baseContext, type ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import type { OperationsService } from './service.ts';

const tags = ['operations-jobs'];

export function operationsRoutes(app: ServiceApp, { operations }: { operations: OperationsService }) {
  app.get(
    '/jobs/failed',
    {
      schema: {
        tags,
        summary: 'Background jobs whose retries ran out (progression steps, registrations, callbacks)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(100) }),
        response: {
          200: z.array(
            z.object({
              queue: z.string(),
              id: z.string(),
              data: z.unknown(),
              error: z.unknown(),
              retryCount: z.number(),
              createdAt: z.string(),
              failedAt: z.string().nullable(),
            }),
          ),
        },
      },
    },
    (request) => operations.failedJobs(baseContext(request), request.query.limit),
  );

  app.post(
    '/jobs/:queue/:id/retry',
    {
      schema: {
        tags,
        summary: 'Retry a failed job',
        params: z.object({ queue: z.string().min(1).max(100), id: z.uuid() }),
      },
    },
    async (request, reply) => {
      await operations.retry(baseContext(request), request.params.queue, request.params.id);
      return reply.status(204).send();
    },
  );
}
