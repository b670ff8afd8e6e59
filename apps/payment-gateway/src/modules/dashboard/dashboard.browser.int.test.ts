import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_DASHBOARD_USER } from '../../testing/dashboard.ts';
import { seriousViolations, useGatewayAndBrowser } from '../../testing-browser.ts';

// Starting a database, the env.gateway and the widget bundle can take a while on a busy 2-core machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/**
 * In Chromium: a merchant signs in to the dashboard, pays on the sandbox page with our widget, finds
 * the payment by search, opens its timeline, captures and refunds it; axe finds nothing serious on
 * the sign-in, list and detail pages or on the sandbox page; the pages work at 360 px and by keyboard.
 */
const env = useGatewayAndBrowser();

/** Page errors and CSP violations, which must stay empty. */
function watchProblems(page: Page) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/.test(message.text()))
      problems.push(message.text());
  });
  return problems;
}

const securedInput = (page: Page, fieldType: string) =>
  page.frameLocator(`#checkout [data-cse="${fieldType}"] iframe`).locator('#sf-input');

async function payOnSandboxPage(page: Page): Promise<string> {
  await page.goto(`${env.base}/sandbox`);
  await page.fill('#amount', '1234');
  await page.click('#start');
  await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 60_000 });
  await securedInput(page, 'encryptedCardNumber').pressSequentially('5201281505129736', { delay: 5 });
  await securedInput(page, 'encryptedExpiryDate').pressSequentially('0330', { delay: 5 });
  await securedInput(page, 'encryptedSecurityCode').pressSequentially('737', { delay: 5 });
  await page.waitForFunction(
    () => (window as unknown as { sandboxElement?: { isValid: boolean } }).sandboxElement?.isValid === true,
    undefined,
    { timeout: 15_000 },
  );
  await page.locator('#checkout').getByRole('button', { name: /^Pay / }).click();
  const line = page.locator('#result [data-field="pspReference"]');
  await line.waitFor({ timeout: 30_000 });
  return ((await line.textContent()) ?? '').replace(/^pspReference: /, '');
}

describe('the merchant dashboard in Chromium', () => {
  it('signs in, finds a sandbox payment, captures and refunds it from its timeline', async () => {
    const page = await env.context.newPage();
    const problems = watchProblems(page);

    await page.goto(`${env.base}/dashboard/payments`);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard/login');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('E-mail').fill(DEMO_DASHBOARD_USER.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByLabel('Password').press('Enter');
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Wrong e-mail or password.');
    await page.getByLabel('Password').fill(DEMO_DASHBOARD_USER.password);
    await page.getByLabel('Password').press('Enter');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Payments');

    // The sandbox page: axe, its link to the dashboard, then a payment with the widget.
    const sandbox = await env.context.newPage();
    await sandbox.goto(`${env.base}/sandbox`);
    expect(await seriousViolations(sandbox)).toEqual([]);
    expect(await sandbox.getByRole('link', { name: 'merchant dashboard' }).getAttribute('href')).toBe(
      '/dashboard/payments',
    );
    const pspReference = await payOnSandboxPage(sandbox);
    expect(pspReference).toMatch(/^[A-Z0-9]{16}$/);
    await sandbox.close();

    await page.goto(`${env.base}/dashboard/payments`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Search').fill(pspReference);
    await page.getByLabel('Search').press('Enter');
    await page.getByRole('link', { name: pspReference }).click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe(`Payment ${pspReference}`);
    const timeline = page.locator('#timeline');
    await expect.poll(() => timeline.textContent()).toContain('Authorisation: Authorised');
    expect(await timeline.textContent()).toContain('3-D Secure 2 started');
    expect(await timeline.textContent()).toContain('Webhook AUTHORISATION');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Capture' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/Capture of €12\.34 succeeded/);
    expect(await page.getByRole('button', { name: 'Capture' }).count()).toBe(0);
    await page.getByLabel(/Amount in EUR/).fill('2.00');
    await page.getByRole('button', { name: 'Refund' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toMatch(/Refund of €2\.00 succeeded/);
    expect(await timeline.textContent()).toContain('Webhook REFUND');
    expect(await page.locator('dl.facts').textContent()).toContain('€2.00');
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('works at 360 px and by keyboard: skip link first, no sideways scrolling', async () => {
    const page = await env.context.newPage();
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`${env.base}/dashboard/payments`);
    if (new URL(page.url()).pathname === '/dashboard/login') {
      await page.getByLabel('E-mail').fill(DEMO_DASHBOARD_USER.email);
      await page.getByLabel('Password').fill(DEMO_DASHBOARD_USER.password);
      await page.getByRole('button', { name: 'Sign in' }).press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe('/dashboard/payments');
    }
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);
    // Sign out by keyboard: the session ends.
    await page.getByRole('button', { name: 'Sign out' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByRole('status').textContent()).toContain('You are signed out.');
    await page.goto(`${env.base}/dashboard/payments`);
    expect(new URL(page.url()).pathname).toBe('/dashboard/login');
    await page.close();
  });
});
