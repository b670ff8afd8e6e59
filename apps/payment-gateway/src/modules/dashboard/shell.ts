import { randomBytes } from 'node:crypto';
import { HttpError } from '@actuate/service-kit';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { CSRF_FIELD, errorPage } from './layout.ts';
import { type DashboardAuthService, type DashboardUser, sameSecret } from './service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireDashboardUser` for the routes it guards. */
    dashboardUser?: DashboardUser;
  }
}

/** The session cookie (HttpOnly, SameSite=Strict, Path=/dashboard; Secure over HTTPS). */
export const SESSION_COOKIE = 'actuate_dashboard';
/** The sign-in form's double-submit CSRF cookie (there is no session yet to bind a token to). */
export const LOGIN_CSRF_COOKIE = 'actuate_dashboard_login';

export const cookieOptions = (request: FastifyRequest, path = '/dashboard') => ({
  httpOnly: true,
  sameSite: 'strict' as const,
  path,
  secure: request.protocol === 'https',
});

export const newLoginCsrfToken = () => randomBytes(24).toString('base64url');

/** A form POST must come from a page of this gateway: its Origin (or Referer) is the gateway's. */
export function comesFromOwnPage(request: FastifyRequest, publicOrigin: string) {
  const stated = request.headers.origin ?? originOf(request.headers.referer);
  if (!stated) return false;
  return stated === publicOrigin || stated === `${request.protocol}://${request.host}`;
}

function originOf(url: string | undefined) {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

export const formField = (request: FastifyRequest, name: string) => {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  return typeof value === 'string' ? value : undefined;
};

/** The signed-in user of a route guarded by `requireDashboardUser`. */
export function dashboardUserOf(request: FastifyRequest): DashboardUser {
  if (!request.dashboardUser) throw new Error('dashboardUserOf used on a route without requireDashboardUser');
  return request.dashboardUser;
}

/** The signed-in page's path, passed to the sign-in page so it can come back (only dashboard paths). */
export function safeNext(next: string | undefined) {
  return next && /^\/dashboard\/[\w\-./?=&%+:]*$/.test(next) && !next.includes('//') ? next : undefined;
}

/**
 * The preHandler of every signed-in dashboard route: the session cookie must name a live session
 * (else a GET goes to the sign-in page and comes back afterwards); a POST must also come from the
 * gateway's own page (Origin) and carry the session's CSRF token in `_csrf`. The user is then at
 * `dashboardUserOf(request)`, and every query must use its `merchantAccount`, never a form field.
 */
export function requireDashboardUser(deps: {
  auth: DashboardAuthService;
  publicOrigin: string;
}): preHandlerAsyncHookHandler {
  return async function requireDashboardUserHandler(request: FastifyRequest, reply: FastifyReply) {
    const user = await deps.auth.userForToken(request.cookies[SESSION_COOKIE]);
    if (!user) {
      const next = request.method === 'GET' ? safeNext(request.url) : undefined;
      const query = new URLSearchParams({ notice: 'session-ended', ...(next ? { next } : {}) });
      return reply.redirect(`/dashboard/login?${query}`, 303);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      if (!comesFromOwnPage(request, deps.publicOrigin))
        throw new HttpError(403, 'cross-origin', 'This form was not sent from the dashboard.');
      const token = formField(request, CSRF_FIELD);
      if (!token || !sameSecret(token, user.csrfToken))
        throw new HttpError(403, 'csrf', 'This form has expired. Reload the page and try again.');
    }
    request.dashboardUser = user;
  };
}

/** Renders a failure inside the dashboard as an HTML page (the API's JSON errors are for machines). */
export function sendErrorPage(reply: FastifyReply, status: number, message: string) {
  return reply.status(status).type('text/html; charset=utf-8').send(errorPage(status, message));
}

/** Constant-time comparison that treats a missing side as a mismatch. */
export const sameSecretOrFalse = (given: string | undefined, expected: string | undefined) =>
  given !== undefined && expected !== undefined && given.length > 0 && sameSecret(given, expected);
