import type { AddressInfo } from 'node:net';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { merchantCall, startTestGateway, type TestGateway } from '../../testing.ts';
import { launchBrowser } from '../../testing-browser.ts';

// Starting a database and the gateway can take a while on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

/**
 * In Chromium: the sandbox page mounts the secured-field frames (typing, formatting, JWE in the
 * browser), pays through the session client API and runs the 3DS2 method and challenge pages with
 * their postMessage results.
 */
let gateway: TestGateway;
let browser: { context: BrowserContext; close(): Promise<void> };
let base: string;

beforeAll(async () => {
  // The public URL must be the listening address: reserve it by listening first, then rebuild.
  const probe = await startTestGateway();
  await probe.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (probe.app.server.address() as AddressInfo).port;
  await probe.close();
  base = `http://127.0.0.1:${port}`;
  gateway = await startTestGateway({
    PUBLIC_URL: base,
    PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable',
    WEBHOOK_RETRY_LIMIT: '0',
  });
  await gateway.app.listen({ port, host: '127.0.0.1' });
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
});

async function fillCard(page: Page, number: string, expiry = '03/30', cvc = '737') {
  const field = (name: string) => page.frameLocator(`.sf[data-field="${name}"] iframe`).locator('#sf-input');
  await field('encryptedCardNumber').pressSequentially(number, { delay: 5 });
  await field('encryptedExpiryDate').pressSequentially(expiry, { delay: 5 });
  await field('encryptedSecurityCode').pressSequentially(cvc, { delay: 5 });
  await expect.poll(() => field('encryptedCardNumber').inputValue()).toMatch(/^\d{4} \d{4}/);
}

async function payWithChallenge(number: string, otp: string) {
  const page = await browser.context.newPage();
  const messages: string[] = [];
  page.on('console', (message) => messages.push(message.text()));
  await page.goto(`${base}/sandbox`);
  await fillCard(page, number);
  await page.waitForTimeout(300); // the frames encrypt asynchronously
  await page.click('#payButton');
  const challenge = page.frameLocator('#threeds iframe').locator('#otp');
  await challenge.waitFor({ timeout: 20_000 });
  await challenge.fill(otp);
  await page.frameLocator('#threeds iframe').locator('button[value="submit"]').click();
  await expect.poll(() => page.textContent('#result'), { timeout: 20_000 }).toMatch(/^Result: /);
  const result = (await page.textContent('#result')) ?? '';
  await page.close();
  return { result, messages };
}

describe('sandbox page in Chromium', () => {
  it('lists the test cards', async () => {
    const page = await browser.context.newPage();
    await page.goto(`${base}/`);
    expect(await page.textContent('table')).toContain('4212 3456 7891 0006');
    await page.close();
  });

  it('challenge with the one-time password "password" succeeds', async () => {
    const { result } = await payWithChallenge('4212345678910006', 'password');
    expect(result).toBe('Result: Authorised');
  }, 60_000);

  it('challenge with any other password fails', async () => {
    const { result } = await payWithChallenge('4212345678910006', 'letmein');
    expect(result).toBe('Result: Refused');
  }, 60_000);

  it('runs the fingerprint in a hidden frame, then the challenge', async () => {
    const { result } = await payWithChallenge('5000550000000029', 'password');
    expect(result).toBe('Result: Authorised');
    const log = (await merchantCall(gateway.app, 'GET', '/v71/webhooks/deliveries?limit=10')).json();
    expect(
      log.deliveries.filter((entry: { eventCode: string }) => entry.eventCode === 'AUTHORISATION').length,
    ).toBeGreaterThanOrEqual(3);
  }, 60_000);

  it('formats and validates inside the frame and hands out only JWE blobs', async () => {
    const page = await browser.context.newPage();
    const parentMessages: string[] = [];
    await page.exposeFunction('recordMessage', (data: string) => parentMessages.push(data));
    await page.addInitScript(() => {
      window.addEventListener('message', (event) => {
        if (typeof event.data === 'string')
          (window as unknown as { recordMessage(data: string): void }).recordMessage(event.data);
      });
    });
    await page.goto(`${base}/sandbox`);
    await fillCard(page, '4111111111111111');
    const number = page.frameLocator('.sf[data-field="encryptedCardNumber"] iframe').locator('#sf-input');
    expect(await number.inputValue()).toBe('4111 1111 1111 1111');
    await expect
      .poll(() => parentMessages.filter((data) => data.includes('"action":"encryption"')).length, {
        timeout: 10_000,
      })
      .toBeGreaterThanOrEqual(3);
    const everything = parentMessages.join('\n');
    expect(everything).not.toContain('4111111111111111');
    expect(everything).not.toContain('"737"');
    const encryption = JSON.parse(
      parentMessages.find(
        (data) => data.includes('"encryptedCardNumber"') && data.includes('"encryption"'),
      ) ?? '{}',
    );
    expect(encryption).toMatchObject({
      brand: 'visa',
      endDigits: '1111',
      encrypted: [
        {
          type: 'encryptedCardNumber',
          blob: expect.stringMatching(/^eyJ[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/),
        },
      ],
    });
    expect(everything).toContain('"action":"binValue"');
    await number.fill('');
    await number.pressSequentially('4111111111111112', { delay: 5 });
    await number.blur();
    await expect
      .poll(() => parentMessages.some((data) => data.includes('cc.num.902')), { timeout: 5_000 })
      .toBe(true);
    await page.close();
  }, 60_000);
});
