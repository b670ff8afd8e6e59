import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { escapeHtml } from '../../shared/html.ts';
import type { DeliveryLogEntry, DeliveryLogService } from '../webhooks/delivery-log.ts';
import { csrfField, dashboardPage } from './layout.ts';
import type { DashboardShell } from './routes.ts';
import { dashboardUserOf, sendErrorPage } from './shell.ts';

const PAGE_SIZE = 50;

const EVENT_CODES = [
  'AUTHORISATION',
  'CAPTURE',
  'CAPTURE_FAILED',
  'REFUND',
  'REFUND_FAILED',
  'CANCELLATION',
  'CANCEL_OR_REFUND',
  'RECURRING_CONTRACT',
  'OFFER_CLOSED',
  'NOTIFICATION_OF_CHARGEBACK',
  'CHARGEBACK',
  'ORDER_OPENED',
  'ORDER_CLOSED',
  'DONATION',
] as const;

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);

const LogQuery = z.object({
  eventCode: z.preprocess(emptyToUndefined, z.enum(EVENT_CODES).optional()),
  state: z.preprocess(emptyToUndefined, z.enum(['delivered', 'failed', 'pending']).optional()),
  pspReference: z.preprocess(emptyToUndefined, z.string().max(64).optional()),
  before: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().optional()),
});

const IdParams = z.object({ id: z.coerce.number().int().positive() });
const NoticeQuery = z.object({ notice: z.string().max(32).optional() });

const dateTime = (date: Date) => escapeHtml(date.toISOString().replace('T', ' ').slice(0, 19));

const stateLabel: Record<DeliveryLogEntry['state'], string> = {
  delivered: 'Delivered',
  failed: 'Failed',
  pending: 'Pending (retrying)',
};

const attemptResult = (attempt: DeliveryLogEntry['attempts'][number]) =>
  attempt.statusCode !== null ? `HTTP ${attempt.statusCode}` : `Network error: ${attempt.error ?? 'unknown'}`;

function filtersForm(query: z.output<typeof LogQuery>) {
  const option = (value: string, label: string, selected: string | undefined) =>
    `<option value="${escapeHtml(value)}"${value === (selected ?? '') ? ' selected' : ''}>${escapeHtml(label)}</option>`;
  return `<form method="GET" action="/dashboard/webhooks" class="filters" aria-label="Filter webhooks">
<label>Event code <select name="eventCode">${option('', 'Any', query.eventCode)}${EVENT_CODES.map((code) => option(code, code, query.eventCode)).join('')}</select></label>
<label>Delivery <select name="state">${option('', 'Any', query.state)}${option('delivered', 'Delivered', query.state)}${option('failed', 'Failed', query.state)}${option('pending', 'Pending', query.state)}</select></label>
<label>Payment pspReference <input name="pspReference" value="${escapeHtml(query.pspReference ?? '')}" maxlength="64"></label>
<button type="submit">Filter</button>
</form>`;
}

