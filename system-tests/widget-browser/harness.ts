import { createRequire } from 'node:module';
import type { DatabaseHandle, ServiceApp } from '@actuate/service-kit';
import { createTestDatabase, freePort } from '@actuate/service-kit/testing';
import { launchChromium } from '@actuate/test-support';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../apps/payment-gateway/src/app.ts';
import { readConfig } from '../../apps/payment-gateway/src/config.ts';
import { type ExtraRoutes, startDemoServer } from '../../packages/checkout/demo/test-servers.ts';

export interface Harness {
  gatewayUrl: string;
  demoUrl: string;
  context: BrowserContext;
  /** The gateway's test database (read what a payment kept). */
  database: DatabaseHandle;
  /**
   * A new page on the demo with `query` (`prepare` runs before it loads); `errors` collects its uncaught
   * errors and every gateway response with status 404 (a missing page or script the widget asked for).
   */
  openDemo(
    query: string,
    prepare?: (page: Page) => Promise<unknown>,
  ): Promise<{ page: Page; errors: string[] }>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Gateway environment settings on top of the harness's (e.g. `RISK_MAX_CARDS_PER_DEVICE`). */
  gatewayConfig?: Record<string, string>;
}

/**
 * The real gateway on a loopback port and test database, the demo page on another, and Chromium.
 * `routes` adds pages to the demo server (see startDemoServer).
 */
export async function startHarness(routes?: ExtraRoutes, options: HarnessOptions = {}): Promise<Harness> {
  const [gatewayPort, demoPort] = [await freePort(), await freePort()];
  const gatewayUrl = `http://127.0.0.1:${gatewayPort}`;
  const demoUrl = `http://127.0.0.1:${demoPort}`;
  const database: DatabaseHandle = await createTestDatabase();
  const config = readConfig({
    PUBLIC_URL: gatewayUrl,
    PAYMENT_ALLOWED_ORIGINS: demoUrl,
    PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable',
    WEBHOOK_RETRY_LIMIT: '0',
    JOB_POLLING_INTERVAL_SECONDS: '0.5',
    // The widget talks to the gateway over HTTP here; no certificate needed.
    HTTPS_ENABLED: 'false',
    ...options.gatewayConfig,
  });
  const gateway: ServiceApp = await buildApp(config, { database, logger: false });
  await gateway.listen({ port: gatewayPort, host: '127.0.0.1' });

  const demo = await startDemoServer({ port: demoPort, gatewayUrl, routes });

  const browser = await launchChromium();
  return {
    gatewayUrl,
    demoUrl,
    context: browser.context,
    database,
    async openDemo(query, prepare) {
      const page = await browser.context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(String(error)));
      page.on('response', (response) => {
        if (response.status() === 404 && response.url().startsWith(`${gatewayUrl}/`))
          errors.push(`404 ${response.url()}`);
      });
      await prepare?.(page);
      await page.goto(`${demoUrl}/?${query}`);
      return { page, errors };
    },
    async close() {
      await browser.close();
      await demo.close();
      await gateway.close();
      await database.close();
    },
  };
}

/**
 * The harness of a test file: started before its tests, closed after them. The object is filled in
 * once started, so tests (and `routes`, at request time) read it as usual.
 */
export function useHarness(routes?: ExtraRoutes, options?: HarnessOptions): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    Object.assign(harness, await startHarness(routes, options));
  }, 120_000);
  afterAll(async () => {
    await harness.close?.();
  });
  return harness;
}

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/**
 * axe-core's violations in `#payment` (colour contrast included: it needs real layout), as
 * `rule: html | html`. `iframes: false` leaves out the frames' contents (the gateway's pages, checked
 * there); `seriousOnly` keeps the serious and critical ones; `scriptUrl` loads axe from the page's
 * origin (under a strict CSP) instead of injecting the file.
 */
