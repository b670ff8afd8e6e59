import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ServiceApp } from './app.ts';
import { unauthorized } from './errors.ts';

/** The header every internal caller sends its service credential in. */
export const API_KEY_HEADER = 'x-api-key';

/** The callers of a service and each one's key, e.g. `{ storefront: '…', middleware: '…' }`. */
export type ApiKeys = Readonly<Record<string, string>>;

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Constant-time string comparison: both sides are hashed first, so neither the content nor the length
 * of the expected value leaks through timing.
 */
export function safeEqual(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

const headerValue = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header);

/**
 * The caller whose key this is, or undefined. Every configured key is compared (constant time each), so
 * the answer does not depend on which caller matched.
 */
export function callerOfKey(keys: ApiKeys, given: string | string[] | undefined): string | undefined {
  const value = headerValue(given);
  if (!value) return undefined;
  let caller: string | undefined;
  for (const [name, key] of Object.entries(keys)) {
    if (safeEqual(value, key) && caller === undefined) caller = name;
  }
  return caller;
}

/** The caller a request authenticated as (set by `requireApiKey`). */
const callers = new WeakMap<FastifyRequest, string>();
export const apiCallerOf = (request: FastifyRequest): string | undefined => callers.get(request);

export interface ApiKeyOptions {
  /** The error of a missing or wrong key, in the service's own format (default: 401 `invalid-api-key`). */
  refuse?: () => Error;
}

const defaultRefusal = () =>
  unauthorized('invalid-api-key', `A valid service API key is required in the ${API_KEY_HEADER} header.`);

/**
 * An onRequest/preHandler hook that lets a request through only with one of the keys in `x-api-key`
 * (401 otherwise, before the body is read). The key itself never reaches an error or a log line.
 */
export function requireApiKey(keys: ApiKeys, options: ApiKeyOptions = {}) {
  const refuse = options.refuse ?? defaultRefusal;
  return async (request: FastifyRequest) => {
    const caller = callerOfKey(keys, request.headers[API_KEY_HEADER]);
    if (caller === undefined) throw refuse();
    callers.set(request, caller);
  };
}

/**
 * Names the `x-api-key` scheme in the OpenAPI document, on every operation `secured` selects (by path
 * and tags), once the document is built.
 */
export function documentApiKey(
  app: ServiceApp,
  description: string,
  secured: (path: string, tags: readonly string[]) => boolean,
) {
  app.addHook('onReady', async () => {
    type Operation = { tags?: string[]; security?: unknown };
    const document = app.swagger() as {
      components?: Record<string, unknown>;
      paths?: Record<string, Record<string, Operation>>;
    };
    document.components ??= {};
    document.components.securitySchemes = {
      ...(document.components.securitySchemes as object | undefined),
      apiKey: { type: 'apiKey', in: 'header', name: API_KEY_HEADER, description },
    };
    for (const [path, operations] of Object.entries(document.paths ?? {})) {
      for (const operation of Object.values(operations)) {
        if (operation && typeof operation === 'object' && secured(path, operation.tags ?? [])) {
          operation.security = [{ apiKey: [] }];
        }
      }
    }
  });
}
