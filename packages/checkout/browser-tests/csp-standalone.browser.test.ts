import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCard, type Harness, pay, resultOf, securedInput, startHarness } from './harness.ts';

/**
 * The standalone build (React included, no bundler) on a page with a strict Content-Security-Policy:
 * no 'unsafe-inline' for scripts or styles, frames and calls only to the gateway.
 */
let harness: Harness;
/** Files the CSP page needs, served by the demo server with the policy header. */
const files: Record<string, [string, string]> = {};
const policy = (gatewayOrigin: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${gatewayOrigin}`,
    `frame-src ${gatewayOrigin}`,
    `form-action ${gatewayOrigin}`,
  ].join('; ');
const cspPages: Plugin = {
  name: 'csp-pages',
  configureServer(server) {
    server.middlewares.use((request, response, next) => {
      const file = files[request.url ?? ''];
      if (!file) return next();
      response.setHeader('content-type', file[0]);
      response.setHeader('content-security-policy', policy(new URL(harness.gatewayUrl).origin));
      response.end(file[1]);
    });
  },
};
const css = readFileSync(fileURLToPath(new URL('../src/styles/checkout.css', import.meta.url)), 'utf8');

beforeAll(async () => {
  harness = await startHarness([cspPages]);
  // Built as the CLI would (production React), whatever NODE_ENV the test runner set.
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    mode: 'standalone',
    logLevel: 'silent',
    build: { write: false },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const outputs = (Array.isArray(result) ? result[0] : result) as {
    output: { fileName: string; code?: string }[];
  };
  const standalone = outputs.output.find((output) => output.fileName === 'actuate-checkout.js')?.code ?? '';
  Object.assign(files, {
    '/csp/page.html': [
      'text/html',
      `<!doctype html><html lang="en"><head><title>CSP</title><link rel="stylesheet" href="/csp/checkout.css"><script src="/csp/violations.js"></script></head><body><main><div id="payment"></div><p id="result"></p></main><script src="/csp/actuate-checkout.js"></script><script src="/csp/init.js"></script></body></html>`,
    ],
    '/csp/checkout.css': ['text/css', css],
    '/csp/violations.js': ['text/javascript', pageScript],
    '/csp/actuate-checkout.js': ['text/javascript', standalone],
    '/csp/init.js': ['text/javascript', initScript(harness.gatewayUrl)],
  });
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

const pageScript = `
window.__violations = [];
document.addEventListener('securitypolicyviolation', (event) => window.__violations.push(event.violatedDirective + ' ' + event.blockedURI));
`;
const initScript = (gatewayUrl: string) => `
const { createCheckout, Card } = window.ActuateCheckout;
const post = (path, body) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((response) => response.json());
const amount = { value: 1500, currency: 'EUR' };
post('/api/paymentMethods', { amount, countryCode: 'NL' }).then((paymentMethodsResponse) =>
  createCheckout({
    clientKey: 'sandbox_client_actuate',
    environmentUrl: '${gatewayUrl}',
    amount,
    paymentMethodsResponse,
    risk: { enabled: false },
    csp: { nonce: 'n0nce' },
    onSubmit: (state, element, actions) => post('/api/payments', { ...state.data, amount }).then(actions.resolve, actions.reject),
    onAdditionalDetails: (state, element, actions) => post('/api/payments/details', state.data).then(actions.resolve, actions.reject),
    onPaymentCompleted: (result) => { document.getElementById('result').textContent = 'Result: ' + result.resultCode; },
    onPaymentFailed: (result) => { document.getElementById('result').textContent = 'Result: ' + (result ? result.resultCode : 'Error'); },
  }),
).then((checkout) => { window.element = new Card(checkout, { hasHolderName: true }).mount('#payment'); });
`;

describe('standalone build under a strict CSP', () => {
  it('renders, pays and triggers no CSP violation', async () => {
    expect(files['/csp/actuate-checkout.js']?.[1].length).toBeGreaterThan(100_000);
    const page = await harness.context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(String(error)));
    await page.goto(`${harness.demoUrl}/csp/page.html`);
    await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
    await fillCard(page, { number: '5201281505129736', expiry: '0330', cvc: '737', holderName: 'J Smith' });
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual(
      [],
    );
    expect(problems).toEqual([]);
    await page.close();
  });
});
