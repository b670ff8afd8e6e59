/**
 * Post-hook webhooks (OrderCloud: BeforeProcessRequest false): after any `/v1` write request that
 * succeeded, each webhook whose routes and API clients match gets OrderCloud's webhook payload,
 * delivered by a pg-boss job (retries back off), never holding up the caller's response.
 */
import { randomUUID } from 'node:crypto';
import { deliveryQueueOptions, type QueueDefinition, whenBound } from '@actuate/service-kit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type IntegrationsService, WEBHOOK_DELIVERY_QUEUE, type WebhookDeliveryJob } from './service.ts';

/** Only writes trigger webhooks: a read changes nothing another system must hear about. */
const HOOKED_VERBS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The caller's credentials stay here: OrderCloud sends the UserToken field instead. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key']);
/**
 * Body fields that carry secrets (user passwords, API client secrets, hash keys, the tokens an
 * impersonation answers with) are left out.
 */
const SECRET_FIELD = /password|secret|hashkey|^access_token$|^refresh_token$/i;

/** The delivery queue; its handler waits for the service the app builds after starting the jobs. */
export function webhookDeliveryQueue(
  service: () => IntegrationsService | undefined,
): QueueDefinition<WebhookDeliveryJob> {
  return {
    name: WEBHOOK_DELIVERY_QUEUE,
    // The payload holds the caller's token: keep finished deliveries a day, not the default week.
    options: {
      ...deliveryQueueOptions({ retryLimit: 8, retryDelaySeconds: 2, retryDelayMaxSeconds: 300 }),
      deleteAfterSeconds: 86_400,
    },
    batchSize: 5,
    async handle(job) {
      await (await whenBound(service, 'integrations')).deliverPostHook(job.data);
    },
  };
}

/**
 * Registers the hooks on every route: `onSend` keeps the serialized response of a succeeded write,
 * `onResponse` (after the caller has its answer) enqueues the matching deliveries.
 */
export function installPostHooks(app: FastifyInstance, integrations: IntegrationsService): void {
  const responses = new WeakMap<FastifyRequest, unknown>();
  app.addHook('onSend', async (request, reply, payload) => {
    if (isHookable(request, reply)) responses.set(request, payload);
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    if (!responses.has(request) || !isHookable(request, reply)) return;
    const context = request.platformContext;
    const template = request.routeOptions.url;
    if (!context || !template) return;
    try {
      await integrations.enqueuePostHooks(
        context,
        { route: routeTemplate(template), verb: request.method, clientId: context.caller.clientId },
        () => ({
          routeParams: stringRecord(request.params),
          queryParams: stringRecord(request.query),
          userToken: context.accessToken,
          logId: randomUUID(),
          requestBody: withoutSecrets(request.body ?? null),
          requestHeaders: headerRecord(request.headers),
          responseBody: parseBody(responses.get(request)),
          responseHeaders: headerRecord(reply.getHeaders()),
          now: context.now,
        }),
      );
    } catch (error) {
      // The request has succeeded and answered; a lost delivery is logged, not surfaced.
      request.log.error({ err: error, route: template }, 'post-hook webhooks not enqueued');
    }
  });
}

const isHookable = (request: FastifyRequest, reply: FastifyReply) =>
  HOOKED_VERBS.has(request.method) &&
  reply.statusCode >= 200 &&
  reply.statusCode < 300 &&
  request.platformContext !== null &&
  request.url.startsWith('/v1/');

/** Fastify's `/v1/orders/:direction/:orderID/cancel` as OrderCloud's `v1/orders/{direction}/{orderID}/cancel`. */
export const routeTemplate = (url: string) => url.replace(/^\/+/, '').replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([, entry]) => entry !== undefined && entry !== null)
      .map(([key, entry]) => [key, String(entry)]),
  );
}

function headerRecord(headers: Record<string, unknown>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || SECRET_HEADERS.has(name.toLowerCase())) continue;
    record[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return record;
}

function withoutSecrets(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutSecrets);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .filter(([key]) => !SECRET_FIELD.test(key))
      .map(([key, entry]) => [key, withoutSecrets(entry)]),
  );
}

function parseBody(payload: unknown): unknown {
  const text =
    typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
  if (!text) return null;
  try {
    return withoutSecrets(JSON.parse(text));
  } catch {
    return null;
  }
}