export async function axeViolations(
  page: Page,
  options: { iframes?: boolean; seriousOnly?: boolean; scriptUrl?: string } = {},
): Promise<string[]> {
  const { iframes = true, seriousOnly = false, scriptUrl } = options;
  if (!(await page.evaluate(() => 'axe' in window)))
    await page.addScriptTag(scriptUrl ? { url: scriptUrl } : { path: axePath });
  return page.evaluate(
    async ({ iframes, seriousOnly }) => {
      const { axe } = window as unknown as {
        axe: {
          run(
            node: Element,
            options: object,
          ): Promise<{ violations: { id: string; impact: string; nodes: { html: string }[] }[] }>;
        };
      };
      const result = await axe.run(document.getElementById('payment') as Element, { iframes });
      return result.violations
        .filter(
          (violation) => !seriousOnly || violation.impact === 'serious' || violation.impact === 'critical',
        )
        .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`);
    },
    { iframes, seriousOnly },
  );
}

/** The input inside a secured-field frame (the gateway's page). */
export const securedInput = (page: Page, fieldType: string): ReturnType<FrameLocator['locator']> =>
  page.frameLocator(`[data-cse="${fieldType}"] iframe`).locator('#sf-input');

/**
 * Whether the secured field's input has the focus: the page's focused element is that field's frame,
 * and inside the frame the input is. (Not `document.hasFocus()`: it also asks whether the browser
 * window has the system focus, which a loaded headless run does not always report.)
 */
export async function frameHasFocus(page: Page, fieldType: string): Promise<boolean> {
  const frameFocused = await page.evaluate(
    (type) => document.activeElement === document.querySelector(`[data-cse="${type}"] iframe`),
    fieldType,
  );
  return (
    frameFocused &&
    (await securedInput(page, fieldType).evaluate((input) => input.ownerDocument.activeElement === input))
  );
}

export async function fillCard(
  page: Page,
  card: { number?: string; expiry?: string; cvc?: string; holderName?: string },
) {
  if (card.number)
    await securedInput(page, 'encryptedCardNumber').pressSequentially(card.number, { delay: 5 });
  if (card.expiry !== undefined)
    await securedInput(page, 'encryptedExpiryDate').pressSequentially(card.expiry, { delay: 5 });
  if (card.cvc) await securedInput(page, 'encryptedSecurityCode').pressSequentially(card.cvc, { delay: 5 });
  if (card.holderName) await page.getByLabel(/Name on card/).fill(card.holderName);
}

/** Waits until the widget has every blob (the frames encrypt asynchronously), then pays. */
export async function pay(page: Page) {
  await page.waitForFunction(
    () => (window as unknown as { element?: { isValid: boolean } }).element?.isValid === true,
    undefined,
    {
      timeout: 15_000,
    },
  );
  await page.getByRole('button', { name: /^Pay / }).click();
}

export async function resultOf(page: Page, timeout = 30_000): Promise<string> {
  await page.waitForFunction(
    () => /^(Result|Error):/.test(document.getElementById('result')?.textContent ?? ''),
    undefined,
    { timeout },
  );
  return (await page.textContent('#result')) ?? '';
}

/**
 * The shopper's phone: the gateway's simulator page behind the view's app link (`linkName`), where
 * `choice` ('Approve in the app', 'Refuse in the app', …) is picked.
 */
export async function onThePhone(harness: Harness, page: Page, linkName: RegExp, choice: string) {
  const href = (await page.getByRole('link', { name: linkName }).getAttribute('href')) ?? '';
  expect(href.startsWith(`${harness.gatewayUrl}/shopper/`)).toBe(true);
  const phone = await harness.context.newPage();
  await phone.goto(href);
  await phone.getByRole('button', { name: choice }).click();
  await phone.getByRole('status').waitFor({ timeout: 30_000 });
  await phone.close();
}

/** The gateway's sandbox desk marks the latest voucher of `paymentMethodType` paid; its status line. */
export async function settleFromSandbox(harness: Harness, paymentMethodType: string): Promise<string> {
  const desk = await harness.context.newPage();
  await desk.goto(`${harness.gatewayUrl}/sandbox/pending`);
  await desk
    .getByRole('row', { name: new RegExp(paymentMethodType) })
    .first()
    .getByRole('link')
    .click();
  await desk.getByRole('button', { name: 'Mark the payment received' }).click();
  const settled = (await desk.getByRole('status').textContent()) ?? '';
  await desk.close();
  return settled;
}
