import type { ServiceApp } from '@actuate/service-kit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../../shared/html.ts';
import {
  KEY_ROTATION_GRACE_MS,
  type KeyActionResult,
  type KeyAdminContext,
  type KeyManagementService,
  type KeyState,
} from '../merchants/key-management.ts';
import { csrfField, type DashboardPageOptions, dashboardPage } from './layout.ts';
import type { DashboardShell } from './routes.ts';
import type { DashboardUser } from './service.ts';
import { dashboardUserOf, formField, sendErrorPage } from './shell.ts';

type Overview = Awaited<ReturnType<KeyManagementService['overview']>>;

const GRACE_HOURS = KEY_ROTATION_GRACE_MS / 3_600_000;

const dateTime = (date: Date | null) =>
  date ? escapeHtml(date.toISOString().replace('T', ' ').slice(0, 19)) : '—';

const STATE_LABELS: Record<KeyState, string> = {
  active: 'Active',
  expiring: 'Rotated: works until its expiry',
  expired: 'Expired',
  revoked: 'Revoked',
};

/** A new secret, shown once in the page that answers the POST (never in a URL or a log). */
interface RevealedSecret {
  title: string;
  value: string;
  hint: string;
}

const usable = (state: KeyState) => state === 'active' || state === 'expiring';

/** A one-button POST form; `of` names the key the button acts on, for screen readers. */
function actionForm(
  user: DashboardUser,
  action: string,
  label: string,
  fields: Record<string, string>,
  options: { of?: string; primary?: boolean } = {},
) {
  const hidden = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
  const name = options.of ? ` aria-label="${escapeHtml(`${label} ${options.of}`)}"` : '';
  const style = options.primary ? '' : ' class="secondary"';
  return `<form method="POST" action="${action}">${csrfField(user)}${hidden}<button type="submit"${style}${name}>${label}</button></form>`;
}

function apiKeysSection(user: DashboardUser, overview: Overview) {
  const rows = overview.apiKeys
    .map(
      (key) => `<tr>
<td><code>${escapeHtml(key.label)}</code></td>
<td>${STATE_LABELS[key.state]}</td>
<td>${dateTime(key.createdAt)}</td>
<td>${dateTime(key.lastUsedAt)}</td>
<td>${dateTime(key.expiresAt)}</td>
<td><div class="actions">${
        usable(key.state)
          ? `${key.state === 'active' ? actionForm(user, '/dashboard/keys/api/rotate', 'Rotate', { id: key.id }, { of: key.label }) : ''}${actionForm(user, '/dashboard/keys/api/revoke', 'Revoke', { id: key.id }, { of: key.label })}`
          : ''
      }</div></td>
</tr>`,
    )
    .join('');
  return `<section aria-labelledby="api-keys">
<h2 id="api-keys">API keys</h2>
<p>Server-side keys (<code>X-API-Key</code>). Only their first characters are kept in view; the gateway stores a digest. Rotating makes a new key and lets the old one work for ${GRACE_HOURS} more hours; revoking stops a key at once.</p>
<div class="table-wrap"><table>
<caption>API keys of ${escapeHtml(user.merchantAccount)}</caption>
<thead><tr><th scope="col">Key</th><th scope="col">State</th><th scope="col">Created (UTC)</th><th scope="col">Last used (UTC)</th><th scope="col">Expires (UTC)</th><th scope="col">Actions</th></tr></thead>
<tbody>${rows || '<tr><td colspan="6">No API keys.</td></tr>'}</tbody></table></div>
<div class="actions">${actionForm(user, '/dashboard/keys/api', 'Create API key', {}, { primary: true })}</div>
</section>`;
}

