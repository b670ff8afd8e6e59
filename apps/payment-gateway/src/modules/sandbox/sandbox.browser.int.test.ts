import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { merchantCall, startListeningTestGateway, type TestGateway } from '../../testing/index.ts';
import { launchBrowser } from '../../testing-browser.ts';
import { CHECKOUT_ROOT } from '../sdk-assets/widget-bundle.ts';

const checkoutVersion = JSON.parse(readFileSync(`${CHECKOUT_ROOT}/package.json`, 'utf8')).version as string;

// Starting a database and the gateway can take a while on a busy 2-core machine.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/**
 * In Chromium: the sandbox page pays with our widget (`@actuate/checkout`, standalone build served by
 * the gateway) in the sessions flow — the page's server creates the demo merchant's session — under a
 * strict CSP: frictionless, 3DS2 challenge (`password` succeeds, anything else fails), fingerprint
 * then challenge, drop-in; and, at frame level, formatting and JWE blobs only.
 */
let gateway: TestGateway;
let browser: { context: BrowserContext; close(): Promise<void> };
let base: string;

beforeAll(async () => {
  ({ gateway, base } = await startListeningTestGateway({
    PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable',
    WEBHOOK_RETRY_LIMIT: '0',
  }));
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
});

const securedInput = (page: Page, fieldType: string) =>
  page.frameLocator(`#checkout [data-cse="${fieldType}"] iframe`).locator('#sf-input');

interface OpenPage {
  page: Page;
  /** CSP violations and uncaught errors on the page. */
  problems: string[];
}

/** Opens the sandbox page, chooses amount/currency (and drop-in), starts the session, waits for the card form. */
async function startPayment(
  options: { amount?: string; currency?: string; dropin?: boolean } = {},
): Promise<OpenPage> {
  const page = await browser.context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  await page.exposeFunction('recordViolation', (text: string) => problems.push(`CSP: ${text}`));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { recordViolation(text: string): void }).recordViolation(
        `${event.violatedDirective} ${event.blockedURI}`,
      ),
    );
  });
  await page.goto(`${base}/sandbox`);
  if (options.amount) await page.fill('#amount', options.amount);
  if (options.currency) await page.selectOption('#currency', options.currency);
  if (options.dropin) await page.check('#dropin');
  await page.click('#start');
  await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
  return { page, problems };
}

async function fillCard(page: Page, number: string, expiry = '0330', cvc = '737') {
  await securedInput(page, 'encryptedCardNumber').pressSequentially(number, { delay: 5 });
  await securedInput(page, 'encryptedExpiryDate').pressSequentially(expiry, { delay: 5 });
  await securedInput(page, 'encryptedSecurityCode').pressSequentially(cvc, { delay: 5 });
  await expect.poll(() => securedInput(page, 'encryptedCardNumber').inputValue()).toMatch(/^\d{4} \d{4}/);
}

/** Waits until the widget holds every blob (the frames encrypt asynchronously), then pays. */
async function pay(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { sandboxElement?: { isValid: boolean } }).sandboxElement?.isValid === true,
    undefined,
    { timeout: 15_000 },
  );
  await page.locator('#checkout').getByRole('button', { name: /^Pay / }).click();
}

/** `Result: …` and `pspReference: …` lines the page shows once the widget reports the result. */
async function resultOf(page: Page): Promise<{ result: string; pspReference?: string; session?: string }> {
  await expect
    .poll(() => page.locator('#result [data-field="Session"], #result [data-field="Error"]').count(), {
      timeout: 30_000,
    })
    .toBeGreaterThan(0);
  const line = async (field: string) =>
    (await page.locator(`#result [data-field="${field}"]`).count())
      ? ((await page.locator(`#result [data-field="${field}"]`).textContent()) ?? '').replace(/^[^:]+: /, '')
      : undefined;
  return {
    result: (await line('Result')) ?? `Error: ${await line('Error')}`,
    pspReference: await line('pspReference'),
    session: await line('Session'),
  };
}

async function answerChallenge(page: Page, otp: string) {
  const acs = page.frameLocator('#checkout iframe.actuate-checkout__challenge-frame');
  await acs.locator('#otp').waitFor({ timeout: 30_000 });
  await acs.locator('#otp').fill(otp);
  await acs.locator('button[value="submit"]').click();
}

async function payWithChallenge(number: string, otp: string) {
  const { page, problems } = await startPayment();
  await fillCard(page, number);
  await pay(page);
  await answerChallenge(page, otp);
  const outcome = await resultOf(page);
  await page.close();
  return { ...outcome, problems };
}

