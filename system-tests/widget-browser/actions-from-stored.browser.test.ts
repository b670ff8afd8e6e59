import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStandaloneBundle, type ExtraRoutes } from '../../packages/checkout/demo/test-servers.ts';
import { type Harness, startHarness } from './harness.ts';

/**
 * A confirmation page: the shopper comes back later and the merchant renders the action its server
 * stored from the payments response (a bank transfer's details, a BACS voucher). The page creates a
 * checkout and calls `createFromAction` only: it never mounted the bank-transfer or BACS component.
 */
let harness: Harness;
const API_KEY = 'sandbox_api_key_actuate';
/** The actions "the merchant's server" stored, by payment reference. */
const storedActions = new Map<string, unknown>();
const files: Record<string, [string, string]> = {};

const css = readFileSync(
  fileURLToPath(new URL('../../packages/checkout/src/styles/checkout.css', import.meta.url)),
  'utf8',
);

const confirmationPages: ExtraRoutes = (request, response, next) => {
  const url = new URL(request.url ?? '/', 'http://demo.test');
  if (url.pathname === '/stored/action.json') {
    const action = storedActions.get(url.searchParams.get('reference') ?? '');
    if (!action) return next();
    response.setHeader('content-type', 'application/json');
    return response.end(JSON.stringify(action));
  }
  const file = files[url.pathname];
  if (!file) return next();
  response.setHeader('content-type', file[0]);
  response.end(file[1]);
};

const initScript = (gatewayUrl: string) => `
const { createCheckout } = window.ActuateCheckout;
const reference = new URLSearchParams(location.search).get('reference');
const show = (text) => { document.getElementById('result').textContent = text; };
fetch('/stored/action.json?reference=' + encodeURIComponent(reference))
  .then((response) => response.json())
  .then((action) =>
    createCheckout({
      clientKey: 'sandbox_client_actuate',
      environmentUrl: '${gatewayUrl}',
      analytics: { enabled: false },
      onError: (error) => show('Error: ' + error.message),
    }).then((checkout) => checkout.createFromAction(action).mount('#payment')),
  )
  .catch((error) => show('Error: ' + error.message));
`;

beforeAll(async () => {
  harness = await startHarness(confirmationPages);
  const standalone = await buildStandaloneBundle();
  Object.assign(files, {
    '/stored/confirmation.html': [
      'text/html',
      '<!doctype html><html lang="en"><head><title>Order confirmation</title><link rel="stylesheet" href="/stored/checkout.css"></head><body><main><h1>Thank you</h1><div id="payment"></div><p id="result"></p></main><script src="/stored/actuate-checkout.js"></script><script src="/stored/init.js"></script></body></html>',
    ],
    '/stored/checkout.css': ['text/css', css],
    '/stored/actuate-checkout.js': ['text/javascript', standalone],
    '/stored/init.js': ['text/javascript', initScript(harness.gatewayUrl)],
  });
}, 180_000);

afterAll(async () => {
  await harness?.close();
});

/** A payment through the merchant API; its action is what the merchant's server keeps. */
async function storePayment(paymentMethod: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const reference = `stored-${Math.random().toString(36).slice(2)}`;
  const response = await fetch(`${harness.gatewayUrl}/v71/payments`, {
    method: 'POST',
    headers: { 'x-api-key': API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({
      merchantAccount: 'ActuateStore',
      amount: { currency: 'EUR', value: 12345 },
      reference,
      returnUrl: `${harness.demoUrl}/stored/confirmation.html`,
      paymentMethod,
      ...extra,
    }),
  });
  const body = (await response.json()) as { action?: Record<string, unknown> };
  expect(body.action).toBeDefined();
  storedActions.set(reference, body.action);
  return { reference, action: body.action as Record<string, unknown> };
}

async function openConfirmation(reference: string): Promise<{ page: Page; problems: string[] }> {
  const page = await harness.context.newPage();
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(String(error)));
  await page.goto(`${harness.demoUrl}/stored/confirmation.html?reference=${reference}`);
  return { page, problems };
}

describe('a stored action on a confirmation page', () => {
  it('shows a bank transfer’s details', async () => {
    const { reference, action } = await storePayment({ type: 'bankTransfer_IBAN' });
    expect(action.type).toBe('bankTransfer');
    const { page, problems } = await openConfirmation(reference);
    await page.getByText(String(action.iban)).first().waitFor({ timeout: 30_000 });
    const text = (await page.textContent('#payment')) ?? '';
    expect(text).toContain(String(action.reference));
    expect(text).toContain('€123.45');
    expect(await page.textContent('#result')).toBe('');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows a BACS voucher whose link is the mandate PDF', async () => {
    const { reference, action } = await storePayment(
      {
        type: 'directdebit_GB',
        holderName: 'Jane Doe',
        bankAccountNumber: '40308669',
        bankLocationId: '560036',
      },
      { amount: { currency: 'GBP', value: 4250 }, shopperEmail: 'jane@example.co.uk', countryCode: 'GB' },
    );
    expect(action).toMatchObject({ type: 'voucher', paymentMethodType: 'directdebit_GB' });
    const { page, problems } = await openConfirmation(reference);
    await page.getByText('Direct Debit set up').first().waitFor({ timeout: 30_000 });
    const href = await page.locator('#payment a[href*="/bacs/mandates/"]').getAttribute('href');
    expect(href).toBe(action.url);
    const pdf = await fetch(href as string);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(problems).toEqual([]);
    await page.close();
  });
});
