import { createTestDatabase } from '@actuate/service-kit/testing';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { readConfig } from '../../config.ts';
import {
  DEMO_DASHBOARD_USER,
  dashboardGet,
  dashboardPost,
  postSignIn,
  signInToDashboard,
} from '../../testing/dashboard.ts';
import { PRODUCTION_ENV, UNREACHABLE_WEBHOOKS, useTestGateway } from '../../testing/index.ts';
import { DashboardAuthService, SESSION_LIFETIME_MS } from './service.ts';

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

describe('dashboard sessions', () => {
  it('refuses an expired session (8 hours after sign-in)', async () => {
    const auth = new DashboardAuthService(gateway.database.db);
    const signedInAt = new Date(Date.now() - SESSION_LIFETIME_MS - 1000);
    const result = await auth.signIn(DEMO_DASHBOARD_USER.email, DEMO_DASHBOARD_USER.password, signedInAt);
    if (!result.ok) throw new Error('sign-in failed');
    expect(result.value.expiresAt.getTime()).toBe(signedInAt.getTime() + 8 * 60 * 60 * 1000);
    const response = await dashboardGet(
      gateway.app,
      { cookie: `actuate_dashboard=${result.value.token}`, csrfToken: result.value.user.csrfToken },
      '/dashboard/payments',
    );
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toContain('/dashboard/login?notice=session-ended');
  });

  it('refuses a made-up session token', async () => {
    const response = await dashboardGet(
      gateway.app,
      { cookie: 'actuate_dashboard=made-up', csrfToken: 'x' },
      '/dashboard/payments',
    );
    expect(response.statusCode).toBe(303);
  });
});

describe('dashboard sign-in limits', () => {
  const limited = useTestGateway({ ...UNREACHABLE_WEBHOOKS, DASHBOARD_LOGIN_ATTEMPTS_PER_MINUTE: '3' });

  it('answers 429 after too many sign-in attempts from one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1)
      statuses.push((await postSignIn(limited.app, DEMO_DASHBOARD_USER.email, 'wrong-password')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const blocked = await postSignIn(limited.app, DEMO_DASHBOARD_USER.email, DEMO_DASHBOARD_USER.password);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toContain('Too many sign-in attempts');
  });
});

describe('the demo dashboard password in production mode', () => {
  it('is neither seeded nor accepted, even on a database that ran the demo', async () => {
    const database = await createTestDatabase();
    try {
      const demo = await buildApp(readConfig({ HTTPS_ENABLED: 'false' }), { database, logger: false });
      expect(
        (await postSignIn(demo, DEMO_DASHBOARD_USER.email, DEMO_DASHBOARD_USER.password)).statusCode,
      ).toBe(303);
      await demo.close();
      const live = await buildApp(readConfig({ ...PRODUCTION_ENV, HTTPS_ENABLED: 'false' }), {
        database,
        logger: false,
      });
      try {
        const refused = await postSignIn(live, DEMO_DASHBOARD_USER.email, DEMO_DASHBOARD_USER.password);
        expect(refused.statusCode).toBe(401);
      } finally {
        await live.close();
      }
      const configured = await buildApp(
        readConfig({
          ...PRODUCTION_ENV,
          HTTPS_ENABLED: 'false',
          DASHBOARD_PASSWORD: 'a-live-dashboard-password',
        }),
        { database, logger: false },
      );
      try {
        expect(
          (await postSignIn(configured, DEMO_DASHBOARD_USER.email, 'a-live-dashboard-password')).statusCode,
        ).toBe(303);
        expect(
          (await postSignIn(configured, DEMO_DASHBOARD_USER.email, DEMO_DASHBOARD_USER.password)).statusCode,
        ).toBe(401);
      } finally {
        await configured.close();
      }
    } finally {
      await database.close();
    }
  }, 180_000);

  it('refuses to start with the published demo password configured', () => {
    expect(() => readConfig({ ...PRODUCTION_ENV, DASHBOARD_PASSWORD: DEMO_DASHBOARD_USER.password })).toThrow(
      /DASHBOARD_PASSWORD/,
    );
  });
});
