import { baseContext } from '@actuate/service-kit';
import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { PlatformContext } from '../../shared/context.ts';
import { insufficientRoles, notAuthenticated, notFoundError, tokenRevoked } from '../../shared/errors.ts';
import type { TokenRevocations } from './revocations.ts';
import type { TokenSigner } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    platformContext: PlatformContext | null;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;
const DEFAULT_CURRENCY = 'EUR';

/**
 * Builds the request context from the access token of every `/v1` request (401 without a valid one).
 * Stateless: everything the context needs is in the signed token; whether its session was revoked
 * comes from the request's one read of the cache counters (`TokenRevocations`).
 */
/** OrderCloud's password reset routes, open without a token. */
export const PASSWORD_RESET_ROUTE = '/v1/password/reset';

export function installAuthentication(
  app: FastifyInstance,
  signer: TokenSigner,
  revocations: TokenRevocations,
): void {
  app.decorateRequest('platformContext', null);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/v1/')) return;
    // Anonymous, as OrderCloud's: whoever forgot their password has no token.
    if (request.routeOptions.url?.startsWith(PASSWORD_RESET_ROUTE)) return;
    const match = BEARER.exec(request.headers.authorization ?? '');
    if (!match?.[1]) throw notAuthenticated();
    const claims = await signer.verify(match[1]);
    if (!claims) throw notAuthenticated('The access token is invalid or expired.');
    const context: PlatformContext = {
      ...baseContext(request),
      caller: {
        userId: claims.u,
        username: claims.usr,
        type: claims.usrtype,
        buyerId: claims.bid,
        clientId: claims.cid,
        roles: new Set(claims.role),
        ...(claims.imp ? { impersonatorId: claims.imp } : {}),
      },
      accessToken: match[1],
      currency: claims.cur || DEFAULT_CURRENCY,
      locale: claims.lang,
    };
    if (await revocations.refuses(context, claims)) throw tokenRevoked();
    request.platformContext = context;
  });
}

/** The context of an authenticated `/v1` request. */
export function contextOf(request: FastifyRequest): PlatformContext {
  if (!request.platformContext) throw notAuthenticated();
  return request.platformContext;
}

/** True when the caller holds FullAccess or any of the roles. */
export const hasAnyRole = (context: PlatformContext, roles: readonly string[]) =>
  context.caller.roles.has('FullAccess') || roles.some((role) => context.caller.roles.has(role));

/** A preHandler refusing callers without any of the roles (403 `Auth.InsufficientRoles`). */
export function requireRoles(...roles: string[]): { preValidation: preValidationAsyncHookHandler } {
  return {
    preValidation: async (request) => {
      if (!hasAnyRole(contextOf(request), roles)) throw insufficientRoles(roles);
    },
  };
}

export function assertRoles(context: PlatformContext, ...roles: string[]): void {
  if (!hasAnyRole(context, roles)) throw insufficientRoles(roles);
}

/** Route prefixes a buyer user may reach; each service scopes them further to the caller's data. */
const BUYER_USER_ROUTES = ['/v1/me', '/v1/orders', '/v1/cart', '/v1/lineitems', '/v1/buyers/:buyerID'];

/**
 * Buyer users never act across companies: whatever roles a profile grants them, they reach only
 * `/me`, their own orders (and cart, and their orders' line items) and their own company's routes
 * (`/buyers/{their buyer}/…`), so a misassigned admin role cannot expose another buyer's data.
 */
export function confineBuyerUsers(app: FastifyInstance): void {
  // After the route's own role check, so a buyer user without the role still learns which roles it needs.
  app.addHook('preHandler', async (request) => {
    const context = request.platformContext;
    if (context?.caller.type !== 'buyer') return;
    const route = request.routeOptions.url ?? '';
    if (!BUYER_USER_ROUTES.some((prefix) => route === prefix || route.startsWith(`${prefix}/`))) {
      throw insufficientRoles([]);
    }
    const buyerId = (request.params as Record<string, string> | undefined)?.buyerID;
    if (route.startsWith('/v1/buyers/:buyerID') && buyerId !== context.caller.buyerId) {
      throw notFoundError('Buyer', buyerId ?? '');
    }
  });
}
