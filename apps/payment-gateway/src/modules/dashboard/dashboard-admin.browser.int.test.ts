import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_DASHBOARD_USER } from '../../testing/dashboard.ts';
import {
  merchantCall,
  paymentRequest,
  startListeningTestGateway,
  type TestGateway,
  testCardMethod,
} from '../../testing/index.ts';
import { seriousViolations as axeViolations, launchBrowser } from '../../testing-browser.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 120_000 });

/**
 * In Chromium: a merchant signs in, creates and revokes an API key, resends a webhook; both pages
 * pass axe (no serious or critical violation) and fit a 360 px wide screen.
 */
let gateway: TestGateway;
let browser: { context: BrowserContext; close(): Promise<void> };
let base: string;
let receiver: Server;
const receivedReferences: string[] = [];

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const parsed = JSON.parse(body) as {
        notificationItems: { NotificationRequestItem: { pspReference: string } }[];
      };
      for (const { NotificationRequestItem: item } of parsed.notificationItems)
        receivedReferences.push(item.pspReference);
      response.writeHead(200).end('[accepted]');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  // The public URL must be the listening address (dashboard forms are checked against it).
  ({ gateway, base } = await startListeningTestGateway({
    PAYMENT_WEBHOOK_URL: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks`,
    WEBHOOK_RETRY_LIMIT: '0',
  }));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth + 1);

async function signIn(page: Page) {
  // Each test starts signed out (the profile's cookies outlive its pages).
  await browser.context.clearCookies();
  await page.goto(`${base}/dashboard/login`);
  await page.getByLabel('E-mail').fill(DEMO_DASHBOARD_USER.email);
  await page.getByLabel('Password').fill(DEMO_DASHBOARD_USER.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/dashboard/payments`);
}

describe('merchant dashboard in Chromium: keys and webhooks', () => {
  it('creates and revokes an API key', async () => {
    const page = await browser.context.newPage();
    await signIn(page);
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.waitForURL(`${base}/dashboard/keys`);
    expect(await axeViolations(page, { iframes: true })).toEqual([]);

    await page.getByRole('button', { name: 'Create API key' }).click();
    const apiKey = (await page.locator('code.secret').textContent()) ?? '';
    expect(apiKey).toMatch(/^actuate_api_/);
    expect(await axeViolations(page, { iframes: true })).toEqual([]);
    const works = await merchantCall(
      gateway.app,
      'POST',
      '/v71/paymentMethods',
      { merchantAccount: 'ActuateStore' },
      { 'x-api-key': apiKey },
    );
    expect(works.statusCode).toBe(200);

    await page.getByRole('button', { name: `Revoke ${apiKey.slice(0, 12)}…` }).click();
    await page.getByRole('status').filter({ hasText: 'The API key is revoked' }).waitFor();
    const refused = await merchantCall(
      gateway.app,
      'POST',
      '/v71/paymentMethods',
      {},
      { 'x-api-key': apiKey },
    );
    expect(refused.statusCode).toBe(401);

    await page.setViewportSize({ width: 360, height: 800 });
    expect(await fitsWidth(page)).toBe(true);
    await page.close();
  });

  it('finds a payment’s webhook and resends it', async () => {
    const payment = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest(testCardMethod('4111111111111111')),
    );
    const psp = payment.json().pspReference as string;
    await expect
      .poll(() => receivedReferences.filter((reference) => reference === psp).length, { timeout: 30_000 })
      .toBe(1);

    const page = await browser.context.newPage();
    await signIn(page);
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByLabel('Payment pspReference').fill(psp);
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(await axeViolations(page, { iframes: true })).toEqual([]);
    await page.getByRole('link', { name: 'AUTHORISATION' }).click();
    await page.getByRole('heading', { name: 'Delivery attempts' }).waitFor();
    expect(await axeViolations(page, { iframes: true })).toEqual([]);

    await page.getByRole('button', { name: 'Resend' }).click();
    await page.getByRole('status').filter({ hasText: 'A fresh delivery is queued' }).waitFor();
    await expect
      .poll(() => receivedReferences.filter((reference) => reference === psp).length, { timeout: 30_000 })
      .toBe(2);
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByRole('cell', { name: 'Resend', exact: true }).count();
        },
        { timeout: 30_000 },
      )
      .toBe(1);

    await page.setViewportSize({ width: 360, height: 800 });
    expect(await fitsWidth(page)).toBe(true);
    await page.close();
  });
});
