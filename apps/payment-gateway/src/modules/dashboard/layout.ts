import { escapeHtml, htmlPage } from '../../shared/html.ts';
import type { DashboardUser } from './service.ts';

/** The dashboard's sections, in navigation order (webhooks and keys are built on this shell elsewhere). */
export const DASHBOARD_SECTIONS = [
  { id: 'payments', label: 'Payments', href: '/dashboard/payments' },
  { id: 'webhooks', label: 'Webhooks', href: '/dashboard/webhooks' },
  { id: 'analytics', label: 'Checkout analytics', href: '/dashboard/analytics' },
  { id: 'keys', label: 'API keys', href: '/dashboard/keys' },
] as const;

export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number]['id'];

/** Where the stylesheet is served (a file: the CSP allows no inline style). */
export const DASHBOARD_CSS_PATH = '/dashboard/assets/dashboard.css';

/** The form field every dashboard POST carries; `requireDashboardUser` checks it. */
export const CSRF_FIELD = '_csrf';

/** The hidden CSRF input to put inside every POST form of a signed-in page. */
export const csrfField = (user: Pick<DashboardUser, 'csrfToken'>) =>
  `<input type="hidden" name="${CSRF_FIELD}" value="${escapeHtml(user.csrfToken)}">`;

export interface DashboardPageOptions {
  /** The nav entry marked as the current page. */
  section?: DashboardSection;
  /** A message shown above the content: `status` for success, `alert` for a failure. */
  notice?: { kind: 'status' | 'alert'; text: string };
}

/**
 * A signed-in dashboard page: skip link, header with the merchant account, nav, sign-out form,
 * `<main>` with the title as its `<h1>`. `body` is trusted HTML: escape every value put into it.
 */
export function dashboardPage(
  user: DashboardUser,
  title: string,
  body: string,
  options: DashboardPageOptions = {},
): string {
  const nav = DASHBOARD_SECTIONS.map(
    (section) =>
      `<li><a href="${section.href}"${section.id === options.section ? ' aria-current="page"' : ''}>${section.label}</a></li>`,
  ).join('');
  return shellPage(
    `${title} — ${user.merchantAccount}`,
    `<a class="skip-link" href="#main">Skip to content</a>
<header class="dash-header">
<p class="dash-brand"><a href="/dashboard/payments">Actuate dashboard</a> <span class="dash-account">${escapeHtml(user.merchantAccount)}</span></p>
<nav aria-label="Dashboard"><ul>${nav}</ul></nav>
<form method="POST" action="/dashboard/logout" class="dash-signout">${csrfField(user)}<span class="dash-user">${escapeHtml(user.email)}</span> <button type="submit">Sign out</button></form>
</header>
<main id="main" tabindex="-1">
<h1>${escapeHtml(title)}</h1>
${noticeHtml(options.notice)}${body}
</main>`,
  );
}

export function noticeHtml(notice: DashboardPageOptions['notice']) {
  if (!notice) return '';
  return `<p class="notice notice-${notice.kind}" role="${notice.kind}">${escapeHtml(notice.text)}</p>\n`;
}

/** A page outside the signed-in layout (sign-in, errors). */
export function shellPage(title: string, body: string) {
  return htmlPage(title, body, `<link rel="stylesheet" href="${DASHBOARD_CSS_PATH}">`);
}

export function loginPage(settings: {
  csrfToken: string;
  email?: string;
  next?: string;
  notice?: DashboardPageOptions['notice'];
}) {
  return shellPage(
    'Sign in — Actuate dashboard',
    `<a class="skip-link" href="#main">Skip to content</a>
<main id="main" class="dash-login" tabindex="-1">
<h1>Sign in to the Actuate dashboard</h1>
${noticeHtml(settings.notice)}<form method="POST" action="/dashboard/login" class="dash-form">
<input type="hidden" name="${CSRF_FIELD}" value="${escapeHtml(settings.csrfToken)}">
${settings.next ? `<input type="hidden" name="next" value="${escapeHtml(settings.next)}">` : ''}
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${escapeHtml(settings.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
</main>`,
  );
}

