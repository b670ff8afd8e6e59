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

/** Merchant API versions served; all by the same handlers (DESIGN §1). */
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
 * The client API's gate: a client key (query `clientKey` or `token`) that exists, used from one of
 * its allowed origins (when the browser names an origin). CORS headers are sent for allowed
 * origins only; preflights are answered here.
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
          const origin = normaliseOrigin(request.headers.origin);
          const grant: ClientKeyGrant | undefined = clientKey
            ? await options.merchants.findClientKey(clientKey)
            : undefined;
          const originAllowed =
            origin === undefined ||
            origin === options.ownOrigin ||
            (grant?.allowedOrigins.includes(origin) ?? false);
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
            throw gatewayError.forbidden(`Origin ${origin} is not allowed for this client key.`, '010');
          }
          if (request.method === 'OPTIONS') {
            reply
              .header('Access-Control-Allow-Methods', 'GET, POST, OPTIONS')
              .header(
                'Access-Control-Allow-Headers',
                request.headers['access-control-request-headers'] ?? 'content-type',
              )
              .header('Access-Control-Max-Age', '600')
              .status(204)
              .send();
            return reply;
          }
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
