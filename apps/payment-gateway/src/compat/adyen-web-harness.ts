import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@actuate/service-kit/testing';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import {
  DEMO,
  merchantCall,
  type TestGateway,
  UNREACHABLE_WEBHOOKS,
  useTestGateway,
} from '../testing/index.ts';
import { launchBrowser } from '../testing-browser.ts';

/**
 * The official @adyen/adyen-web 6, unchanged, on a merchant page of its own origin, pointed at a
 * gateway that listens on a real port, in Chromium: what the compatibility tests share.
 */
export interface AdyenWebHarness {
  readonly gateway: TestGateway;
  /** The merchant page's origin, allowed for the demo client key. */
  readonly merchantOrigin: string;
  /** The gateway's address, with a trailing slash, as adyen-web wants its `_environmentUrls`. */
  readonly gatewayBase: string;
  readonly browser: Awaited<ReturnType<typeof launchBrowser>>;
}

const appFolder = dirname(fileURLToPath(new URL('../../package.json', import.meta.url)));
const require = createRequire(join(appFolder, 'package.json'));

/** Bundles `AdyenCheckout` and the given components of the library as `window.AdyenWeb`. */
async function bundleAdyenWeb(components: string[]) {
  const names = ['AdyenCheckout', ...components].join(', ');
  const bundle = await build({
    stdin: {
      contents: `import { ${names} } from '@adyen/adyen-web'; window.AdyenWeb = { ${names} };`,
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
  return bundle.outputFiles[0]?.text ?? '';
}

/**
 * Registers the hooks that start the merchant page (serving the library with the given components),
 * the gateway and the browser, and close them after the file; the fields are read inside tests.
 */
export function useAdyenWebHarness(
  components: string[],
  options: {
    /**
     * The gateway's own pages (3DS2 ACS and notification pages) from its HTTPS port (self-signed, the
     * browser told to accept it): the library loads a 3DS2 challenge only from an https acsURL.
     */
    httpsPages?: boolean;
  } = {},
): AdyenWebHarness {
  let merchantSite: Server | undefined;
  let merchantOrigin = '';
  let gatewayPort = 0;
  let httpsPort = 0;
  let browser: AdyenWebHarness['browser'] | undefined;

  beforeAll(async () => {
    const library = await bundleAdyenWeb(components);
    const styles = readFileSync(join(dirname(require.resolve('@adyen/adyen-web')), 'adyen.css'), 'utf8');
    const site = createServer((request, response) => {
      if (request.url?.startsWith('/adyen.js'))
        return void response.writeHead(200, { 'content-type': 'text/javascript' }).end(library);
      if (request.url?.startsWith('/adyen.css'))
        return void response.writeHead(200, { 'content-type': 'text/css' }).end(styles);
      // The checkout page and the return page are the same page; the tests drive both.
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end(
          `<!doctype html><html><head><link rel="stylesheet" href="/adyen.css"><script src="/adyen.js"></script></head><body><div id="checkout"></div></body></html>`,
        );
    });
    merchantSite = site;
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    merchantOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    // The simulator pages' links are built from PUBLIC_URL: the gateway needs its port before it starts.
    gatewayPort = await freePort();
    if (options.httpsPages) httpsPort = await freePort();
  });
  afterAll(async () => {
    await new Promise((resolve) => merchantSite?.close(resolve));
  });
  // Hooks registered later close earlier: the browser, then the gateway, then the merchant page.
  const gateway = useTestGateway(() => ({
    PUBLIC_URL: httpsPort ? `https://127.0.0.1:${httpsPort}` : `http://127.0.0.1:${gatewayPort}`,
    ...(httpsPort ? { HTTPS_ENABLED: 'true', HTTPS_PORT: String(httpsPort) } : {}),
    PAYMENT_ALLOWED_ORIGINS: merchantOrigin,
    ...UNREACHABLE_WEBHOOKS,
  }));
  // Each test drives a browser through several pages.
  vi.setConfig({ testTimeout: 60_000 });
  beforeAll(async () => {
    await gateway.app.listen({ port: gatewayPort, host: '127.0.0.1' });
    browser = await launchBrowser(options.httpsPages ? { ignoreHTTPSErrors: true } : undefined);
  });
  afterAll(async () => browser?.close());

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the harness starts in beforeAll: use it inside tests');
    return value;
  };
  return {
    gateway,
    get merchantOrigin() {
      return started(merchantOrigin || undefined);
    },
    get gatewayBase() {
      return `http://127.0.0.1:${started(gatewayPort || undefined)}/`;
    },
    get browser() {
      return started(browser);
    },
  };
}

/** The checkout options every test passes: the demo client key and the gateway in place of Adyen's URLs. */
export function checkoutOptions(gatewayBase: string) {
  return {
    environment: 'test',
    clientKey: DEMO.clientKey,
    locale: 'en-US',
    _environmentUrls: {
      api: gatewayBase,
      analytics: gatewayBase,
      cdn: { images: gatewayBase, translations: gatewayBase },
    },
    analytics: { enabled: false },
  };
}

interface CheckoutStart {
  session: { id: string; sessionData?: string };
  countryCode: string;
  /** The component mounted on the page (`Dropin`, or a single method's) when there is no `redirectResult`. */
  component?: string;
  /** For the Drop-in: the method components it may show. */
  dropinComponents?: string[];
  /** For the Drop-in: the merchant's options per method type, e.g. `{ pix: { personalDetailsRequired: true } }`. */
  paymentMethodsConfiguration?: Record<string, object>;
  /** Given on the return page: submitted at once instead of mounting. */
  redirectResult?: string;
  /** Options of a single method's component (JSON: no functions). */
  componentOptions?: Record<string, unknown>;
  /** Component callbacks (e.g. `onBrand`) whose calls are kept, in order, in `window.callbacks`. */
  recordedCallbacks?: string[];
}

/**
 * Creates the library's checkout on the page, keeping what it reports in `window.outcome` (the
 * payment's result) and `window.failure` (an error), then mounts the component or submits the
 * `redirectResult`.
 */
export function startCheckout(page: Page, gatewayBase: string, start: CheckoutStart) {
  return page.evaluate(
    async ({ options, start }) => {
      const { AdyenCheckout, ...components } = (window as unknown as { AdyenWeb: Record<string, unknown> })
        .AdyenWeb as {
        AdyenCheckout: (options: object) => Promise<{ submitDetails(data: object): void }>;
      } & Record<string, new (checkout: unknown, options?: object) => { mount(selector: string): unknown }>;
      const state = window as unknown as { outcome?: unknown; failure?: string };
      const checkout = await AdyenCheckout({
        ...options,
        countryCode: start.countryCode,
        session: start.session,
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
      if (start.redirectResult) {
        checkout.submitDetails({ details: { redirectResult: start.redirectResult } });
        return;
      }
      const Component = components[start.component ?? ''];
      if (!Component) throw new Error(`${start.component} is not in the bundle`);
      const methods = start.dropinComponents?.map((name) => components[name]);
      const dropinOptions = methods
        ? { paymentMethodComponents: methods, paymentMethodsConfiguration: start.paymentMethodsConfiguration }
        : {};
      const calls: { name: string; data: unknown }[] = [];
      (window as unknown as { callbacks: typeof calls }).callbacks = calls;
      const recorded = Object.fromEntries(
        (start.recordedCallbacks ?? []).map((name) => [
          name,
          // A copy without DOM nodes (`rootNode`), which do not survive JSON.
          (data: unknown) =>
            calls.push({
              name,
              data: JSON.parse(
                JSON.stringify(data ?? null, (key, value) => (key === 'rootNode' ? undefined : value)),
              ),
            }),
        ]),
      );
      (window as unknown as { component: unknown }).component = new Component(checkout, {
        ...dropinOptions,
        ...start.componentOptions,
        ...recorded,
      }).mount('#checkout');
    },
    { options: checkoutOptions(gatewayBase), start },
  );
}

/** Waits until the checkout reports a result or an error, then returns both. */
export async function outcomeOf(page: Page) {
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
}

/** The session as the merchant's server reads it with the `sessionResult` the library reported. */
export async function merchantSessionResult(gateway: TestGateway, sessionId: string, sessionResult = '') {
  const url = `/v71/sessions/${sessionId}?sessionResult=${encodeURIComponent(sessionResult)}`;
  return (await merchantCall(gateway.app, 'GET', url)).json();
}
