import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { shopperContext } from '../../shared/context.ts';
import type { AnalyticsService } from './analytics-service.ts';

/** A whole analytics call is small; anything larger is refused before parsing (413). */
const ANALYTICS_BODY_LIMIT = 64 * 1024;
const MAX_EVENTS_PER_KIND = 50;
const MAX_EVENT_JSON_LENGTH = 2048;
/** Strings are cut like the widget's hidden values (spec: analytics strings at most 128 characters). */
const text = (max = 128) =>
  z
    .string()
    .max(4096)
    .transform((value) => value.slice(0, max));

/** The set-up body: what the widget says of itself; unknown fields are dropped, not stored. */
const setupSchema = z
  .object({
    version: text(32).optional(),
    channel: text(32).optional(),
    platform: text(32).optional(),
    buildType: text(32).optional(),
    locale: text(32).optional(),
    referrer: text(512).optional(),
    screenWidth: z.number().int().min(0).max(100_000).optional(),
    containerWidth: z.number().int().min(0).max(100_000).optional(),
    component: text(64).optional(),
    flavor: text(32).optional(),
    level: text(32).optional(),
    sessionId: text(128).optional(),
  })
  .optional();

const eventSchema = z
  .record(z.string().max(64), z.unknown())
  .refine((event) => JSON.stringify(event).length <= MAX_EVENT_JSON_LENGTH, 'event too large');
const eventsSchema = z.array(eventSchema).max(MAX_EVENTS_PER_KIND).default([]);

const eventsBodySchema = z.object({
  channel: text(32).optional(),
  platform: text(32).optional(),
  info: eventsSchema,
  errors: eventsSchema,
  logs: eventsSchema,
});

/**
 * `v3/analytics` (a new checkout attempt id) and `v3/analytics/{checkoutAttemptId}` (its events), on
 * the client API (client key from an allowed origin). Kept per merchant for the dashboard.
 */
export function analyticsRoutes(app: ServiceApp, deps: { analytics: AnalyticsService }) {
  app.post(
    '/v3/analytics',
    {
      bodyLimit: ANALYTICS_BODY_LIMIT,
      schema: { tags: ['client'], summary: 'Start a checkout attempt (analytics)', body: setupSchema },
    },
    async (request) => {
      const context = shopperContext(request);
      const checkoutAttemptId = await deps.analytics.startAttempt(
        context.merchant,
        request.body ?? {},
        context.now,
      );
      return { checkoutAttemptId };
    },
  );

  app.post(
    '/v3/analytics/:checkoutAttemptId',
    {
      bodyLimit: ANALYTICS_BODY_LIMIT,
      schema: {
        tags: ['client'],
        summary: 'Analytics events of a checkout attempt (kept for the merchant dashboard)',
        params: z.object({ checkoutAttemptId: z.string().min(1).max(128) }),
        body: eventsBodySchema,
      },
    },
    async (request, reply) => {
      const context = shopperContext(request);
      const { info, errors, logs } = request.body;
      // An unknown or another merchant's attempt: accepted and dropped (the widget does not care).
      await deps.analytics.record(
        context.merchant,
        request.params.checkoutAttemptId,
        { info, errors, logs },
        context.now,
      );
      return reply.status(204).send();
    },
  );
}