describe('sandbox page in Chromium', () => {
  it('lists the test cards and is served under a strict CSP with the widget from the gateway', async () => {
    const page = await browser.context.newPage();
    const response = await page.goto(`${base}/`);
    expect(await page.textContent('table')).toContain('4212 3456 7891 0006');
    const policy = response?.headers()['content-security-policy'] ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).not.toContain('unsafe-inline');
    expect(policy).not.toContain('unsafe-eval');
    const scripts = await page.locator('script[src]').evaluateAll((nodes) =>
      nodes.map((node) => ({
        src: node.getAttribute('src'),
        integrity: node.getAttribute('integrity'),
        crossorigin: node.getAttribute('crossorigin'),
      })),
    );
    // The widget from its versioned SDK URL, with the integrity hash the gateway publishes for it.
    const sdk = `/checkoutshopper/sdk/${checkoutVersion}`;
    const integrity = await (await fetch(`${base}${sdk}/integrity.json`)).json();
    expect(scripts).toEqual([
      {
        src: `${sdk}/actuate-checkout.min.js`,
        integrity: integrity['actuate-checkout.min.js'],
        crossorigin: 'anonymous',
      },
      { src: '/sandbox/sandbox.js', integrity: null, crossorigin: null },
    ]);
    expect(await page.locator('link[rel=stylesheet]').first().getAttribute('integrity')).toBe(
      integrity['actuate-checkout.min.css'],
    );
    expect(await page.evaluate(() => typeof (window as { ActuateCheckout?: unknown }).ActuateCheckout)).toBe(
      'object',
    );
    // The merchant's API key never reaches the browser.
    expect(await page.content()).not.toContain('sandbox_api_key_actuate');
    await page.close();
  });

  it('pays a frictionless card with the widget for the chosen amount and currency', async () => {
    const { page, problems } = await startPayment({ amount: '2599', currency: 'USD' });
    await expect
      .poll(() => page.locator('#checkout').getByRole('button', { name: /^Pay / }).textContent())
      .toMatch(/25\.99/);
    await fillCard(page, '5201281505129736');
    await page
      .locator('#checkout')
      .getByLabel(/Name on card/)
      .fill('J Smith');
    await pay(page);
    const outcome = await resultOf(page);
    expect(outcome).toEqual({
      result: 'Authorised',
      pspReference: expect.stringMatching(/^[A-Z0-9]{16}$/),
      session: 'completed',
    });
    const payment = (
      await merchantCall(gateway.app, 'GET', `/v71/webhooks/deliveries?pspReference=${outcome.pspReference}`)
    ).json();
    expect(payment.deliveries[0]).toMatchObject({ eventCode: 'AUTHORISATION' });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('3DS2 challenge with the one-time password "password" succeeds', async () => {
    const outcome = await payWithChallenge('4212345678910006', 'password');
    expect(outcome).toMatchObject({
      result: 'Authorised',
      pspReference: expect.stringMatching(/^[A-Z0-9]{16}$/),
    });
    expect(outcome.problems).toEqual([]);
  });

  it('3DS2 challenge with any other password is refused', async () => {
    const outcome = await payWithChallenge('4212345678910006', 'letmein');
    expect(outcome).toMatchObject({
      result: 'Refused',
      pspReference: expect.stringMatching(/^[A-Z0-9]{16}$/),
    });
  });

  it('runs the fingerprint in a hidden frame, then the challenge', async () => {
    const outcome = await payWithChallenge('5000550000000029', 'password');
    expect(outcome.result).toBe('Authorised');
    const log = (
      await merchantCall(gateway.app, 'GET', `/v71/webhooks/deliveries?pspReference=${outcome.pspReference}`)
    ).json();
    expect(log.deliveries.map((entry: { eventCode: string }) => entry.eventCode)).toContain('AUTHORISATION');
  });

  it('pays in the drop-in', async () => {
    const { page, problems } = await startPayment({ dropin: true });
    await fillCard(page, '4111111111111111');
    await pay(page);
    expect((await resultOf(page)).result).toBe('Authorised');
    await expect.poll(() => page.locator('.actuate-checkout__final--success').isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.close();
  });

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
    await page.click('#start');
    const number = securedInput(page, 'encryptedCardNumber');
    await number.waitFor({ timeout: 30_000 });
    await fillCard(page, '4111111111111111');
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
  });
});
