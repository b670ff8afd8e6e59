import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_DASHBOARD_USER } from '../../testing/dashboard.ts';
import { clientCall, startListeningTestGateway, type TestGateway } from '../../testing/index.ts';
import { launchBrowser } from '../../testing-browser.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** In Chromium: the Checkout analytics page lists attempts with their events, filters by id, and passes axe. */
let gateway: TestGateway;
let browser: { context: BrowserContext; close(): Promise<void> };
let base: string;

beforeAll(async () => {
  ({ gateway, base } = await startListeningTestGateway({
    PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable',
    WEBHOOK_RETRY_LIMIT: '0',
  }));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
});

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Serious and critical axe violations (axe evaluated over DevTools, past the page's strict CSP). */
async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  if (!(await page.evaluate(() => 'axe' in window))) throw new Error('axe did not load');
  return page.evaluate(async () => {
    const { axe } = window as unknown as {
      axe: {
        run(
          context: Document,
          options: object,
        ): Promise<{ violations: { id: string; impact: string; nodes: { html: string }[] }[] }>;
      };
    };
    const result = await axe.run(document, { iframes: false });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
  });
}

describe('Checkout analytics in the dashboard (Chromium)', () => {
  it('lists attempts with their events, filters by attempt id, and has no serious axe issue', async () => {
    const started = await clientCall(gateway.app, '/v3/analytics', { version: '6.5.1', locale: 'en-US' });
    const attemptId = started.json().checkoutAttemptId as string;
    await clientCall(gateway.app, `/v3/analytics/${attemptId}`, {
      info: [{ type: 'rendered', component: 'scheme' }],
      errors: [{ type: 'risk', message: 'iframe loading timed out' }],
    });
    const otherId = (await clientCall(gateway.app, '/v3/analytics', { locale: 'nl-NL' })).json()
      .checkoutAttemptId as string;

    const page = await browser.context.newPage();
    await page.goto(`${base}/dashboard/analytics`);
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