function logTable(entries: DeliveryLogEntry[]) {
  if (entries.length === 0) return '<p>No webhooks match.</p>';
  const rows = entries
    .map((entry) => {
      const last = entry.attempts.at(-1);
      return `<tr>
<td>${dateTime(entry.createdAt)}</td>
<td><a href="/dashboard/webhooks/${entry.id}">${escapeHtml(entry.eventCode)}</a></td>
<td><code>${escapeHtml(entry.pspReference)}</code></td>
<td>${escapeHtml(entry.success)}</td>
<td>${stateLabel[entry.state]}</td>
<td>${entry.attempts.length}</td>
<td>${last ? escapeHtml(attemptResult(last)) : '—'}</td>
</tr>`;
    })
    .join('');
  return `<div class="table-wrap"><table>
<caption>Webhook notifications, newest first</caption>
<thead><tr><th scope="col">Created (UTC)</th><th scope="col">Event code</th><th scope="col">pspReference</th><th scope="col">Success</th><th scope="col">Delivery</th><th scope="col">Attempts</th><th scope="col">Last answer</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

function attemptsTable(entry: DeliveryLogEntry) {
  if (entry.attempts.length === 0) return '<p>No delivery attempt yet.</p>';
  const rows = entry.attempts
    .map(
      (attempt) => `<tr>
<td>${dateTime(attempt.at)}</td>
<td>${attempt.kind === 'resend' ? 'Resend' : 'Scheduled'}</td>
<td>${escapeHtml(attemptResult(attempt))}</td>
<td>${attempt.durationMs} ms</td>
<td><code>${escapeHtml(attempt.responseExcerpt || '—')}</code></td>
<td><code>${escapeHtml(attempt.hmacSignature ?? '—')}</code></td>
</tr>`,
    )
    .join('');
  return `<div class="table-wrap"><table>
<caption>Delivery attempts, oldest first</caption>
<thead><tr><th scope="col">Time (UTC)</th><th scope="col">Kind</th><th scope="col">Result</th><th scope="col">Duration</th><th scope="col">Response (excerpt)</th><th scope="col">HMAC signature sent</th></tr></thead>
<tbody>${rows}</tbody></table></div>`;
}

const NOTICES: Record<string, { kind: 'status' | 'alert'; text: string }> = {
  resent: {
    kind: 'status',
    text: 'A fresh delivery is queued. Reload in a moment to see its attempt.',
  },
};

/** The webhooks section: the delivery log with filters, one notification's attempts and payload, Resend. */
export function dashboardWebhookRoutes(
  app: ServiceApp,
  shell: DashboardShell,
  deps: { deliveryLog: DeliveryLogService },
) {
  const guarded = { schema: { hide: true }, preHandler: shell.requireDashboardUser };

  app.get('/dashboard/webhooks', guarded, async (request, reply) => {
    const user = dashboardUserOf(request);
    const parsed = LogQuery.safeParse(request.query);
    if (!parsed.success) return sendErrorPage(reply, 400, 'These filters are not valid.');
    const query = parsed.data;
    const entries = await deps.deliveryLog.list(user.merchantAccount, { ...query, limit: PAGE_SIZE });
    const last = entries.at(-1);
    const older =
      entries.length === PAGE_SIZE && last
        ? `<nav class="pager" aria-label="Pages"><a href="/dashboard/webhooks?${escapeHtml(
            new URLSearchParams({
              ...(query.eventCode ? { eventCode: query.eventCode } : {}),
              ...(query.state ? { state: query.state } : {}),
              ...(query.pspReference ? { pspReference: query.pspReference } : {}),
              before: String(last.id),
            }).toString(),
          )}">Older webhooks</a></nav>`
        : '';
    return reply.type('text/html; charset=utf-8').send(
      dashboardPage(user, 'Webhooks', `${filtersForm(query)}${logTable(entries)}${older}`, {
        section: 'webhooks',
      }),
    );
  });

  app.get('/dashboard/webhooks/:id', guarded, async (request, reply) => {
    const user = dashboardUserOf(request);
    const params = IdParams.safeParse(request.params);
    const entry = params.success
      ? await deps.deliveryLog.find(user.merchantAccount, params.data.id)
      : undefined;
    if (!entry) return sendErrorPage(reply, 404, 'No such webhook.');
    const notice = NOTICES[NoticeQuery.safeParse(request.query).data?.notice ?? ''];
    const body = `<dl class="facts">
<dt>Event code</dt><dd>${escapeHtml(entry.eventCode)}</dd>
<dt>pspReference</dt><dd><code>${escapeHtml(entry.pspReference)}</code></dd>
<dt>Payment</dt><dd><a href="/dashboard/payments/${encodeURIComponent(entry.paymentPspReference)}"><code>${escapeHtml(entry.paymentPspReference)}</code></a></dd>
<dt>Success</dt><dd>${escapeHtml(entry.success)}</dd>
<dt>Delivery</dt><dd>${stateLabel[entry.state]}</dd>
<dt>Created (UTC)</dt><dd>${dateTime(entry.createdAt)}</dd>
<dt>Webhook URL</dt><dd><code>${escapeHtml(entry.webhookUrl ?? 'none configured')}</code></dd>
<dt>HMAC signature (as recorded)</dt><dd><code>${escapeHtml(entry.hmacSignature ?? '—')}</code></dd>
</dl>
<div class="actions"><form method="POST" action="/dashboard/webhooks/${entry.id}/resend">${csrfField(user)}<button type="submit">Resend</button></form></div>
<h2>Delivery attempts</h2>
${attemptsTable(entry)}
<h2>Payload</h2>
<pre class="payload" tabindex="0" aria-label="Notification payload (JSON)"><code>${escapeHtml(JSON.stringify(entry.body, null, 2))}</code></pre>
<p><a href="/dashboard/webhooks">All webhooks</a></p>`;
    return reply.type('text/html; charset=utf-8').send(
      dashboardPage(user, `Webhook ${entry.eventCode} ${entry.pspReference}`, body, {
        section: 'webhooks',
        ...(notice ? { notice } : {}),
      }),
    );
  });

  app.post('/dashboard/webhooks/:id/resend', guarded, async (request, reply) => {
    const user = dashboardUserOf(request);
    const params = IdParams.safeParse(request.params);
    const queued = params.success && (await deps.deliveryLog.resend(user.merchantAccount, params.data.id));
    if (!queued || !params.success) return sendErrorPage(reply, 404, 'No such webhook.');
    request.log.info(
      {
        audit: 'webhook resend',
        merchantAccount: user.merchantAccount,
        actor: user.email,
        notificationId: params.data.id,
      },
      'webhook resend',
    );
    return reply.redirect(`/dashboard/webhooks/${params.data.id}?notice=resent`, 303);
  });
}