function clientKeysSection(
  user: DashboardUser,
  overview: Overview,
  originsDraft?: { clientKey: string; value: string },
) {
  const rows = overview.clientKeys
    .map((key, index) => {
      const draft =
        originsDraft?.clientKey === key.clientKey ? originsDraft.value : key.allowedOrigins.join('\n');
      const edit = usable(key.state)
        ? `<form method="POST" action="/dashboard/keys/client/origins" class="dash-form">${csrfField(user)}<input type="hidden" name="clientKey" value="${escapeHtml(key.clientKey)}">
<label for="origins-${index}">Allowed origins of <code>${escapeHtml(key.clientKey)}</code>, one per line</label>
<textarea id="origins-${index}" name="origins" rows="4">${escapeHtml(draft)}</textarea>
<button type="submit">Save origins</button></form>
<div class="actions">${key.state === 'active' ? actionForm(user, '/dashboard/keys/client/rotate', 'Rotate', { clientKey: key.clientKey }, { of: key.clientKey }) : ''}${actionForm(user, '/dashboard/keys/client/revoke', 'Revoke', { clientKey: key.clientKey }, { of: key.clientKey })}</div>`
        : `<ul>${key.allowedOrigins.map((origin) => `<li><code>${escapeHtml(origin)}</code></li>`).join('')}</ul>`;
      return `<tr>
<td><code>${escapeHtml(key.clientKey)}</code></td>
<td>${STATE_LABELS[key.state]}</td>
<td>${dateTime(key.createdAt)}</td>
<td>${dateTime(key.expiresAt)}</td>
<td>${edit}</td>
</tr>`;
    })
    .join('');
  return `<section aria-labelledby="client-keys">
<h2 id="client-keys">Client keys</h2>
<p>Browser keys: public, and usable only from their allowed origins (<code>https://shop.example</code>, <code>http://localhost:3000</code>: a scheme, a host and an optional port, no path or wildcard).</p>
<div class="table-wrap"><table>
<caption>Client keys of ${escapeHtml(user.merchantAccount)}</caption>
<thead><tr><th scope="col">Client key</th><th scope="col">State</th><th scope="col">Created (UTC)</th><th scope="col">Expires (UTC)</th><th scope="col">Allowed origins and actions</th></tr></thead>
<tbody>${rows || '<tr><td colspan="5">No client keys.</td></tr>'}</tbody></table></div>
<form method="POST" action="/dashboard/keys/client" class="dash-form">${csrfField(user)}
<label for="new-client-origins">Allowed origins of a new client key, one per line</label>
<textarea id="new-client-origins" name="origins" rows="3">${escapeHtml(originsDraft?.clientKey === '' ? originsDraft.value : '')}</textarea>
<button type="submit">Create client key</button></form>
</section>`;
}

function hmacSection(user: DashboardUser, overview: Overview) {
  return `<section aria-labelledby="hmac-key">
<h2 id="hmac-key">Webhook HMAC key</h2>
<p>Every webhook carries <code>additionalData.hmacSignature</code>, made with this key. ${
    overview.hmacKeyRotatedAt
      ? `Last rotated here on ${dateTime(overview.hmacKeyRotatedAt)} UTC.`
      : 'The key in use is the configured one (<code>PAYMENT_WEBHOOK_HMAC_KEY</code>).'
  } A new key is shown once; webhooks sent after that, retries and resends included, are signed with it, so put it in your webhook receiver first (or let the receiver accept both keys while you switch).</p>
<div class="actions">${actionForm(user, '/dashboard/keys/hmac', 'Generate new HMAC key', {}, { primary: true })}</div>
</section>`;
}

function revealedHtml(secret: RevealedSecret | undefined) {
  if (!secret) return '';
  return `<section class="revealed" aria-labelledby="revealed-title">
<h2 id="revealed-title">${escapeHtml(secret.title)}</h2>
<p><code class="secret">${escapeHtml(secret.value)}</code></p>
<p>${escapeHtml(secret.hint)}</p>
</section>`;
}

export interface KeysPageState {
  notice?: DashboardPageOptions['notice'];
  revealed?: RevealedSecret;
  originsDraft?: { clientKey: string; value: string };
}

export function keysPage(user: DashboardUser, overview: Overview, state: KeysPageState = {}) {
  return dashboardPage(
    user,
    'API keys',
    `${revealedHtml(state.revealed)}${apiKeysSection(user, overview)}${clientKeysSection(user, overview, state.originsDraft)}${hmacSection(user, overview)}`,
    { section: 'keys', ...(state.notice ? { notice: state.notice } : {}) },
  );
}

const NOTICES: Record<string, { kind: 'status' | 'alert'; text: string }> = {
  'api-revoked': { kind: 'status', text: 'The API key is revoked: it no longer works.' },
  'client-revoked': { kind: 'status', text: 'The client key is revoked: it no longer works.' },
  'origins-saved': { kind: 'status', text: 'The allowed origins are saved.' },
};

const SHOWN_ONCE = 'Copy it now: it is not shown again.';

