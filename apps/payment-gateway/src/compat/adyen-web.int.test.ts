import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO, merchantCall, startTestGateway, type TestGateway } from '../testing/index.ts';
import { launchBrowser } from '../testing-browser.ts';

// Starting a database and the gateway can take a while on a busy 2-core machine.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 120_000 });

/**
 * The official client-side library, @adyen/adyen-web 6, unchanged, pointed at the gateway through
 * `_environmentUrls`: session setup and a SEPA Direct Debit payment (a non-card method) from a
 * merchant page on another origin, in Chromium.
 */
const appFolder = dirname(fileURLToPath(new URL('../../package.json', import.meta.url)));
const require = createRequire(join(appFolder, 'package.json'));

let gateway: TestGateway;
let merchantSite: Server;
let merchantOrigin: string;
let gatewayBase: string;
let browser: { context: BrowserContext; close(): Promise<void> };
let library = '';
let styles = '';

beforeAll(async () => {
  const bundle = await build({
    stdin: {
      contents:
        "import { AdyenCheckout, SepaDirectDebit } from '@adyen/adyen-web'; window.AdyenWeb = { AdyenCheckout, SepaDirectDebit };",
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
  styles = readFileSync(join(dirname(require.resolve('@adyen/adyen-web')), 'adyen.css'), 'utf8');
  merchantSite = createServer((request, response) => {
    if (request.url?.startsWith('/adyen.js'))
      return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(library);
    if (request.url?.startsWith('/adyen.css'))
      return void response.writeHead(200, { 'content-type': 'text/css' }).end(styles);
    response
      .writeHead(200, { 'content-type': 'text/html' })
      .end(
        `<!doctype html><html><head><link rel="stylesheet" href="/adyen.css"><script src="/adyen.js"></script></head><body><div id="sepa"></div></body></html>`,
      );
  });
  await new Promise<void>((resolve) => merchantSite.listen(0, '127.0.0.1', resolve));
  merchantOrigin = `http://127.0.0.1:${(merchantSite.address() as AddressInfo).port}`;
  gateway = await startTestGateway({
    PAYMENT_ALLOWED_ORIGINS: merchantOrigin,
    PAYMENT_WEBHOOK_URL: 'http://127.0.0.1:9/unreachable',
    WEBHOOK_RETRY_LIMIT: '0',
  });
  await gateway.app.listen({ port: 0, host: '127.0.0.1' });
  gatewayBase = `http://127.0.0.1:${(gateway.app.server.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await gateway?.close();
  await new Promise((resolve) => merchantSite?.close(resolve));
});

async function createSession() {
  const response = await merchantCall(gateway.app, 'POST', '/v71/sessions', {
    amount: { currency: 'EUR', value: 1999 },
    merchantAccount: DEMO.merchantAccount,
    reference: `adyen-web-${Date.now()}`,
    returnUrl: `${merchantOrigin}/return`,
    countryCode: 'NL',
  });
  return response.json() as { id: string; sessionData: string };
}

describe('@adyen/adyen-web against the gateway', () => {
  it('sets up a session and pays with SEPA Direct Debit', async () => {
    const session = await createSession();
    const page = await browser.context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(gatewayBase))
        requests.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.goto(`${merchantOrigin}/`);
    await page.evaluate(
      async ({ session, gatewayBase, clientKey }) => {
        const { AdyenCheckout, SepaDirectDebit } = (window as unknown as { AdyenWeb: Record<string, never> })
          .AdyenWeb as unknown as {
          AdyenCheckout: (options: object) => Promise<unknown>;
          SepaDirectDebit: new (checkout: unknown, options?: object) => { mount(selector: string): unknown };
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
        new SepaDirectDebit(checkout, {}).mount('#sepa');
      },
      {
        session: { id: session.id, sessionData: session.sessionData },
        gatewayBase,
        clientKey: DEMO.clientKey,
      },
    );
    await page.locator('input[name="ownerName"]').fill('A. Schneider');
    await page.locator('input[name="ibanNumber"]').fill('NL13TEST0123456789');
    await page.locator('.adyen-checkout__button--pay').click();
    await expect
      .poll(
        () =>
          page.evaluate(
            () =>
              (window as unknown as { outcome?: unknown; failure?: string }).outcome ??
              (window as unknown as { failure?: string }).failure,
          ),
        { timeout: 20_000 },
      )
      .toBeTruthy();
    const outcome = await page.evaluate(
      () => (window as unknown as { outcome?: { resultCode?: string; sessionResult?: string } }).outcome,
    );
    expect(outcome?.resultCode).toBe('Authorised');
    expect(requests).toContain(`POST /v1/sessions/${session.id}/setup`);
    expect(requests).toContain(`POST /v1/sessions/${session.id}/payments`);
    const result = await merchantCall(
      gateway.app,
      'GET',
      `/v71/sessions/${session.id}?sessionResult=${encodeURIComponent(outcome?.sessionResult ?? '')}`,
    );
    expect(result.json()).toMatchObject({
      status: 'completed',
      payments: [{ resultCode: 'Authorised', paymentMethod: { type: 'sepadirectdebit' } }],
    });
    await page.close();
  }, 60_000);

  it('fails session setup from an origin the client key does not allow', async () => {
    const session = await createSession();
    const page = await browser.context.newPage();
    // Same merchant page, served as http://localhost:<port>: another origin, not allowed for the key.
    await page.goto(merchantOrigin.replace('127.0.0.1', 'localhost'));
    const outcome = await page.evaluate(
      async ({ session, gatewayBase, clientKey }) => {
        const { AdyenCheckout } = (
          window as unknown as { AdyenWeb: { AdyenCheckout: (options: object) => Promise<unknown> } }
        ).AdyenWeb;
        let reported = '';
        try {
          await AdyenCheckout({
            environment: 'test',
            clientKey,
            locale: 'en-US',
            session,
            _environmentUrls: {
              api: gatewayBase,
              analytics: gatewayBase,
              cdn: { images: gatewayBase, translations: gatewayBase },
            },
            analytics: { enabled: false },
            risk: { enabled: false },
            onError: (error: unknown) => {
              reported = String(error);
            },
          });
          return reported ? `error: ${reported}` : 'ok';
        } catch (error) {
          return `error: ${String(error)}`;
        }
      },
      {
        session: { id: session.id, sessionData: session.sessionData },
        gatewayBase,
        clientKey: DEMO.clientKey,
      },
    );
    expect(outcome).toMatch(/^error: /);
    const direct = await gateway.app.inject({
      method: 'POST',
      url: `/v1/sessions/${session.id}/setup?clientKey=${DEMO.clientKey}`,
      headers: { origin: merchantOrigin.replace('127.0.0.1', 'localhost') },
      payload: { sessionData: session.sessionData },
    });
    expect(direct.statusCode).toBe(403);
    await page.close();
  }, 60_000);
});
