import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildStandaloneBundle, type ExtraRoutes } from '../../packages/checkout/demo/test-servers.ts';
import {
  axeViolations,
  fillCard,
  frameHasFocus,
  pay,
  resultOf,
  securedInput,
  useHarness,
} from './harness.ts';

/**
 * The standalone build (no bundler; preact/compat in place of React, see vite.config.ts) on a page
 * with a strict Content-Security-Policy: no 'unsafe-inline' for scripts or styles, frames and calls
 * only to the gateway. Besides the CSP, the main flows of the other browser tests (which run the
 * React build through the demo page) run here once more on this build: validation and focus, axe,
 * keyboard, refusal and retry, fingerprint and challenge, drop-in, two components on one page.
 */
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
const cspPages: ExtraRoutes = (request, response, next) => {
  const file = files[(request.url ?? '').split('?')[0] ?? ''];
  if (!file) return next();
  response.setHeader('content-type', file[0]);
  response.setHeader('content-security-policy', policy(new URL(harness.gatewayUrl).origin));
  response.end(file[1]);
};
const css = readFileSync(
  fileURLToPath(new URL('../../packages/checkout/src/styles/checkout.css', import.meta.url)),
  'utf8',
);
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const harness = useHarness(cspPages);

beforeAll(async () => {
  const standalone = await buildStandaloneBundle();
  Object.assign(files, {
    '/csp/page.html': [
      'text/html',
      `<!doctype html><html lang="en"><head><title>CSP</title><link rel="stylesheet" href="/csp/checkout.css"><script src="/csp/violations.js"></script></head><body><main><div id="payment"></div><p id="result"></p></main><script src="/csp/actuate-checkout.js"></script><script src="/csp/init.js"></script></body></html>`,
    ],
    '/csp/checkout.css': ['text/css', css],
    '/csp/violations.js': ['text/javascript', pageScript],
    '/csp/actuate-checkout.js': ['text/javascript', standalone],
    '/csp/init.js': ['text/javascript', initScript(harness.gatewayUrl)],
    '/csp/axe.js': ['text/javascript', axeSource],
  });
}, 120_000);

const pageScript = `
window.__violations = [];
document.addEventListener('securitypolicyviolation', (event) => window.__violations.push(event.violatedDirective + ' ' + event.blockedURI));
`;
/** The page's own script: `?flow=sessions|advanced&component=card|dropin&holderName=0|1&address=…&country=…&ssn=show`. */
const initScript = (gatewayUrl: string) => `
const { createCheckout, Card, Dropin } = window.ActuateCheckout;
const params = new URLSearchParams(location.search);
const post = (path, body) => fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then((response) => response.json());
const amount = { value: 1500, currency: 'EUR' };
const countryCode = params.get('country') || 'NL';
const address = params.get('address') || 'none';
const show = (text) => { document.getElementById('result').textContent = text; };
const common = {
  clientKey: 'sandbox_client_actuate',
  environmentUrl: '${gatewayUrl}',
  countryCode,
  csp: { nonce: 'n0nce' },
  onPaymentCompleted: (result) => show('Result: ' + result.resultCode),
  onPaymentFailed: (result) => show('Result: ' + (result ? result.resultCode : 'Error')),
  onError: (error) => show('Error: ' + error.message),
};
const options = params.get('flow') === 'sessions'
  ? post('/api/sessions', { amount, countryCode }).then((session) => ({ ...common, session: { id: session.id, sessionData: session.sessionData } }))
  : post('/api/paymentMethods', { amount, countryCode }).then((paymentMethodsResponse) => ({
      ...common,
      amount,
      paymentMethodsResponse,
      onSubmit: (state, element, actions) => post('/api/payments', { ...state.data, amount, countryCode }).then(actions.resolve, actions.reject),
      onAdditionalDetails: (state, element, actions) => post('/api/payments/details', state.data).then(actions.resolve, actions.reject),
    }));
options.then(createCheckout).then((checkout) => {
  const card = { hasHolderName: params.get('holderName') !== '0', billingAddressRequired: address !== 'none', billingAddressMode: address, socialSecurityNumberMode: params.get('ssn') || 'auto' };
  window.element = params.get('component') === 'dropin'
    ? new Dropin(checkout, { paymentMethodComponents: [Card], paymentMethodsConfiguration: { card } })
    : new Card(checkout, card);
  window.element.mount('#payment');
});
`;

