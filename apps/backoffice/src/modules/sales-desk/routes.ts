/**
 * The sales desk's web pages (server-rendered HTML): an operator signs in with the back-office key
 * and gets a session cookie (HttpOnly, SameSite=Strict, path /sales-desk) holding an HMAC of the key,
 * so the key never sits in the browser and changing it ends every session. Quotes are read and
 * answered in the middleware, which owns them.
 */
import { createHmac } from 'node:crypto';
import { toMinorUnits } from '@actuate/contracts';
import { type ServiceApp, safeEqual } from '@actuate/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { QuoteDeskClient } from './middleware-client.ts';
import { escapeHtml, listPage, quotePage, signInPage } from './pages.ts';

const COOKIE = 'sales_desk';
const tags = ['sales-desk'];
const ROLES = 'Roles: a sales-desk operator signed in with the back-office key (session cookie); HTML.';
const IdParams = z.object({ id: z.string().min(1).max(40) });
/** A form field as text: a body that is not a form (JSON, a number) gives nothing, never a crash. */
function field(body: unknown, name: string): string {
  const value =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

const AnswerForm = z.object({
  validUntil: z.iso.date(),
  note: z.string().trim().max(2000).default(''),
});

export function salesDeskRoutes(app: ServiceApp, settings: { apiKey: string; desk: QuoteDeskClient }) {
  const session = createHmac('sha256', settings.apiKey).update('sales-desk-session-v1').digest('hex');
  const signedIn = (request: FastifyRequest) => {
    const cookie = (request.headers.cookie ?? '')
      .split(';')
      .map((part) => part.trim())
      .find((part) => part.startsWith(`${COOKIE}=`));
    return cookie !== undefined && safeEqual(cookie.slice(COOKIE.length + 1), session);
  };
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
  const toSignIn = (reply: FastifyReply) => reply.redirect('/sales-desk/sign-in', 303);
  // A form post must come from this origin (with SameSite=Strict this is belt and braces).
  const sameOrigin = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    return origin === undefined || origin === `${request.protocol}://${request.headers.host}`;
  };

  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 64 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    scope.get(
      '/sales-desk',
      { schema: { tags, summary: 'Sales desk home (redirects to the quotes)', description: ROLES } },
      (_request, reply) => reply.redirect('/sales-desk/quotes', 303),
    );
    scope.get(
      '/sales-desk/sign-in',
      { schema: { tags, summary: 'Sales desk sign-in page', description: 'Open.' } },
      (_request, reply) => html(reply, signInPage()),
    );
    scope.post(
      '/sales-desk/sign-in',
      {
        schema: {
          tags,
          summary: 'Signs the sales desk in with the back-office key (form post)',
          description: 'Open; a wrong key is a 401 page.',
        },
      },
      (request, reply) => {
        const key = field(request.body, 'key');
        if (!sameOrigin(request) || !safeEqual(key, settings.apiKey))
          return html(reply, signInPage('That key is not the back-office key.'), 401);
        reply.header(
          'set-cookie',
          `${COOKIE}=${session}; HttpOnly; SameSite=Strict; Path=/sales-desk; Max-Age=28800`,
        );
        return reply.redirect('/sales-desk/quotes', 303);
      },
    );
    scope.post(
      '/sales-desk/sign-out',
      { schema: { tags, summary: 'Signs the sales desk out', description: ROLES } },
      (_request, reply) => {
        reply.header('set-cookie', `${COOKIE}=; HttpOnly; SameSite=Strict; Path=/sales-desk; Max-Age=0`);
        return reply.redirect('/sales-desk/sign-in', 303);
      },
    );

    scope.get(
      '/sales-desk/quotes',
      { schema: { tags, summary: 'Every quote, newest first (HTML)', description: ROLES } },
      async (request, reply) => {
        if (!signedIn(request)) return toSignIn(reply);
        const answer = await settings.desk.list();
        if (!answer.ok)
          return html(
            reply,
            listPage([]).replace(
              '<main>',
              `<main><p class="error" role="alert">${escapeHtml(answer.detail)}</p>`,
            ),
            502,
          );
        return html(reply, listPage(answer.value.items));
      },
    );

    scope.get(
      '/sales-desk/quotes/:id',
      {
        schema: {
          tags,
          summary: 'One quote with the answer form (HTML)',
          description: ROLES,
          params: IdParams,
        },
      },
      async (request, reply) => {
        if (!signedIn(request)) return toSignIn(reply);
        const { id } = request.params as { id: string };
        const answer = await settings.desk.get(id);
        if (!answer.ok) return html(reply, page404(), answer.status === 404 ? 404 : 502);
        return html(reply, quotePage(answer.value));
      },
    );

    scope.post(
      '/sales-desk/quotes/:id/answer',
      {
        schema: {
          tags,
          summary: 'Sends the quote: a unit price per line (decimal), valid-until date and note (form post)',
          description: `${ROLES} Bad input shows the form again with the reason (400/409/422) and changes nothing.`,
          params: IdParams,
        },
      },
      async (request, reply) => {
        if (!signedIn(request) || !sameOrigin(request)) return toSignIn(reply);
        const { id } = request.params as { id: string };
        const found = await settings.desk.get(id);
        if (!found.ok) return html(reply, page404(), found.status === 404 ? 404 : 502);
        const quote = found.value;
        const form = request.body ?? {};
        const fields = AnswerForm.safeParse(form);
        const lines: { lineNo: number; unitPrice: number }[] = [];
        for (const line of quote.lines) {
          const raw = field(form, `price-${line.lineNo}`).trim().replace(',', '.');
          let unitPrice: number | undefined;
          try {
            unitPrice = raw === '' ? undefined : toMinorUnits(raw, quote.currency);
          } catch {
            unitPrice = undefined;
          }
          if (unitPrice === undefined || unitPrice < 0)
            return html(
              reply,
              quotePage(quote, `Line ${line.lineNo}: enter a unit price such as 123.45.`),
              400,
            );
          lines.push({ lineNo: line.lineNo, unitPrice });
        }
        if (!fields.success) return html(reply, quotePage(quote, 'Enter a valid-until date.'), 400);
        const sent = await settings.desk.answer(id, { lines, ...fields.data });
        if (!sent.ok)
          return html(reply, quotePage(quote, sent.detail), sent.status >= 500 ? 502 : sent.status);
        return reply.redirect(`/sales-desk/quotes/${encodeURIComponent(id)}`, 303);
      },
    );

    scope.post(
      '/sales-desk/quotes/:id/decline',
      {
        schema: {
          tags,
          summary: 'Turns a quote request down (form post)',
          description: ROLES,
          params: IdParams,
        },
      },
      async (request, reply) => {
        if (!signedIn(request) || !sameOrigin(request)) return toSignIn(reply);
        const { id } = request.params as { id: string };
        const note = field(request.body, 'note').slice(0, 2000);
        const sent = await settings.desk.decline(id, note);
        if (!sent.ok) {
          const found = await settings.desk.get(id);
          return found.ok
            ? html(reply, quotePage(found.value, sent.detail), sent.status)
            : html(reply, page404(), found.status === 404 ? 404 : 502);
        }
        return reply.redirect(`/sales-desk/quotes/${encodeURIComponent(id)}`, 303);
      },
    );
  });
}

const page404 = () => signInPage().replace('Sign in', 'Not found');
