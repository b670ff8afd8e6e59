import { describe, expect, it } from 'vitest';
import { dashboardGet, signInToDashboard } from '../../testing/dashboard.ts';
import {
  clientCall,
  merchantCall,
  OTHER_MERCHANT,
  paymentRequest,
  provisionOtherMerchant,
  testCardMethod,
  useTestGateway,
} from '../../testing/index.ts';
import { AnalyticsService } from './analytics-service.ts';
import { analyticsAttempts, analyticsEvents } from './schema.ts';

const gateway = useTestGateway();

const SETUP = {
  version: '6.5.1',
  channel: 'Web',
  platform: 'Web',
  buildType: 'npm',
  locale: 'en-US',
  referrer: 'http://localhost:3000/checkout',
  screenWidth: 1280,
};

async function startAttempt(clientKey?: string) {
  const url = clientKey ? `/v3/analytics?clientKey=${clientKey}` : '/v3/analytics';
  const response = await clientCall(gateway.app, url, SETUP);
  expect(response.statusCode).toBe(200);
  return response.json().checkoutAttemptId as string;
}

describe('analytics kept per merchant', () => {
  it('keeps an attempt and its events, and the dashboard lists them (filter by attempt id)', async () => {
    const attemptId = await startAttempt();
    expect(attemptId).toMatch(/^[0-9a-f-]{36}[0-9a-z]+$/);
    const events = await clientCall(gateway.app, `/v3/analytics/${attemptId}`, {
      channel: 'Web',
      platform: 'Web',
      info: [{ type: 'rendered', component: 'scheme', timestamp: '1' }],
      errors: [{ type: 'risk', message: 'iframe loading timed out' }],
      logs: [{ type: 'action', target: 'threeDS2' }],
    });
    expect(events.statusCode).toBe(204);
    const other = await startAttempt();

    const browser = await signInToDashboard(gateway.app);
    const page = await dashboardGet(gateway.app, browser, '/dashboard/analytics');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(attemptId);
    expect(page.body).toContain(other);
    expect(page.body).toContain('rendered');
    expect(page.body).toContain('iframe loading timed out');
    expect(page.body).toContain('en-US');
    const filtered = await dashboardGet(
      gateway.app,
      browser,
      `/dashboard/analytics?checkoutAttemptId=${attemptId}`,
    );
    expect(filtered.body).toContain(attemptId);
    expect(filtered.body).not.toContain(other);
  });

  it("keeps another merchant's attempts out of the list, and drops events for an attempt not its own", async () => {
    await provisionOtherMerchant(gateway);
    const theirs = await startAttempt(OTHER_MERCHANT.clientKey);
    const ours = await startAttempt();
    // The demo merchant's key cannot add events to the other merchant's attempt.
    const sneaked = await clientCall(gateway.app, `/v3/analytics/${theirs}`, {
      info: [{ type: 'sneaked-in' }],
    });
    expect(sneaked.statusCode).toBe(204);
    const browser = await signInToDashboard(gateway.app);
    const page = await dashboardGet(gateway.app, browser, '/dashboard/analytics');
    expect(page.body).toContain(ours);
    expect(page.body).not.toContain(theirs);
    const stored = await gateway.database.db.select().from(analyticsEvents);
    expect(JSON.stringify(stored)).not.toContain('sneaked-in');
  });

  it('sends a visitor without a dashboard session to the sign-in page, showing nothing', async () => {
    const attemptId = await startAttempt();
    const response = await gateway.app.inject({ method: 'GET', url: '/dashboard/analytics' });
    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toMatch(/^\/dashboard\/login\?/);
    expect(response.body).not.toContain(attemptId);
  });

  it('refuses oversized or malformed bodies with a 4xx and keeps nothing', async () => {
    const attemptId = await startAttempt();
    const before = (await gateway.database.db.select().from(analyticsEvents)).length;
    const tooMany = await clientCall(gateway.app, `/v3/analytics/${attemptId}`, {
      info: Array.from({ length: 51 }, () => ({ type: 'x' })),
    });
    expect(tooMany.statusCode).toBe(400);
    const tooBig = await clientCall(gateway.app, `/v3/analytics/${attemptId}`, {
      info: [{ type: 'x', blob: 'y'.repeat(3000) }],
    });
    expect(tooBig.statusCode).toBe(400);
    const huge = await clientCall(gateway.app, `/v3/analytics/${attemptId}`, {
      info: [{ type: 'x' }],
      padding: 'z'.repeat(70 * 1024),
    });
    expect(huge.statusCode).toBe(413);
    const wrongType = await clientCall(gateway.app, `/v3/analytics/${attemptId}`, { info: 'nope' });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toMatchObject({ status: 400, errorType: 'validation' });
    expect((await gateway.database.db.select().from(analyticsEvents)).length).toBe(before);
  });

  it('deletes attempts and events older than the retention period on write', async () => {
    const old = await startAttempt();
    await clientCall(gateway.app, `/v3/analytics/${old}`, { info: [{ type: 'old' }] });
    const longAgo = new Date(Date.now() - 31 * 86_400_000);
    await gateway.database.db.update(analyticsAttempts).set({ createdAt: longAgo });
    await gateway.database.db.update(analyticsEvents).set({ createdAt: longAgo });
    // The sweep runs on write at most once a minute; a fresh service instance would sweep at once.
    await new AnalyticsService(gateway.database.db, 30).sweep(new Date(), true);
    expect(await gateway.database.db.select().from(analyticsAttempts)).toEqual([]);
    expect(await gateway.database.db.select().from(analyticsEvents)).toEqual([]);
  });

  it('shows the device fingerprint on the payment detail page', async () => {
    const clientData = Buffer.from(
      JSON.stringify({
        version: '1.0.0',
        deviceFingerprint: 'actdf1.shown-on-dashboard',
        persistentCookie: [],
        components: {},
      }),
    ).toString('base64');
    const paid = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest(testCardMethod('4111111111111111'), { riskData: { clientData } }),
    );
    const browser = await signInToDashboard(gateway.app);
    const page = await dashboardGet(gateway.app, browser, `/dashboard/payments/${paid.json().pspReference}`);
    expect(page.body).toContain('Device fingerprint');
    expect(page.body).toContain('actdf1.shown-on-dashboard');
  });
});
