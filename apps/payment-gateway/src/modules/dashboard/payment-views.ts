import { escapeHtml } from '../../shared/html.ts';
import { formatAmount } from '../payments/currencies.ts';
import { csrfField } from './layout.ts';
import { PAYMENT_STATUSES, type PaymentQuery, queryString } from './payments-filter.ts';
import type { PaymentHistory, PaymentListRow } from './payments-repository.ts';
import type { AvailableActions } from './payments-service.ts';
import type { DashboardUser } from './service.ts';

const statusLabel = (status: string) =>
  PAYMENT_STATUSES.find((entry) => entry.value === status)?.label ?? status;
const time = (date: Date) =>
  `<time datetime="${date.toISOString()}">${escapeHtml(date.toISOString().replace('T', ' ').slice(0, 19))} UTC</time>`;
const method = (row: { paymentMethodType: string; brand: string | null; lastFour: string | null }) =>
  escapeHtml(
    [row.brand ?? row.paymentMethodType, row.lastFour ? `•••• ${row.lastFour}` : '']
      .filter(Boolean)
      .join(' '),
  );
const option = (value: string, label: string, selected: string | undefined) =>
  `<option value="${escapeHtml(value)}"${value === selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;

export function paymentListBody(settings: {
  query: PaymentQuery;
  rows: PaymentListRow[];
  page: number;
  hasNext: boolean;
  facets: { methods: string[]; currencies: string[] };
}) {
  const { query } = settings;
  const filters = `<form method="GET" action="/dashboard/payments" class="filters" role="search" aria-label="Find payments">
<label>Search <input name="q" type="search" value="${escapeHtml(query.q ?? '')}" placeholder="PSP or merchant reference, shopper"></label>
<label>Status <select name="status">${option('', 'Any', query.status ?? '')}${PAYMENT_STATUSES.map((status) => option(status.value, status.label, query.status)).join('')}</select></label>
<label>Payment method <select name="method">${option('', 'Any', query.method ?? '')}${settings.facets.methods.map((value) => option(value, value, query.method)).join('')}</select></label>
<label>Currency <select name="currency">${option('', 'Any', query.currency ?? '')}${settings.facets.currencies.map((value) => option(value, value, query.currency)).join('')}</select></label>
<label>From <input name="from" type="date" value="${escapeHtml(query.from ?? '')}"></label>
<label>To <input name="to" type="date" value="${escapeHtml(query.to ?? '')}"></label>
<button type="submit">Apply</button>
<a href="/dashboard/payments">Clear</a>
<a href="/dashboard/payments.csv${escapeHtml(queryString(query))}" download>Export CSV</a>
</form>`;
  if (settings.rows.length === 0)
    return `${filters}<p role="status">No payments match${settings.page > 1 ? ' on this page' : ''}.</p>`;
  const rows = settings.rows
    .map(
      (row) => `<tr>
<td>${time(row.createdAt)}</td>
<td><a href="/dashboard/payments/${encodeURIComponent(row.pspReference)}"><code>${escapeHtml(row.pspReference)}</code></a></td>
<td>${escapeHtml(row.merchantReference)}</td>
<td>${escapeHtml(statusLabel(row.status))}${row.refusalReason ? ` <span class="muted">(${escapeHtml(row.refusalReason)})</span>` : ''}</td>
<td>${method(row)}</td>
<td class="amount">${escapeHtml(formatAmount(row.amountValue, row.currency))}</td>
<td>${escapeHtml(row.shopperEmail ?? row.shopperReference ?? '')}</td>
</tr>`,
    )
    .join('');
  const pager = [
    settings.page > 1
      ? `<a href="/dashboard/payments${escapeHtml(queryString(query, { page: String(settings.page - 1) }))}" rel="prev">Newer payments</a>`
      : '',
    settings.hasNext
      ? `<a href="/dashboard/payments${escapeHtml(queryString(query, { page: String(settings.page + 1) }))}" rel="next">Older payments</a>`
      : '',
  ].join('');
  return `${filters}