/** An error page in the dashboard's style (with a way back). */
export function errorPage(status: number, message: string) {
  return shellPage(
    `${status} — Actuate dashboard`,
    `<a class="skip-link" href="#main">Skip to content</a>
<main id="main" tabindex="-1">
<h1>${escapeHtml(message)}</h1>
<p><a href="/dashboard/payments">Back to the dashboard</a></p>
</main>`,
  );
}

export const DASHBOARD_CSS = `*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0;color:#1b1b1b;background:#fafafa;line-height:1.4}
a{color:#0a4fa8}a:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,main:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
.skip-link{position:absolute;left:-999px;top:0;background:#fff;padding:.5rem 1rem;z-index:1}.skip-link:focus{left:0}
.dash-header{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;padding:.75rem 1rem;background:#fff;border-bottom:1px solid #ddd}
.dash-brand{margin:0;font-weight:700}.dash-account{font-weight:400;color:#4a4a4a;margin-left:.5rem}
.dash-header nav ul{display:flex;flex-wrap:wrap;gap:1rem;list-style:none;margin:0;padding:0}
.dash-header nav a[aria-current=page]{font-weight:700;text-decoration-thickness:3px}
.dash-signout{margin-left:auto;display:flex;gap:.5rem;align-items:center}.dash-user{color:#4a4a4a;overflow-wrap:anywhere}
main{max-width:72rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.2rem}
input,select,button{font:inherit;padding:.35rem .5rem;border:1px solid #767676;border-radius:4px;background:#fff;color:inherit}
button{background:#0a4fa8;color:#fff;border-color:#0a4fa8;cursor:pointer}button.secondary{background:#fff;color:#0a4fa8}
.dash-form{display:flex;flex-direction:column;gap:.35rem;max-width:22rem}.dash-form button{margin-top:.75rem;align-self:flex-start}
.dash-login{max-width:26rem;margin-top:2rem}
.notice{padding:.5rem .75rem;border-radius:4px;border:1px solid}.notice-status{background:#e8f5e9;border-color:#2e7d32}.notice-alert{background:#fdecea;border-color:#b3261e}
.filters{display:flex;flex-wrap:wrap;gap:.75rem;align-items:flex-end;margin-bottom:1rem}.filters label{display:flex;flex-direction:column;gap:.2rem}
.table-wrap{overflow-x:auto;background:#fff;border:1px solid #ddd;border-radius:4px}
table{border-collapse:collapse;width:100%}th,td{padding:.4rem .6rem;text-align:left;border-bottom:1px solid #e5e5e5;vertical-align:top}
td.amount,th.amount{text-align:right;white-space:nowrap}code{overflow-wrap:anywhere}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dl.facts dt{font-weight:600}dl.facts dd{margin:0;overflow-wrap:anywhere}
.actions{display:flex;flex-wrap:wrap;gap:1rem;margin:1rem 0}.actions form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:flex-end}
.pager{display:flex;gap:1rem;margin:1rem 0}
.payload{background:#fff;border:1px solid #ddd;border-radius:4px;padding:.75rem;overflow-x:auto;max-height:32rem}
textarea{font:inherit;padding:.35rem .5rem;border:1px solid #767676;border-radius:4px;width:100%;max-width:32rem}
textarea:focus-visible,pre:focus-visible{outline:3px solid #f2a900;outline-offset:2px}
.revealed{background:#fff8e1;border:1px solid #8a6d00;border-radius:4px;padding:.5rem 1rem;margin-bottom:1rem}.secret{font-size:1.05rem;overflow-wrap:anywhere}
caption{text-align:left;font-weight:600;padding:.4rem .6rem}
@media (max-width:40rem){.dash-signout{margin-left:0}main{padding:.75rem}}
`;
