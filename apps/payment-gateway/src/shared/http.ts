import type { ServiceApp } from '@actuate/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotencyService } from '../modules/idempotency/service.ts';
import type { ClientKeyGrant, Merchant, MerchantService } from '../modules/merchants/service.ts';
import { gatewayError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the merchant API's API-key check or the client API's client-key check. */
    merchant: Merchant | null;
    clientKey: string | null;
  }
}

/** Merchant API versions served; all by the same handlers (the versions differ in nothing the sandbox uses). */
export const MERCHANT_API_VERSIONS = [68, 69, 70, 71, 72] as const;

export function authenticatedMerchant(request: FastifyRequest): Merchant {
  if (!request.merchant) throw gatewayError.unauthenticated();
  return request.merchant;
}

/**
 * Registers merchant routes once per API version (`/v68` … `/v72`), each behind the `X-API-Key`
 * check (401 `000` otherwise).
 */
export async function registerMerchantApi(
  app: ServiceApp,
  merchants: MerchantService,
  routes: (scope: ServiceApp) => void,
) {
  for (const version of MERCHANT_API_VERSIONS) {
    await app.register(
      async (scope) => {
        const typed = scope as unknown as ServiceApp;
        typed.addHook('onRequest', async (request) => {
          const header = request.headers['x-api-key'];
          request.merchant = await merchants.authenticateApiKey(Array.isArray(header) ? header[0] : header);
        });
        routes(typed);
      },
      { prefix: `/v${version}` },
    );
  }
}

/** The request path without the API version, so every version shares one idempotency scope. */
const unversionedPath = (url: string) => (url.split('?')[0] ?? url).replace(/^\/v\d+/, '');

/**
 * Answers a merchant POST through the idempotency store: the first answer to an `Idempotency-Key` is
 * replayed to every retry (header echoed).
 */
export async function answerIdempotently(
  idempotency: IdempotencyService,
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  handler: () => Promise<unknown>,
  replay?: (ref: string) => Promise<unknown>,
) {
  const merchant = authenticatedMerchant(request);
  const header = request.headers['idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  if (key !== undefined) reply.header('Idempotency-Key', key);
  const answer = await idempotency.run(
    merchant.account,
    key,
    { endpoint: `${request.method} ${unversionedPath(request.url)}`, body: request.body },
    async () => ({ status, body: await handler() }),
    replay && (async (ref) => ({ status, body: await replay(ref) })),
  );
  return reply.status(answer.status).send(answer.body);
}

/** Origins are compared without a trailing slash or path. */
export function normaliseOrigin(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

export interface ClientApiOptions {
  merchants: MerchantService;
  /** The gateway's own origin: its pages (frames, sandbox) may always use a key. */
  ownOrigin: string;
}

/**
 * Where a client API call comes from, as the browser tells it: an origin; `same-origin` for the
 * gateway's own pages, whose same-origin GETs carry no `Origin` but `Sec-Fetch-Site: same-origin`;
 * or `refused` for a missing, `null` or unparseable `Origin` (sandboxed frames, `<img>`/`<script>`
 * requests and tools that hide where they come from). Server-side callers name an allowed origin.
 */
export type CallerOrigin = { kind: 'origin'; origin: string } | { kind: 'same-origin' } | { kind: 'refused' };

export function callerOrigin(headers: FastifyRequest['headers']): CallerOrigin {
  const raw = headers.origin;
  if (raw === undefined) {
    return headers['sec-fetch-site'] === 'same-origin' ? { kind: 'same-origin' } : { kind: 'refused' };
  }
  const origin = normaliseOrigin(raw);
  return origin === undefined ? { kind: 'refused' } : { kind: 'origin', origin };
}

/** A CORS preflight's answer (the allowed origin is set by the caller): 204 with the methods and headers. */
export function answerPreflight(request: FastifyRequest, reply: FastifyReply, methods: string) {
  return reply
    .header('Access-Control-Allow-Methods', methods)
    .header(
      'Access-Control-Allow-Headers',
      request.headers['access-control-request-headers'] ?? 'content-type',
    )
    .header('Access-Control-Max-Age', '600')
    .status(204)
    .send();
}

/**
 * The client API's gate: a client key (query `clientKey` or `token`) that exists, used from one of
 * its allowed origins; a missing or unusable `Origin` is refused like a disallowed one (see
 * `callerOrigin`). CORS headers are sent for allowed origins only; preflights are answered here.
 */
export async function registerClientApi(
  app: ServiceApp,
  options: ClientApiOptions,
  routes: (scope: ServiceApp) => void,
) {
  for (const prefix of ['', '/checkoutshopper']) {
    await app.register(
      async (scope) => {
        const typed = scope as unknown as ServiceApp;
        typed.addHook('onRequest', async (request, reply) => {
          const query = request.query as Record<string, string | undefined>;
          const clientKey = query.clientKey ?? query.token;
          const caller = callerOrigin(request.headers);
          const origin = caller.kind === 'origin' ? caller.origin : undefined;
          const grant: ClientKeyGrant | undefined = clientKey
            ? await options.merchants.findClientKey(clientKey)
            : undefined;
          const originAllowed =
            caller.kind === 'same-origin' ||
            origin === options.ownOrigin ||
            (origin !== undefined && (grant?.allowedOrigins.includes(origin) ?? false));
          // An unknown key gets CORS too, so the widget can read the error; a wrong origin does not.
          if (origin && (originAllowed || !grant)) {
            reply.header('Access-Control-Allow-Origin', origin);
            reply.header('Vary', 'Origin');
          }
          if (!clientKey)
            throw gatewayError.unauthenticated(
              'No clientKey provided: pass it as the clientKey (or token) query parameter.',
            );
          if (!grant) throw gatewayError.unauthenticated('Invalid clientKey: no such client key.');
          if (!originAllowed) {
            throw gatewayError.forbidden(
              origin
                ? `Origin ${origin} is not allowed for this client key.`
                : 'The request names no usable Origin: the client key is used from its allowed origins only.',
              '010',
            );
          }
          if (request.method === 'OPTIONS') return answerPreflight(request, reply, 'GET, POST, OPTIONS');
          request.merchant = grant.merchant;
          request.clientKey = clientKey;
        });
        typed.options('/*', async (_request, reply) => reply.status(204).send());
        routes(typed);
      },
      { prefix },
    );
  }
}