<div class="table-wrap" role="region" aria-labelledby="payments-caption" tabindex="0">
<table><caption id="payments-caption">Payments, newest first (page ${settings.page})</caption>
<thead><tr><th scope="col">Created</th><th scope="col">PSP reference</th><th scope="col">Merchant reference</th><th scope="col">Status</th><th scope="col">Method</th><th scope="col" class="amount">Amount</th><th scope="col">Shopper</th></tr></thead>
<tbody>${rows}</tbody></table>
</div>
<nav class="pager" aria-label="Pages">${pager}</nav>`;
}

interface TimelineEntry {
  at: Date;
  what: string;
  detail?: string;
}

const THREE_DS_RESULTS: Record<string, string> = {
  Y: 'authenticated',
  N: 'not authenticated',
  U: 'could not be authenticated',
};

/** What happened to a payment, oldest first, from its rows. */
export function timelineOf(history: PaymentHistory): TimelineEntry[] {
  const { payment } = history;
  const entries: TimelineEntry[] = [
    {
      at: payment.createdAt,
      what: `Payment of ${formatAmount(payment.amountValue, payment.currency)} requested`,
      detail: payment.paymentMethodType,
    },
  ];
  for (const transaction of history.threeDs) {
    entries.push({ at: transaction.createdAt, what: '3-D Secure 2 started', detail: transaction.flow });
    if (transaction.methodCompletedAt)
      entries.push({ at: transaction.methodCompletedAt, what: '3-D Secure device fingerprint completed' });
    if (transaction.challengeStartedAt)
      entries.push({ at: transaction.challengeStartedAt, what: '3-D Secure challenge shown to the shopper' });
    if (transaction.transStatus)
      entries.push({
        at: transaction.challengeStartedAt ?? transaction.methodCompletedAt ?? transaction.createdAt,
        what: `3-D Secure result: ${transaction.transStatus} (${THREE_DS_RESULTS[transaction.transStatus] ?? ''})`,
      });
  }
  const authorisation = history.webhooks.find((webhook) => webhook.eventCode === 'AUTHORISATION');
  if (payment.status !== 'authenticating') {
    entries.push({
      at: authorisation?.createdAt ?? payment.updatedAt,
      what: `Authorisation: ${payment.resultCode}`,
      ...(payment.refusalReason ? { detail: `refusal reason: ${payment.refusalReason}` } : {}),
    });
  }
  for (const change of history.modifications) {
    const kind = `${change.kind[0]?.toUpperCase()}${change.kind.slice(1)}`;
    entries.push({
      at: change.createdAt,
      what: `${kind} of ${formatAmount(change.amountValue, change.currency)} ${change.outcome}`,
      detail: change.pspReference,
    });
  }
  for (const webhook of history.webhooks) {
    const delivery =
      webhook.state === 'delivered' && webhook.deliveredAt
        ? `delivered ${webhook.deliveredAt.toISOString().replace('T', ' ').slice(0, 19)} UTC`
        : webhook.state === 'failed'
          ? `not delivered after ${webhook.attempts} attempt${webhook.attempts === 1 ? '' : 's'}${webhook.lastStatusCode ? ` (HTTP ${webhook.lastStatusCode})` : ''}`
          : `waiting for delivery${webhook.attempts > 0 ? ` (${webhook.attempts} failed attempt${webhook.attempts === 1 ? '' : 's'})` : ''}`;
    entries.push({
      at: webhook.createdAt,
      what: `Webhook ${webhook.eventCode} (success ${webhook.success}) sent`,
      detail: delivery,
    });
  }
  // Stable: entries of the same moment keep the order they were added in.
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at.getTime() - b.entry.at.getTime() || a.index - b.index)
    .map(({ entry }) => entry);
}

function actionForms(
  user: DashboardUser,
  pspReference: string,
  currency: string,
  actions: AvailableActions,
  newKey: () => string,
) {
  const base = `/dashboard/payments/${encodeURIComponent(pspReference)}`;
  const hidden = () => `${csrfField(user)}<input type="hidden" name="idempotencyKey" value="${newKey()}">`;
  const amountForm = (
    kind: 'capture' | 'refund',
    label: string,
    limit: { maximum: number; partial: boolean },
  ) =>
    `<form method="POST" action="${base}/${kind}" aria-label="${label}">${hidden()}
${limit.partial ? `<label>Amount in ${escapeHtml(currency)} (blank: ${escapeHtml(formatAmount(limit.maximum, currency))}) <input name="amount" inputmode="decimal" autocomplete="off"></label>` : ''}
<button type="submit">${label}</button></form>`;
  const forms = [
    actions.capture ? amountForm('capture', 'Capture', actions.capture) : '',
    actions.refund ? amountForm('refund', 'Refund', actions.refund) : '',
    actions.cancel
      ? `<form method="POST" action="${base}/cancel" aria-label="Cancel payment">${hidden()}<button type="submit" class="secondary">Cancel payment</button></form>`
      : '',
  ].filter(Boolean);
  return forms.length > 0
    ? `<section aria-labelledby="actions-heading"><h2 id="actions-heading">Actions</h2><div class="actions">${forms.join('')}</div></section>`
    : '';
}

export function paymentDetailBody(
  user: DashboardUser,
  history: PaymentHistory,
  actions: AvailableActions,
  newKey: () => string,
) {
  const { payment } = history;
  const facts: [string, string][] = [
    ['PSP reference', `<code>${escapeHtml(payment.pspReference)}</code>`],
    ['Merchant reference', escapeHtml(payment.merchantReference)],
    ['Status', `${escapeHtml(statusLabel(payment.status))} (${escapeHtml(payment.resultCode)})`],
    ['Amount', escapeHtml(formatAmount(payment.amountValue, payment.currency))],
    ['Captured', escapeHtml(formatAmount(payment.capturedValue, payment.currency))],
    ['Refunded', escapeHtml(formatAmount(payment.refundedValue, payment.currency))],
    ['Method', method(payment)],
    ['Created', time(payment.createdAt)],
  ];
  if (payment.refusalReason) facts.push(['Refusal reason', escapeHtml(payment.refusalReason)]);
  facts.push([
    'Device fingerprint',
    payment.deviceFingerprint ? `<code>${escapeHtml(payment.deviceFingerprint)}</code>` : 'none received',
  ]);
  for (const { FraudCheckResult: check } of payment.fraudResult?.results ?? [])
    facts.push(['Risk check', escapeHtml(`${check.name} (score ${check.accountScore})`)]);
  if (payment.shopperReference) facts.push(['Shopper reference', escapeHtml(payment.shopperReference)]);
  if (history.shopperEmail) facts.push(['Shopper e-mail', escapeHtml(history.shopperEmail)]);
  const timeline = timelineOf(history)
    .map(
      (entry) =>
        `<tr><td>${time(entry.at)}</td><td>${escapeHtml(entry.what)}</td><td>${escapeHtml(entry.detail ?? '')}</td></tr>`,
    )
    .join('');
  return `<p><a href="/dashboard/payments">All payments</a></p>
<dl class="facts">${facts.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>
${actionForms(user, payment.pspReference, payment.currency, actions, newKey)}
<section aria-labelledby="timeline-heading"><h2 id="timeline-heading">Timeline</h2>
<div class="table-wrap" role="region" aria-labelledby="timeline-heading" tabindex="0">
<table id="timeline"><thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">Details</th></tr></thead><tbody>${timeline}</tbody></table>
</div></section>`;
}
