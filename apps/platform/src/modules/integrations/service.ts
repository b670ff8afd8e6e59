import { OC_HASH_HEADER, ocHash } from '@actuate/contracts/signatures';
import type { Database, Jobs, RequestContext } from '@actuate/service-kit';
import { attemptDelivery, HttpError } from '@actuate/service-kit';
import { z } from 'zod';
import { CrudStore } from '../../shared/crud.ts';
import { GenerationCache, type Generations } from '../../shared/generations.ts';
import type { ListDefinition } from '../../shared/list/list-query.ts';
import { integrationEvents, webhooks } from './schema.ts';

const Id = z.string().regex(/^[A-Za-z0-9_-]+$/);

export const IntegrationEvent = z.object({
  ID: Id.optional(),
  Name: z.string().min(1),
  EventType: z.enum(['OrderCheckout']).default('OrderCheckout'),
  CustomImplementationUrl: z.url(),
  HashKey: z.string().min(1),
  ConfigData: z.unknown().optional(),
  ElevatedRoles: z.array(z.string()).default([]),
});
export type IntegrationEvent = z.infer<typeof IntegrationEvent>;

export const Webhook = z.object({
  ID: Id.optional(),
  Name: z.string().min(1),
  Url: z.url(),
  HashKey: z.string().min(1),
  ConfigData: z.unknown().optional(),
  BeforeProcessRequest: z.boolean().default(false),
  ApiClientIDs: z.array(z.string()).default([]),
  WebhookRoutes: z
    .array(z.object({ Route: z.string().min(1), Verb: z.enum(['POST', 'PUT', 'PATCH', 'DELETE']) }))
    .default([]),
});
export type Webhook = z.infer<typeof Webhook>;

type EventRow = typeof integrationEvents.$inferSelect;
type WebhookRow = typeof webhooks.$inferSelect;

const toEvent = (row: EventRow) => ({
  ID: row.id,
  Name: row.name,
  EventType: row.eventType,
  CustomImplementationUrl: row.customImplementationUrl,
  HashKey: row.hashKey,
  ConfigData: row.configData,
  ElevatedRoles: row.elevatedRoles,
});

const toWebhook = (row: WebhookRow) => ({
  ID: row.id,
  Name: row.name,
  Url: row.url,
  HashKey: row.hashKey,
  ConfigData: row.configData,
  BeforeProcessRequest: row.beforeProcessRequest,
  ApiClientIDs: row.apiClientIds,
  WebhookRoutes: row.routes,
});

const simpleList = (id: unknown, name: unknown): ListDefinition => ({
  fields: { ID: { column: id as never, type: 'text' }, Name: { column: name as never, type: 'text' } },
  searchOn: ['ID', 'Name'],
  defaultSort: ['Name'],
});

/** What the platform stores of an integration answer (OrderCloud adds the three read-only fields). */
export interface StoredResponse {
  HttpStatusCode: number | null;
  UnhandledErrorBody: string | null;
  Succeeded: boolean;
  [key: string]: unknown;
}

export interface CallResult {
  ok: boolean;
  status: number | null;
  body: unknown;
  stored: StoredResponse;
}

/** Integration events and webhooks (admin), and the signed calls the platform makes with them. */
export class IntegrationsService {
  readonly events: CrudStore<IntegrationEvent, ReturnType<typeof toEvent>>;
  readonly webhooks: CrudStore<Webhook, ReturnType<typeof toWebhook>>;

  /** Every webhook (a short list), per `webhooks` generation: post-hooks are looked up on every write. */
  private readonly allWebhooks: GenerationCache<'all', WebhookRow[]>;

  constructor(
    private readonly db: Database,
    generations: Generations,
    readonly environment: 'Sandbox' | 'Staging' | 'Production',
    private readonly timeoutMs = 15_000,
    /** The app's job queue (post-hook deliveries); bound once the service has started it. */
    private readonly jobs?: () => Jobs | undefined,
  ) {
    this.allWebhooks = new GenerationCache(generations, 'webhooks');
    this.events = new CrudStore(db, {
      objectType: 'IntegrationEvent',
      table: integrationEvents,
      idColumn: integrationEvents.id,
      idKey: 'id',
      list: simpleList(integrationEvents.id, integrationEvents.name),
      schema: IntegrationEvent,
      toEntity: (row) => toEvent(row as EventRow),
      toValues: (body) => ({
        name: body.Name,
        eventType: body.EventType,
        customImplementationUrl: body.CustomImplementationUrl,
        hashKey: body.HashKey,
        configData: body.ConfigData ?? null,
        elevatedRoles: body.ElevatedRoles,
      }),
    });
    this.webhooks = new CrudStore(db, {
      objectType: 'Webhook',
      table: webhooks,
      idColumn: webhooks.id,
      idKey: 'id',
      list: simpleList(webhooks.id, webhooks.name),
      schema: Webhook,
      toEntity: (row) => toWebhook(row as WebhookRow),
      toValues: (body) => ({
        name: body.Name,
        url: body.Url,
        hashKey: body.HashKey,
        configData: body.ConfigData ?? null,
        beforeProcessRequest: body.BeforeProcessRequest,
        apiClientIds: body.ApiClientIDs,
        routes: body.WebhookRoutes,
      }),
      afterWrite: (tx) => generations.bump(tx, 'webhooks'),
    });
  }

