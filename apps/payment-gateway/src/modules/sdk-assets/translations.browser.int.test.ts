import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, startListeningTestGateway, type TestGateway } from '../../testing/index.ts';
import { launchBrowser } from '../../testing-browser.ts';
import { CSS_FILE, SCRIPT_FILE } from './widget-release.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/**
 * In Chromium: the standalone widget (the gateway's build, which cannot split chunks) on a merchant
 * page of another origin fetches its locale from `checkoutshopper/sdk/<version>/translations/` and
 * renders it; Arabic right to left with the card numbers left to right.
 */
let gateway: TestGateway;
let browser: { context: BrowserContext; close(): Promise<void> };
let base: string;
let widgetScript: string;
let widgetCss: string;
/** The merchant's page: another origin (another port) on the loopback address, as Chromium allows. */
let shop: Server;
let shopUrl: string;
let shopPage = '';

beforeAll(async () => {
  ({ gateway, base } = await startListeningTestGateway());
  // The sandbox page names the versioned SDK URLs, as a merchant copies them.
  const sandbox = await (await fetch(`${base}/sandbox`)).text();
  const sdk = /src="([^"]*\/checkoutshopper\/sdk\/[^"/]+\/)actuate-checkout\.min\.js"/.exec(sandbox)?.[1];
  widgetScript = `${base}${sdk}${SCRIPT_FILE}`;
  widgetCss = `${base}${sdk}${CSS_FILE}`;
  shop = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(shopPage);
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}/shop`;
  browser = await launchBrowser();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  shop?.close();
});

/**
 * A merchant page with a card in `locale`. Its origin is not the client key's, so the frames stay
 * unconfigured (the form waits hidden, laid out): enough for the texts and the layout direction.
 */
async function openCard(locale: string) {
  const page = await browser.context.newPage();
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.url().includes('/translations/')) requests.push(`${response.status()} ${response.url()}`);
  });
  shopPage = `<!doctype html><html><head><link rel="stylesheet" href="${widgetCss}"></head>
<body><div id="card"></div><script src="${widgetScript}"></script><script>
ActuateCheckout.createCheckout({ clientKey: ${JSON.stringify(DEMO.clientKey)}, environmentUrl: ${JSON.stringify(`${base}/`)},
  locale: ${JSON.stringify(locale)}, amount: { value: 1000, currency: 'EUR' }, countryCode: 'NL',
  analytics: { enabled: false }, risk: { enabled: false }, onSubmit: () => {} })
  .then((checkout) => new ActuateCheckout.Card(checkout, {}).mount('#card'));
</script></body></html>`;
  await page.goto(shopUrl);
  await page
    .locator('.actuate-checkout__field--encryptedCardNumber .actuate-checkout__label')
    .waitFor({ state: 'attached', timeout: 20_000 })
    .catch((error: unknown) => {
      throw new Error(`${String(error)}\n${problems.join('\n')}`);
    });
  return { page, requests, problems };
}

describe('standalone widget locales', () => {
  it('ar: fetched from the gateway, right to left, card numbers left to right', async () => {
    const { page, requests } = await openCard('ar-EG');
    const root = page.locator('.actuate-checkout');
    await expect.poll(() => root.getAttribute('dir')).toBe('rtl');
    expect(await root.getAttribute('lang')).toBe('ar');
    expect(requests).toEqual([
      expect.stringMatching(/^200 .*\/checkoutshopper\/sdk\/[\d.]+\/translations\/ar\.json$/),
    ]);
    const label = page.locator('.actuate-checkout__field--encryptedCardNumber .actuate-checkout__label');
    expect(await label.textContent()).toMatch(/[\u0600-\u06FF]/);
    expect(await label.evaluate((node) => getComputedStyle(node).direction)).toBe('rtl');
    const box = page.locator(
      '.actuate-checkout__field--encryptedCardNumber .actuate-checkout__input--secured',
    );
    expect(await box.evaluate((node) => getComputedStyle(node).direction)).toBe('ltr');
    // The label's text starts at the field's right edge, as Arabic reads (the span itself is full width).
    const edges = await label.evaluate((node) => {
      const range = document.createRange();
      range.selectNodeContents(node);
      const text = range.getBoundingClientRect();
      const field = node.getBoundingClientRect();
      return { fromRight: field.right - text.right, fromLeft: text.left - field.left };
    });
    expect(edges.fromRight).toBeLessThan(2);
    expect(edges.fromLeft).toBeGreaterThan(20);
    await page.close();
  });

  it('fr-CH: French from fr-FR.json, left to right', async () => {
    const { page, requests } = await openCard('fr-CH');
    expect(requests).toEqual([expect.stringMatching(/\/translations\/fr-FR\.json$/)]);
    await expect.poll(() => page.locator('.actuate-checkout').getAttribute('lang')).toBe('fr-FR');
    expect(await page.locator('.actuate-checkout').getAttribute('dir')).toBe('ltr');
    expect(await page.locator('.actuate-checkout__button--pay').textContent()).toMatch(/Payer/);
    await page.close();
  });
});
