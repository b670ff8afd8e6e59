import type { ServiceApp } from '@actuate/service-kit';
import { DEMO_DASHBOARD_EMAIL, DEMO_DASHBOARD_PASSWORD } from '../config.ts';

/** The gateway's own origin in tests (PUBLIC_URL's default): dashboard forms must come from it. */
export const DASHBOARD_ORIGIN = 'http://localhost:8080';

export const DEMO_DASHBOARD_USER = {
  email: DEMO_DASHBOARD_EMAIL,
  password: DEMO_DASHBOARD_PASSWORD,
} as const;

/** A signed-in dashboard browser: its cookie header and the CSRF token its pages carry. */
export interface DashboardBrowser {
  cookie: string;
  csrfToken: string;
}

const cookieValue = (setCookie: string | string[] | undefined, name: string) => {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const found = all.find((line) => line.startsWith(`${name}=`));
  return found?.split(';')[0]?.slice(name.length + 1);
};

export const csrfTokenIn = (html: string) => /name="_csrf" value="([^"]+)"/.exec(html)?.[1];

/** URL-encoded form body. */
export const formBody = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Opens the sign-in page and posts the form, as a browser would; answers the POST's response. */
export async function postSignIn(app: ServiceApp, email: string, password: string, next?: string) {
  const page = await app.inject({ method: 'GET', url: '/dashboard/login' });
  const loginCookie = cookieValue(page.headers['set-cookie'], 'actuate_dashboard_login');
  const csrfToken = csrfTokenIn(page.body);
  if (!loginCookie || !csrfToken) throw new Error('the sign-in page carries no CSRF token');
  return app.inject({
    method: 'POST',
    url: '/dashboard/login',
    headers: {
      origin: DASHBOARD_ORIGIN,
      cookie: `actuate_dashboard_login=${loginCookie}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: formBody({ _csrf: csrfToken, email, password, ...(next ? { next } : {}) }),
  });
}

/** Signs in and answers the session cookie and the CSRF token of the signed-in pages. */
export async function signInToDashboard(
  app: ServiceApp,
  user: { email: string; password: string } = DEMO_DASHBOARD_USER,
): Promise<DashboardBrowser> {
  const response = await postSignIn(app, user.email, user.password);
  const session = cookieValue(response.headers['set-cookie'], 'actuate_dashboard');
  if (response.statusCode !== 303 || !session) throw new Error(`sign-in failed: ${response.statusCode}`);
  const cookie = `actuate_dashboard=${session}`;
  const page = await app.inject({ method: 'GET', url: '/dashboard/payments', headers: { cookie } });
  const csrfToken = csrfTokenIn(page.body);
  if (!csrfToken) throw new Error('the signed-in page carries no CSRF token');
  return { cookie, csrfToken };
}

/** A signed-in form POST from the dashboard's own page. */
export const dashboardPost = (
  app: ServiceApp,
  browser: DashboardBrowser,
  url: string,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url,
    headers: {
      origin: DASHBOARD_ORIGIN,
      cookie: browser.cookie,
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    },
    payload: formBody({ _csrf: browser.csrfToken, ...fields }),
  });

export const dashboardGet = (app: ServiceApp, browser: DashboardBrowser, url: string) =>
  app.inject({ method: 'GET', url, headers: { cookie: browser.cookie } });