  /** POSTs JSON signed with `X-oc-hash`; network failures and non-2xx answers come back as results. */
  async signedPost(
    url: string,
    hashKey: string,
    payload: unknown,
    extraHeaders: Record<string, string> = {},
  ): Promise<CallResult> {
    const raw = JSON.stringify(payload);
    const attempt = await attemptDelivery(url, {
      body: raw,
      headers: { ...extraHeaders, [OC_HASH_HEADER]: ocHash(hashKey, raw) },
      timeoutMs: this.timeoutMs,
    });
    if (attempt.statusCode === null) {
      return {
        ok: false,
        status: null,
        body: null,
        stored: { HttpStatusCode: null, UnhandledErrorBody: attempt.error, Succeeded: false },
      };
    }
    let body: unknown = null;
    try {
      body = attempt.responseText ? JSON.parse(attempt.responseText) : null;
    } catch {
      body = null;
    }
    const ok = attempt.delivered && (body === null || typeof body === 'object');
    const stored: StoredResponse = {
      ...(ok && body && typeof body === 'object' ? (body as Record<string, unknown>) : {}),
      HttpStatusCode: attempt.statusCode,
      UnhandledErrorBody: ok ? null : attempt.responseText,
      Succeeded: ok,
    };
    return { ok, status: attempt.statusCode, body, stored };
  }

  /** Every webhook (a short list): which of them apply to a request is decided in memory (`appliesTo`). */
  private allWebhookRows(): Promise<WebhookRow[]> {
    return this.db.select().from(webhooks);
  }

  /** The post-hook webhooks on a route and verb for an API client, from the cached list. */
  async postHooksFor(context: RequestContext, route: string, verb: string, clientId: string) {
    const rows = await this.allWebhooks.get(context, 'all', () => this.allWebhookRows());
    return rows
      .filter((row) => !row.beforeProcessRequest && appliesTo(row, route, verb, clientId))
      .map(toWebhook);
  }

  /** The pre-hook webhooks (BeforeProcessRequest) on a route and verb for an API client. */
  async preHooksFor(route: string, verb: string, clientId: string) {
    const rows = await this.allWebhookRows();
    return rows
      .filter((row) => row.beforeProcessRequest && appliesTo(row, route, verb, clientId))
      .map(toWebhook);
  }

  /**
   * Runs the pre-hooks of a route: each gets OrderCloud's webhook payload and answers
   * `{proceed, body}`; `proceed: false` stops the request with the hook's body.
   */
  async runPreHooks(input: {
    route: string;
    routeParams: Record<string, string>;
    verb: string;
    clientId: string;
    userToken: string;
    requestBody: unknown;
    now: Date;
  }): Promise<void> {
    for (const hook of await this.preHooksFor(input.route, input.verb, input.clientId)) {
      const result = await this.signedPost(hook.Url, hook.HashKey, {
        Route: input.route,
        RouteParams: input.routeParams,
        Verb: input.verb,
        Date: input.now.toISOString(),
        LogID: null,
        UserToken: input.userToken,
        Request: { Body: input.requestBody ?? null, Headers: null },
        ConfigData: hook.ConfigData ?? null,
      });
      const answer = (result.body ?? {}) as { proceed?: unknown; body?: unknown; Body?: unknown };
      if (!result.ok) {
        throw new HttpError(502, 'Webhook.Failed', `The webhook ${hook.Name} did not answer.`, {
          StatusCode: result.status,
        });
      }
      if (answer.proceed === false) {
        const body = (answer.body ?? answer.Body ?? null) as { Message?: unknown } | null;
        const message =
          typeof body?.Message === 'string' ? body.Message : `Stopped by the webhook ${hook.Name}.`;
        // The caller receives the hook's body, inside OrderCloud's error shape (our choice of code).
        throw new HttpError(400, 'Webhook.ProceedFalse', message, { Body: body });
      }
    }
  }