/** The keys section: API keys, client keys with allowed origins, and the webhook HMAC key. */
export function dashboardKeyRoutes(
  app: ServiceApp,
  shell: DashboardShell,
  deps: { keys: KeyManagementService },
) {
  const guarded = { schema: { hide: true }, preHandler: shell.requireDashboardUser };
  const contextOf = (request: FastifyRequest): KeyAdminContext => {
    const user = dashboardUserOf(request);
    return {
      requestId: request.id,
      log: request.log,
      now: new Date(),
      merchantAccount: user.merchantAccount,
      actor: user.email,
    };
  };
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    status: number,
    state: KeysPageState,
  ) => {
    const user = dashboardUserOf(request);
    const overview = await deps.keys.overview(contextOf(request));
    return reply
      .status(status)
      .type('text/html; charset=utf-8')
      .send(keysPage(user, overview, state));
  };
  /** The page after an action: the secret shown once, a redirect with a notice, or the failure. */
  const answer = async <T extends object>(
    request: FastifyRequest,
    reply: FastifyReply,
    result: KeyActionResult<T>,
    success: (value: T) => { redirect: string } | KeysPageState,
    originsDraft?: KeysPageState['originsDraft'],
  ) => {
    if (result.ok) {
      const next = success(result as T);
      return 'redirect' in next ? reply.redirect(next.redirect, 303) : render(request, reply, 200, next);
    }
    if (result.reason === 'not-found') return sendErrorPage(reply, 404, 'No such key.');
    const invalid = result.invalid.length > 0 ? ` Not an origin: ${result.invalid.join(', ')}.` : '';
    return render(request, reply, 400, {
      notice: { kind: 'alert', text: `${result.message}${invalid} Nothing was changed.` },
      ...(originsDraft ? { originsDraft } : {}),
    });
  };
  const field = (request: FastifyRequest, name: string) => (formField(request, name) ?? '').slice(0, 4000);

  app.get('/dashboard/keys', guarded, async (request, reply) => {
    const notice = NOTICES[(request.query as { notice?: string }).notice ?? ''];
    return render(request, reply, 200, notice ? { notice } : {});
  });

  app.post('/dashboard/keys/api', guarded, async (request, reply) =>
    answer(request, reply, await deps.keys.createApiKey(contextOf(request)), ({ apiKey }) => ({
      revealed: { title: 'Your new API key', value: apiKey, hint: SHOWN_ONCE },
    })),
  );
  app.post('/dashboard/keys/api/rotate', guarded, async (request, reply) =>
    answer(
      request,
      reply,
      await deps.keys.rotateApiKey(contextOf(request), field(request, 'id')),
      ({ apiKey }) => ({
        revealed: {
          title: 'Your new API key',
          value: apiKey,
          hint: `${SHOWN_ONCE} The old key keeps working for ${GRACE_HOURS} hours.`,
        },
      }),
    ),
  );
  app.post('/dashboard/keys/api/revoke', guarded, async (request, reply) =>
    answer(request, reply, await deps.keys.revokeApiKey(contextOf(request), field(request, 'id')), () => ({
      redirect: '/dashboard/keys?notice=api-revoked',
    })),
  );
  app.post('/dashboard/keys/client', guarded, async (request, reply) => {
    const origins = field(request, 'origins');
    return answer(
      request,
      reply,
      await deps.keys.createClientKey(contextOf(request), origins),
      ({ clientKey }) => ({
        notice: { kind: 'status', text: `Client key ${clientKey} created.` },
      }),
      { clientKey: '', value: origins },
    );
  });
  app.post('/dashboard/keys/client/rotate', guarded, async (request, reply) =>
    answer(
      request,
      reply,
      await deps.keys.rotateClientKey(contextOf(request), field(request, 'clientKey')),
      ({ clientKey }) => ({
        notice: {
          kind: 'status',
          text: `New client key ${clientKey}, with the same origins. The old one keeps working for ${GRACE_HOURS} hours.`,
        },
      }),
    ),
  );
  app.post('/dashboard/keys/client/revoke', guarded, async (request, reply) =>
    answer(
      request,
      reply,
      await deps.keys.revokeClientKey(contextOf(request), field(request, 'clientKey')),
      () => ({
        redirect: '/dashboard/keys?notice=client-revoked',
      }),
    ),
  );
  app.post('/dashboard/keys/client/origins', guarded, async (request, reply) => {
    const clientKey = field(request, 'clientKey');
    const origins = field(request, 'origins');
    return answer(
      request,
      reply,
      await deps.keys.updateAllowedOrigins(contextOf(request), clientKey, origins),
      () => ({ redirect: '/dashboard/keys?notice=origins-saved' }),
      { clientKey, value: origins },
    );
  });
  app.post('/dashboard/keys/hmac', guarded, async (request, reply) =>
    answer(request, reply, await deps.keys.rotateHmacKey(contextOf(request)), ({ hmacKeyHex }) => ({
      revealed: {
        title: 'Your new webhook HMAC key (hex)',
        value: hmacKeyHex,
        hint: `${SHOWN_ONCE} Webhooks sent from now on are signed with it.`,
      },
    })),
  );
}
