import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@actuate/service-kit/testing';
import { build } from 'esbuild';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, merchantCall, startTestGateway, type TestGateway } from '../testing/index.ts';
import { launchBrowser } from '../testing-browser.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/**
 * The official @adyen/adyen-web 6 Drop-in, unchanged, in the sessions flow: an iDEAL payment (a
 * plain redirect for that library) goes to the gateway's bank page and comes back to the merchant's
 * return page, which recreates the checkout from the session id alone and submits `redirectResult`.
 */
const appFolder = dirname(fileURLToPath(new URL('../../package.json', import.meta.url)));
const require = createRequire(join(appFolder, 'package.json'));

let gateway: TestGateway;
let merchantSite: Server;
let merchantOrigin: string;
let gatewayBase: string;
let browser: { context: BrowserContext; close(): Promise<void> };

beforeAll(async () => {
  const bundle = await build({
    stdin: {
      contents:
        "import { AdyenCheckout, Dropin, Redirect } from '@adyen/adyen-web'; window.AdyenWeb = { AdyenCheckout, Dropin, Redirect };",
      resolveDir: appFolder,
      loader: 'js',
    },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: ['es2020'],
    logLevel: 'silent',
  });
  const library = bundle.outputFiles[0]?.text ?? '';
  const styles = readFileSync(join(dirname(require.resolve('@adyen/adyen-web')), 'adyen.css'), 'utf8');
  merchantSite = createServer((request, response) => {
    if (request.url?.startsWith('/adyen.js'))
      return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(library);
    if (request.url?.startsWith('/adyen.css'))
      return void response.writeHead(200, { 'content-type': 'text/css' }).end(styles);
    // The checkout page and the return page are the same page; the test drives both.
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        `<!doctype html><html><head><link rel="stylesheet" href="/adyen.css"><script src="/adyen.js"></script></head><body><div id="dropin"></div></body></html>`,
      );
  });
  await new Promise<void>((resolve) => merchantSite.listen(0, '127.0.0.1', resolve));
  merchantOrigin = `http://127.0.0.1:${(merchantSite.address() as AddressInfo).port}`;
  // The bank page's address is built from PUBLIC_URL: the gateway needs its port before it starts.
  const port = await freePort();
  gateway = await startTestGateway({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PAYMENT_ALLOWED_ORIGINS: merchantOrigin,
    PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable',
    WEBHOOK_RETRY_LIMIT: '0',
  });
  await gateway.app.listen({ port, host: '127.0.0.1' });
  gatewayBase = `http://127.0.0.1:${port}/`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  await new Promise((resolve) => merchantSite?.close(resolve));
});

/** Creates the official library's checkout on the page; with `redirectResult` it submits it at once. */
async function startCheckout(
  page: Page,
  session: { id: string; sessionData?: string },
  redirectResult?: string,
) {
  await page.evaluate(
    async ({ session, gatewayBase, clientKey, redirectResult }) => {
      const { AdyenCheckout, Dropin, Redirect } = (window as unknown as { AdyenWeb: Record<string, never> })
        .AdyenWeb as unknown as {
        AdyenCheckout: (options: object) => Promise<{ submitDetails(data: object): void }>;
        Dropin: new (checkout: unknown, options?: object) => { mount(selector: string): unknown };
        Redirect: unknown;
      };
      const state = window as unknown as { outcome?: unknown; failure?: string };
      const checkout = await AdyenCheckout({
        environment: 'test',
        clientKey,
        locale: 'en-US',
        countryCode: 'NL',
        session,
        _environmentUrls: {
          api: gatewayBase,
          analytics: gatewayBase,
          cdn: { images: gatewayBase, translations: gatewayBase },
        },
        analytics: { enabled: false },
        risk: { enabled: false },
        onPaymentCompleted: (result: unknown) => {
          state.outcome = result;
        },
        onPaymentFailed: (result: unknown) => {
          state.outcome = result;
        },
        onError: (error: unknown) => {
          state.failure = String(error);
        },
      });
      if (redirectResult) checkout.submitDetails({ details: { redirectResult } });
      else new Dropin(checkout, { paymentMethodComponents: [Redirect] }).mount('#dropin');
    },
    { session, gatewayBase, clientKey: DEMO.clientKey, redirectResult },
  );
}

const outcomeOf = async (page: Page) => {
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const state = window as unknown as { outcome?: unknown; failure?: string };
          return state.outcome ?? state.failure;
        }),
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return page.evaluate(() => {
    const state = window as unknown as {
      outcome?: { resultCode?: string; sessionResult?: string };
      failure?: string;
    };
    return { outcome: state.outcome, failure: state.failure };
  });
};

describe('@adyen/adyen-web Drop-in: a redirect payment against the gateway', () => {
  it('pays with iDEAL in the sessions flow: bank page, return page with the session id only', async () => {
    const created = await merchantCall(gateway.app, 'POST', '/v71/sessions', {
      amount: { currency: 'EUR', value: 2500 },
      merchantAccount: DEMO.merchantAccount,
      reference: `adyen-web-ideal-${Date.now()}`,
      returnUrl: `${merchantOrigin}/return?shop=1`,
      countryCode: 'NL',
    });
    const session = created.json() as { id: string; sessionData: string };
    const page = await browser.context.newPage();
    await page.goto(`${merchantOrigin}/`);
    await startCheckout(page, session);

    // The drop-in lists only what it has a component for (no card or SEPA here) and opens the first.
    const pay = page.locator('.adyen-checkout__button--pay', { hasText: 'Continue to iDEAL' });
    await pay.click({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Authorise the payment' }).click({ timeout: 20_000 });
    await page.waitForURL((url) => url.origin === merchantOrigin, { timeout: 20_000 });
    const back = new URL(page.url());
    expect(back.pathname).toBe('/return');
    expect(back.searchParams.get('shop')).toBe('1');
    expect(back.searchParams.get('sessionId')).toBe(session.id);
    const redirectResult = back.searchParams.get('redirectResult') ?? '';
    expect(redirectResult).not.toBe('');

    await startCheckout(page, { id: session.id }, redirectResult);
    const { outcome, failure } = await outcomeOf(page);
    expect(failure).toBeUndefined();
    expect(outcome?.resultCode).toBe('Authorised');
    const result = await merchantCall(
      gateway.app,
      'GET',
      `/v71/sessions/${session.id}?sessionResult=${encodeURIComponent(outcome?.sessionResult ?? '')}`,
    );
    expect(result.json()).toMatchObject({
      status: 'completed',
      payments: [{ resultCode: 'Authorised', paymentMethod: { type: 'ideal' } }],
    });
    await page.close();
  });
});
