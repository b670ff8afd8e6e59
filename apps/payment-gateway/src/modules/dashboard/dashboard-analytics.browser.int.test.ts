import { describe, expect, it, vi } from 'vitest';
import { DEMO_DASHBOARD_USER } from '../../testing/dashboard.ts';
import { clientCall } from '../../testing/index.ts';
import { seriousViolations, useGatewayAndBrowser } from '../../testing-browser.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** In Chromium: the Checkout analytics page lists attempts with their events, filters by id, and passes axe. */
const env = useGatewayAndBrowser();

describe('Checkout analytics in the dashboard (Chromium)', () => {
  it('lists attempts with their events, filters by attempt id, and has no serious axe issue', async () => {
    const started = await clientCall(env.gateway.app, '/v3/analytics', { version: '6.5.1', locale: 'en-US' });
    const attemptId = started.json().checkoutAttemptId as string;
    await clientCall(env.gateway.app, `/v3/analytics/${attemptId}`, {
      info: [{ type: 'rendered', component: 'scheme' }],
      errors: [{ type: 'risk', message: 'iframe loading timed out' }],
    });
    const otherId = (await clientCall(env.gateway.app, '/v3/analytics', { locale: 'nl-NL' })).json()
      .checkoutAttemptId as string;

    const page = await env.context.newPage();
    await page.goto(`${env.base}/dashboard/analytics`);
    await page.getByLabel('E-mail').fill(DEMO_DASHBOARD_USER.email);
    await page.getByLabel('Password').fill(DEMO_DASHBOARD_USER.password);
    await page.getByLabel('Password').press('Enter');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Checkout analytics');
    await expect
      .poll(() => page.getByRole('link', { name: 'Checkout analytics' }).getAttribute('aria-current'))
      .toBe('page');
    await expect.poll(() => page.getByRole('heading', { name: new RegExp(attemptId) }).count()).toBe(1);
    await expect.poll(() => page.getByText('iframe loading timed out').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('Checkout attempt id').fill(otherId);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect.poll(() => page.getByRole('heading', { name: new RegExp(otherId) }).count()).toBe(1);
    expect(await page.getByRole('heading', { name: new RegExp(attemptId) }).count()).toBe(0);
    expect(await page.getByText('No events yet.').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });
});
