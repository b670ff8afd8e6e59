import { HttpError, type ServiceApp, toHttpError } from '@actuate/service-kit';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyError, preHandlerAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { DASHBOARD_CSS, DASHBOARD_CSS_PATH, loginPage } from './layout.ts';
import type { DashboardAuthService } from './service.ts';
import {
  comesFromOwnPage,
  cookieOptions,
  formField,
  LOGIN_CSRF_COOKIE,
  newLoginCsrfToken,
  requireDashboardUser,
  SESSION_COOKIE,
  safeNext,
  sameSecretOrFalse,
  sendErrorPage,
} from './shell.ts';

/** What the dashboard's page modules get: the guard of signed-in routes. */
export interface DashboardShell {
  requireDashboardUser: preHandlerAsyncHookHandler;
}

const NOTICES: Record<string, { kind: 'status' | 'alert'; text: string }> = {
  'signed-out': { kind: 'status', text: 'You are signed out.' },
  'session-ended': { kind: 'alert', text: 'Please sign in to continue.' },
};

const LoginForm = z.object({
  email: z.string().max(320),
  password: z.string().max(1024),
  next: z.string().max(2048).optional(),
});

/**
 * The merchant dashboard under `/dashboard`: sign-in and sign-out here, the pages of each section in
 * `pages` (registered in the same encapsulated scope, so they get the dashboard's HTML error pages,
 * security headers and `shell.requireDashboardUser`).
 */
export async function registerDashboard(
  app: ServiceApp,
  deps: { auth: DashboardAuthService; publicOrigin: string; loginAttemptsPerMinute: number },
  pages: (scope: ServiceApp, shell: DashboardShell) => void,
) {
  await app.register(cookie);
  await app.register(async (plain) => {
    // An encapsulated child of the app: the same zod type provider as its parent.
    const scope = plain as unknown as ServiceApp;
    await scope.register(rateLimit, {
      global: false,
      errorResponseBuilder: () =>
        new HttpError(429, 'too-many-attempts', 'Too many sign-in attempts. Wait a minute and try again.'),
    });
    scope.setErrorHandler((error: FastifyError, request, reply) => {
      const httpError = toHttpError(error);
      if (httpError.status >= 500) request.log.error({ err: error }, 'dashboard request failed');
      const message = httpError.status >= 500 ? 'Something went wrong. Try again.' : httpError.message;
      return sendErrorPage(reply, httpError.status, message);
    });
    scope.addHook('onSend', async (_request, reply) => {
      reply.header(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      );
      reply.header('Referrer-Policy', 'same-origin');
      reply.header('X-Content-Type-Options', 'nosniff');
      if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    });

    const shell: DashboardShell = { requireDashboardUser: requireDashboardUser(deps) };

    scope.get(DASHBOARD_CSS_PATH, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('Cache-Control', 'no-cache').send(DASHBOARD_CSS),
    );
    scope.get('/dashboard', { schema: { hide: true } }, async (_request, reply) =>
      reply.redirect('/dashboard/payments', 303),
    );

    scope.get(
      '/dashboard/login',
      {
        schema: {
          hide: true,
          querystring: z.object({
            next: z.string().max(2048).optional(),
            notice: z.string().max(32).optional(),
          }),
        },
      },
      async (request, reply) => {
        if (await deps.auth.userForToken(request.cookies[SESSION_COOKIE]))
          return reply.redirect(safeNext(request.query.next) ?? '/dashboard/payments', 303);
        const csrfToken = request.cookies[LOGIN_CSRF_COOKIE] ?? newLoginCsrfToken();
        const next = safeNext(request.query.next);
        return reply
          .setCookie(LOGIN_CSRF_COOKIE, csrfToken, cookieOptions(request, '/dashboard/login'))
          .type('text/html; charset=utf-8')
          .send(
            loginPage({
              csrfToken,
              ...(next ? { next } : {}),
              ...(request.query.notice && NOTICES[request.query.notice]
                ? { notice: NOTICES[request.query.notice] }
                : {}),
            }),
          );
      },
    );

    scope.post(
      '/dashboard/login',
      {
        schema: { hide: true },
        config: { rateLimit: { max: deps.loginAttemptsPerMinute, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const expected = request.cookies[LOGIN_CSRF_COOKIE];
        if (
          !comesFromOwnPage(request, deps.publicOrigin) ||
          !sameSecretOrFalse(formField(request, '_csrf'), expected)
        )
          throw new HttpError(403, 'csrf', 'This form has expired. Reload the page and try again.');
        const form = LoginForm.safeParse(request.body);
        if (!form.success) throw new HttpError(400, 'validation', 'Enter your e-mail and password.');
        const next = safeNext(form.data.next);
        const result = await deps.auth.signIn(form.data.email, form.data.password);
        if (!result.ok) {
          return reply
            .status(401)
            .type('text/html; charset=utf-8')
            .send(
              loginPage({
                csrfToken: expected ?? '',
                email: form.data.email,
                ...(next ? { next } : {}),
                notice: { kind: 'alert', text: 'Wrong e-mail or password.' },
              }),
            );
        }
        return reply
          .setCookie(SESSION_COOKIE, result.value.token, {
            ...cookieOptions(request),
            expires: result.value.expiresAt,
          })
          .clearCookie(LOGIN_CSRF_COOKIE, cookieOptions(request, '/dashboard/login'))
          .redirect(next ?? '/dashboard/payments', 303);
      },
    );

    scope.post(
      '/dashboard/logout',
      { schema: { hide: true }, preHandler: shell.requireDashboardUser },
      async (request, reply) => {
        const token = request.cookies[SESSION_COOKIE];
        if (token) await deps.auth.signOut(token);
        return reply
          .clearCookie(SESSION_COOKIE, cookieOptions(request))
          .redirect('/dashboard/login?notice=signed-out', 303);
      },
    );

    pages(scope, shell);
  });
}