async function openPage(query = '') {
  const page = await harness.context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  await page.goto(`${harness.demoUrl}/csp/page.html${query ? `?${query}` : ''}`);
  await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
  return { page, problems };
}

/** No CSP violation and no uncaught error on the page. */
async function expectClean(page: Page, problems: string[]) {
  expect(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)).toEqual(
    [],
  );
  expect(problems).toEqual([]);
}

/** axe loaded from the page's origin: the policy allows no injected script. */
const axe = (page: Page) => axeViolations(page, { iframes: false, scriptUrl: '/csp/axe.js' });

async function challenge(page: Page, otp: string) {
  const acs = page.frameLocator('iframe.actuate-checkout__challenge-frame');
  await acs.locator('#otp').waitFor({ timeout: 30_000 });
  await acs.locator('#otp').fill(otp);
  await acs.locator('button[value="submit"]').click();
}

describe('standalone build under a strict CSP', () => {
  it('is built on preact/compat, not React', () => {
    const standalone = files['/csp/actuate-checkout.js']?.[1] ?? '';
    expect(standalone.length).toBeGreaterThan(50_000);
    // React 19's element marker (a boolean, so a failure does not print the whole bundle)
    expect(standalone.includes('react.transitional.element')).toBe(false);
  });

  it('renders, pays and triggers no CSP violation', async () => {
    const { page, problems } = await openPage();
    await fillCard(page, { number: '5201281505129736', expiry: '0330', cvc: '737', holderName: 'J Smith' });
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Authorised');
    await expectClean(page, problems);
    await page.close();
  });

  it('shows, announces and focuses validation errors; no axe violations (full US address)', async () => {
    const { page, problems } = await openPage('address=full&country=US');
    await page.getByLabel('Street').waitFor();
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect
      .poll(() =>
        page.locator('.actuate-checkout__error-text', { hasText: 'Enter the card number' }).isVisible(),
      )
      .toBe(true);
    expect(await axe(page)).toEqual([]);
    expect(await page.locator('.actuate-checkout__sr-panel').textContent()).toContain(
      'Card number: Enter the card number',
    );
    await expect.poll(() => frameHasFocus(page, 'encryptedCardNumber')).toBe(true);
    await expectClean(page, problems);
    await page.close();
  });

  it('the whole payment works from the keyboard alone (sessions flow)', async () => {
    const { page, problems } = await openPage('flow=sessions');
    await expect.poll(() => frameHasFocus(page, 'encryptedCardNumber')).toBe(true); // autoFocus
    await page.keyboard.type('5201281505129736', { delay: 5 });
    await page.keyboard.press('Tab');
    await page.keyboard.type('0330', { delay: 5 });
    await page.keyboard.press('Tab');
    await page.keyboard.type('737', { delay: 5 });
    await page.keyboard.press('Tab');
    await page.keyboard.type('J Smith');
    await page.waitForFunction(
      () => (window as unknown as { element?: { isValid: boolean } }).element?.isValid === true,
    );
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await resultOf(page)).toBe('Result: Authorised');
    await expectClean(page, problems);
    await page.close();
  });

  it('a field that drops what is typed (CPF/CNPJ) shows only what it keeps', async () => {
    // React resets a controlled input to its state after every event; Preact does so only when the
    // state changed, so a rejected character stayed visible (but was not sent) until TextInput's
    // format option wrote the kept value back itself.
    const { page, problems } = await openPage('ssn=show&holderName=0');
    const field = page.getByLabel('CPF/CNPJ');
    await field.pressSequentially('123x4', { delay: 5 });
    await expect.poll(() => field.inputValue()).toBe('123.4');
    await field.pressSequentially('y', { delay: 5 });
    await expect.poll(() => field.inputValue()).toBe('123.4');
    await field.pressSequentially('56789012345', { delay: 5 }); // the 15th digit is one too many
    await expect.poll(() => field.inputValue()).toBe('12.345.678/9012-34');
    await expectClean(page, problems);
    await page.close();
  });

  it('shows the refusal for holder name DECLINED, then pays with another name', async () => {
    const { page, problems } = await openPage();
    await fillCard(page, { number: '4111111111111111', expiry: '0330', cvc: '737', holderName: 'DECLINED' });
    await pay(page);
    expect(await resultOf(page)).toBe('Result: Refused');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Payment refused');
    await page.getByLabel(/Name on card/).fill('J Smith');
    await pay(page);
    await expect.poll(() => page.textContent('#result'), { timeout: 30_000 }).toBe('Result: Authorised');
    await expectClean(page, problems);
    await page.close();
  });

  it('runs the fingerprint, then the challenge (5000 5500 0000 0029)', async () => {
    const { page, problems } = await openPage('holderName=0');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await fillCard(page, { number: '5000550000000029', expiry: '0330', cvc: '737' });
    await pay(page);
    await challenge(page, 'password');
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(requests.some((url) => url.includes('/v1/submitThreeDS2Fingerprint?token='))).toBe(true);
    await expectClean(page, problems);
    await page.close();
  });

  it('drop-in (sessions flow) pays with a challenge and shows the success screen', async () => {
    const { page, problems } = await openPage('flow=sessions&component=dropin&holderName=0');
    await fillCard(page, { number: '4212345678910006', expiry: '0330', cvc: '737' });
    await pay(page);
    await challenge(page, 'password');
    expect(await resultOf(page)).toBe('Result: Authorised');
    await expect.poll(() => page.locator('.actuate-checkout__final--success').isVisible()).toBe(true);
    await expectClean(page, problems);
    await page.close();
  });

  it('two cards on one page: ids are unique and labels and error texts point into their own card', async () => {
    // Preact's own useId would repeat ids across roots; src/standalone-react.ts replaces it.
    const { page, problems } = await openPage();
    // A second root on the same page (each mount() is its own root), from the same checkout.
    await page.evaluate(() => {
      const page = window as unknown as {
        element: { checkout: unknown };
        ActuateCheckout: {
          Card: new (checkout: unknown, options: object) => { mount(node: Element): unknown };
        };
      };
      const host = document.createElement('div');
      host.id = 'payment-2';
      document.querySelector('main')?.append(host);
      new page.ActuateCheckout.Card(page.element.checkout, { hasHolderName: true }).mount(host);
    });
    await page.locator('#payment-2 [data-cse="encryptedCardNumber"] iframe').waitFor({ timeout: 30_000 });
    const links = await page.evaluate(() => {
      const ids = [...document.querySelectorAll('[id]')].map((node) => node.id);
      const card = (node: Element | null) => node?.closest('#payment, #payment-2') ?? null;
      const references = [
        ...document.querySelectorAll('#payment [for], #payment-2 [for], [aria-describedby]'),
      ];
      return {
        duplicates: ids.filter((id, index) => ids.indexOf(id) !== index),
        references: references.length,
        misdirected: references
          .flatMap((node) =>
            (node.getAttribute('for') ?? node.getAttribute('aria-describedby') ?? '')
              .split(' ')
              .map((id) => [node, document.getElementById(id)] as const),
          )
          .filter(([node, target]) => !target || card(target) !== card(node))
          .map(([node]) => node.outerHTML.slice(0, 80)),
      };
    });
    expect(links.duplicates).toEqual([]);
    expect(links.misdirected).toEqual([]);
    expect(links.references).toBeGreaterThanOrEqual(4);
    await expectClean(page, problems);
    await page.close();
  });
});
