import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@actuate/service-kit/testing';
import { build } from 'esbuild';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, merchantCall, startTestGateway, type TestGateway } from '../testing/index.ts';
import { launchBrowser } from '../testing-browser.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

/**
 * The official @adyen/adyen-web Drop-in, unchanged, pays with a Klarna-type method in the sessions
 * flow: the shopper leaves for the provider's consent page (the gateway's simulator), comes back to
 * the merchant's return page, which submits `redirectResult` with the session id only.
 */
const appFolder = dirname(fileURLToPath(new URL('../../package.json', import.meta.url)));

let gateway: TestGateway;
let merchantSite: Server;
let merchantOrigin: string;
let gatewayBase: string;
let browser: { context: BrowserContext; close(): Promise<void> };
let library = '';

beforeAll(async () => {
  const bundle = await build({
    stdin: {
      contents:
        "import { AdyenCheckout, Dropin, Klarna } from '@adyen/adyen-web'; window.AdyenWeb = { AdyenCheckout, Dropin, Klarna };",
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
  library = bundle.outputFiles[0]?.text ?? '';
  merchantSite = createServer((request, response) => {
    if (request.url?.startsWith('/adyen.js'))
      return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(library);
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        '<!doctype html><html><head><script src="/adyen.js"></script></head><body><div id="dropin"></div></body></html>',
      );
  });
  await new Promise<void>((resolve) => merchantSite.listen(0, '127.0.0.1', resolve));
  merchantOrigin = `http://127.0.0.1:${(merchantSite.address() as AddressInfo).port}`;
  // The simulator pages' links use PUBLIC_URL: the port the gateway listens on.
  const gatewayPort = await freePort();
  gateway = await startTestGateway({
    PUBLIC_URL: `http://127.0.0.1:${gatewayPort}`,
    PAYMENT_ALLOWED_ORIGINS: merchantOrigin,
    PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable',
    WEBHOOK_RETRY_LIMIT: '0',
  });
  await gateway.app.listen({ port: gatewayPort, host: '127.0.0.1' });
  gatewayBase = `http://127.0.0.1:${gatewayPort}/`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  await new Promise((resolve) => merchantSite?.close(resolve));
});

/** Starts the official checkout on the page; with `redirectResult`, submits it instead of mounting. */
function startCheckout(page: Page, session: { id: string; sessionData?: string }, redirectResult?: string) {
  return page.evaluate(
    async ({ session, gatewayBase, clientKey, redirectResult }) => {
      const { AdyenCheckout, Dropin, Klarna } = (window as unknown as { AdyenWeb: Record<string, unknown> })
        .AdyenWeb as {
        AdyenCheckout: (options: object) => Promise<{ submitDetails(data: object): void }>;
        Dropin: new (checkout: unknown, options: object) => { mount(selector: string): unknown };
        Klarna: unknown;
      };
      const state = window as unknown as { outcome?: unknown; failure?: string };
      const checkout = await AdyenCheckout({
        environment: 'test',
        clientKey,
        locale: 'en-US',
        countryCode: 'DE',
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
      else new Dropin(checkout, { paymentMethodComponents: [Klarna] }).mount('#dropin');
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
  return page.evaluate(
    () =>
      (window as unknown as { outcome?: { resultCode?: string; sessionResult?: string }; failure?: string })
        .outcome ?? { resultCode: (window as unknown as { failure?: string }).failure },
  );
};

describe('@adyen/adyen-web Drop-in: a Klarna-type redirect in the sessions flow', () => {
  it('pays through the provider’s consent page and the return page', async () => {
    const session = (
      await merchantCall(gateway.app, 'POST', '/v71/sessions', {
        amount: { currency: 'EUR', value: 4990 },
        merchantAccount: DEMO.merchantAccount,
        reference: `adyen-web-klarna-${Date.now()}`,
        returnUrl: `${merchantOrigin}/return`,
        countryCode: 'DE',
        shopperName: { firstName: 'Anna', lastName: 'Bauer' },
      })
    ).json() as { id: string; sessionData: string };
    const page = await browser.context.newPage();
    await page.goto(`${merchantOrigin}/`);
    await startCheckout(page, session);
    const klarna = page.locator('.adyen-checkout__payment-method--klarna');
    await klarna.waitFor({ timeout: 20_000 });
    await klarna.locator('.adyen-checkout__payment-method__header').click();
    await klarna.locator('.adyen-checkout__button--pay').click();

    await page.getByRole('heading', { name: /Klarna: confirm your purchase/ }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Accept the terms and pay' }).click();
    await page.waitForURL((url) => url.pathname === '/return' && url.searchParams.has('redirectResult'));
    const back = new URL(page.url());
    expect(back.searchParams.get('sessionId')).toBe(session.id);
    // As a merchant's return page does: the session id from the URL, nothing else.
    await startCheckout(page, { id: session.id }, back.searchParams.get('redirectResult') ?? '');
    const outcome = await outcomeOf(page);
    expect(outcome.resultCode).toBe('Authorised');

    const result = await merchantCall(
      gateway.app,
      'GET',
      `/v71/sessions/${session.id}?sessionResult=${encodeURIComponent(outcome.sessionResult ?? '')}`,
    );
    expect(result.json()).toMatchObject({
      status: 'completed',
      payments: [{ resultCode: 'Authorised', paymentMethod: { type: 'klarna' } }],
    });
    await page.close();
  });
});