  /**
   * After a write request succeeded: one delivery job per matching post-hook (BeforeProcessRequest
   * false), with OrderCloud's webhook payload built now, so a retry sends the same body and LogID.
   * Returns how many were enqueued.
   */
  async enqueuePostHooks(
    context: RequestContext,
    match: { route: string; verb: string; clientId: string },
    describe: () => Omit<PostHookRequest, 'route' | 'verb' | 'clientId'>,
  ): Promise<number> {
    const hooks = await this.postHooksFor(context, match.route, match.verb, match.clientId);
    if (hooks.length === 0) return 0;
    // Built only for a matching hook: most writes have none, and the payload copies the bodies.
    const input = { ...match, ...describe() };
    const jobs = this.jobs?.();
    if (!jobs) throw new Error('post-hook webhooks need the job queue');
    for (const hook of hooks) {
      const payload: PostHookPayload = {
        Route: input.route,
        RouteParams: input.routeParams,
        QueryParams: input.queryParams,
        Verb: input.verb,
        Date: input.now.toISOString(),
        LogID: input.logId,
        UserToken: input.userToken,
        Request: { Body: input.requestBody ?? null, Headers: input.requestHeaders },
        Response: { Body: input.responseBody ?? null, Headers: input.responseHeaders },
        ConfigData: hook.ConfigData ?? null,
      };
      await jobs.enqueue(this.db, WEBHOOK_DELIVERY_QUEUE, {
        webhookId: hook.ID,
        payload,
      } satisfies WebhookDeliveryJob);
    }
    return hooks.length;
  }

  /** Enqueues background work of another module on the app's queue (e.g. a notification retry). */
  async enqueueJob(queue: string, data: object): Promise<void> {
    const jobs = this.jobs?.();
    if (!jobs) throw new Error(`${queue} needs the job queue`);
    await jobs.enqueue(this.db, queue, data);
  }

  /**
   * The delivery job: POSTs the payload signed with the webhook's current HashKey. A failed answer
   * throws, so pg-boss retries with back-off; a webhook deleted meanwhile is simply done.
   */
  async deliverPostHook(job: WebhookDeliveryJob): Promise<CallResult | undefined> {
    const hook = await this.webhooks.find(job.webhookId);
    if (!hook) return undefined;
    const result = await this.signedPost(hook.Url, hook.HashKey, job.payload);
    if (!result.ok) {
      throw new Error(
        `webhook ${hook.ID} answered ${result.status ?? 'nothing'}: ${result.stored.UnhandledErrorBody ?? ''}`.trim(),
      );
    }
    return result;
  }
}

/** Whether a webhook is on a route and verb for an API client; an empty ApiClientIDs list means every client. */
const appliesTo = (row: WebhookRow, route: string, verb: string, clientId: string) =>
  (row.apiClientIds.length === 0 || row.apiClientIds.includes(clientId)) &&
  row.routes.some(
    (candidate) => candidate.Verb === verb && candidate.Route.toLowerCase() === route.toLowerCase(),
  );

/** The pg-boss queue of post-hook webhook deliveries. */
export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

/** What the platform knows of a succeeded write request when its post-hooks are due. */
export interface PostHookRequest {
  /** OrderCloud's route template, e.g. `v1/orders/{direction}/{orderID}/cancel`. */
  route: string;
  routeParams: Record<string, string>;
  queryParams: Record<string, string>;
  verb: string;
  clientId: string;
  userToken: string;
  logId: string;
  requestBody: unknown;
  requestHeaders: Record<string, string>;
  responseBody: unknown;
  responseHeaders: Record<string, string>;
  now: Date;
}

/** OrderCloud's webhook payload (docs/domain.md, checkout integration and webhooks); `Response` is the post-hook's addition. */
export interface PostHookPayload {
  Route: string;
  RouteParams: Record<string, string>;
  QueryParams: Record<string, string>;
  Verb: string;
  Date: string;
  LogID: string;
  UserToken: string;
  Request: { Body: unknown; Headers: Record<string, string> };
  Response: { Body: unknown; Headers: Record<string, string> };
  ConfigData: unknown;
}

export interface WebhookDeliveryJob {
  webhookId: string;
  payload: PostHookPayload;
}
