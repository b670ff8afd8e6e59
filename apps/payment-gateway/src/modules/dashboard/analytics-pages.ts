import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { escapeHtml } from '../../shared/html.ts';
import type { AnalyticsService, AttemptWithEvents } from '../risk/analytics-service.ts';
import { dashboardPage } from './layout.ts';
import type { DashboardShell } from './routes.ts';
import { dashboardUserOf, sendErrorPage } from './shell.ts';

const PAGE_SIZE = 50;

const AnalyticsQuery = z.object({
  checkoutAttemptId: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.string().max(128).optional(),
  ),
});

const dateTime = (date: Date) => escapeHtml(date.toISOString().replace('T', ' ').slice(0, 19));

const KIND_LABEL = { info: 'Info', errors: 'Error', logs: 'Log' } as const;

function filterForm(checkoutAttemptId: string | undefined) {
  return `<form method="GET" action="/dashboard/analytics" class="filters" aria-label="Filter checkout attempts">
<label>Checkout attempt id <input name="checkoutAttemptId" value="${escapeHtml(checkoutAttemptId ?? '')}" maxlength="128"></label>
<button type="submit">Filter</button>
</form>`;
}

/** One event in a line: its type and the facts the widget sent (as compact JSON). */
const eventSummary = (event: Record<string, unknown>) => {
  const { type, ...rest } = event;
  return `${typeof type === 'string' ? `<strong>${escapeHtml(type)}</strong> ` : ''}<code>${escapeHtml(JSON.stringify(rest))}</code>`;
};

function attemptSection(attempt: AttemptWithEvents, index: number) {
  const headingId = `attempt-${index}`;
  const setup = attempt.setup as Record<string, unknown>;
  const facts = ['version', 'channel', 'platform', 'buildType', 'locale', 'referrer', 'screenWidth']
    .filter((key) => setup[key] !== undefined)
    .map((key) => `<dt>${escapeHtml(key)}</dt><dd>${escapeHtml(String(setup[key]))}</dd>`)
    .join('');
  const rows = attempt.events
    .map(
      (event) =>
        `<tr><td>${dateTime(event.createdAt)}</td><td>${KIND_LABEL[event.kind]}</td><td>${eventSummary(event.event)}</td></tr>`,
    )
    .join('');
  const events =
    attempt.events.length === 0
      ? '<p>No events yet.</p>'
      : `<div class="table-wrap" role="region" aria-labelledby="${headingId}" tabindex="0"><table>
<caption>Events of this attempt, oldest first</caption>
<thead><tr><th scope="col">Received (UTC)</th><th scope="col">Kind</th><th scope="col">Event</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
  return `<section aria-labelledby="${headingId}">
<h2 id="${headingId}">Attempt <code>${escapeHtml(attempt.checkoutAttemptId)}</code></h2>
<dl class="facts"><dt>Started (UTC)</dt><dd>${dateTime(attempt.createdAt)}</dd>${facts}</dl>
${events}
</section>`;
}

/**
 * Checkout analytics: the widget's checkout attempts for the signed-in merchant, newest first, each
 * with its info, error and log events (kept for the retention period, then deleted).
 */
export function dashboardAnalyticsRoutes(
  app: ServiceApp,
  shell: DashboardShell,
  deps: { analytics: AnalyticsService },
) {
  app.get(
    '/dashboard/analytics',
    { schema: { hide: true }, preHandler: shell.requireDashboardUser },
    async (request, reply) => {
      const user = dashboardUserOf(request);
      const parsed = AnalyticsQuery.safeParse(request.query);
      if (!parsed.success) return sendErrorPage(reply, 400, 'This filter is not valid.');
      const { checkoutAttemptId } = parsed.data;
      const attempts = await deps.analytics.attempts(user.merchantAccount, {
        checkoutAttemptId,
        limit: PAGE_SIZE,
      });
      const list =
        attempts.length === 0
          ? '<p>No checkout attempts match.</p>'
          : attempts.map((attempt, index) => attemptSection(attempt, index)).join('');
      const intro = `<p>The widget's checkout attempts (latest ${PAGE_SIZE}) and the events it reported for them.</p>`;
      return reply.type('text/html; charset=utf-8').send(
        dashboardPage(user, 'Checkout analytics', `${intro}${filterForm(checkoutAttemptId)}${list}`, {
          section: 'analytics',
        }),
      );
    },
  );
}
