import { describe, expect, it } from 'vitest';
import {
  DEMO_DASHBOARD_USER,
  dashboardGet,
  dashboardPost,
  postSignIn,
  signInToDashboard,
} from '../../testing/dashboard.ts';
import { UNREACHABLE_WEBHOOKS, useTestGateway } from '../../testing/index.ts';

const gateway = useTestGateway({ ...UNREACHABLE_WEBHOOKS, DASHBOARD_LOGIN_ATTEMPTS_PER_MINUTE: '1000' });

describe('dashboard sign-in', () => {
  it('signs the demo user in with a strict session cookie and shows the signed-in layout', async () => {
    const response = await postSignIn(gateway.app, DEMO_DASHBOARD_USER.email, DEMO_DASHBOARD_USER.password);
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe('/dashboard/payments');
    const setCookie = [response.headers['set-cookie']]
      .flat()
      .find((line) => line?.startsWith('actuate_dashboard='));
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\/dashboard/);
    expect(setCookie).not.toMatch(/Secure/i);
    const browser = await signInToDashboard(gateway.app);
    const page = await dashboardGet(gateway.app, browser, '/dashboard/payments');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('ActuateStore');
    expect(page.body).toContain('href="/dashboard/webhooks"');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('answers one generic error for a wrong password and for an unknown e-mail', async () => {
    const wrongPassword = await postSignIn(gateway.app, DEMO_DASHBOARD_USER.email, 'not-the-password');
    const unknownUser = await postSignIn(gateway.app, 'nobody@example.com', DEMO_DASHBOARD_USER.password);
    for (const response of [wrongPassword, unknownUser]) {
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain('Wrong e-mail or password.');
      expect(String(response.headers['set-cookie'] ?? '')).not.toContain('actuate_dashboard=');
    }
  });

  it('sends a visitor without a session to the sign-in page and back afterwards', async () => {
    const response = await gateway.app.inject({
      method: 'GET',
      url: '/dashboard/payments?status=authorised',
    });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(
      `/dashboard/login?notice=session-ended&next=${encodeURIComponent('/dashboard/payments?status=authorised')}`,
    );
    const signIn = await postSignIn(
      gateway.app,
      DEMO_DASHBOARD_USER.email,
      DEMO_DASHBOARD_USER.password,
      '/dashboard/payments?status=authorised',
    );
    expect(signIn.headers.location).toBe('/dashboard/payments?status=authorised');
    const offSite = await postSignIn(
      gateway.app,
      DEMO_DASHBOARD_USER.email,
      DEMO_DASHBOARD_USER.password,
      '//evil.example/',
    );
    expect(offSite.headers.location).toBe('/dashboard/payments');
  });

  it('refuses a sign-in form without its CSRF token or from another origin', async () => {
    const page = await gateway.app.inject({ method: 'GET', url: '/dashboard/login' });
    const loginCookie = String(page.headers['set-cookie']).split(';')[0];
    const fields = new URLSearchParams({ ...DEMO_DASHBOARD_USER, _csrf: 'forged' }).toString();
    const forged = await gateway.app.inject({
      method: 'POST',
      url: '/dashboard/login',
      headers: {
        origin: 'http://localhost:8080',
        cookie: loginCookie,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: fields,
    });
    expect(forged.statusCode).toBe(403);
    const token = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    const crossSite = await gateway.app.inject({
      method: 'POST',
      url: '/dashboard/login',
      headers: {
        origin: 'https://evil.example',
        cookie: loginCookie,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ ...DEMO_DASHBOARD_USER, _csrf: token }).toString(),
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.headers['content-type']).toContain('text/html');
  });

  it('refuses a signed-in POST with a wrong CSRF token or from another origin, and ends the session on sign-out', async () => {
    const browser = await signInToDashboard(gateway.app);
    const forged = await dashboardPost(gateway.app, { ...browser, csrfToken: 'forged' }, '/dashboard/logout');
    expect(forged.statusCode).toBe(403);
    const crossSite = await dashboardPost(
      gateway.app,
      browser,
      '/dashboard/logout',
      {},
      { origin: 'https://evil.example' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect((await dashboardGet(gateway.app, browser, '/dashboard/payments')).statusCode).toBe(200);

    const signOut = await dashboardPost(gateway.app, browser, '/dashboard/logout');
    expect(signOut.statusCode).toBe(303);
    expect(signOut.headers.location).toBe('/dashboard/login?notice=signed-out');
    // The revoked session's cookie, replayed, no longer opens a page.
    const replayed = await dashboardGet(gateway.app, browser, '/dashboard/payments');
    expect(replayed.statusCode).toBe(303);
    expect(replayed.headers.location).toContain('/dashboard/login');
  });
});
