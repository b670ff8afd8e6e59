import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO, merchantCall } from '../testing/index.ts';
import { type AdyenWebHarness, startCheckout } from './adyen-web-harness.ts';

/** Helpers of the compatibility tests that type into the gateway's secured-field frames. */

/** The input inside the gateway's frame for one field (`data-cse` holder of the library). */
export const securedInput = (page: Page, fieldType: string, holder: string = '') =>
  page.frameLocator(`${holder} [data-cse="${fieldType}"] iframe`.trim()).locator('#sf-input');

export async function fillCard(page: Page, number: string, expiry = '03/30', cvc = '737', holder = '') {
  await securedInput(page, 'encryptedCardNumber', holder).fill(number);
  await securedInput(page, 'encryptedExpiryDate', holder).fill(expiry);
  await securedInput(page, 'encryptedSecurityCode', holder).fill(cvc);
}

/** The recorded calls of one component callback (see `recordedCallbacks` of startCheckout). */
export function callbacks(page: Page, name: string) {
  return page.evaluate(
    (name) =>
      (window as unknown as { callbacks: { name: string; data: Record<string, unknown> }[] }).callbacks
        .filter((call) => call.name === name)
        .map((call) => call.data),
    name,
  );
}

export async function createSession(
  harness: AdyenWebHarness,
  value = 1999,
  extra: Record<string, unknown> = {},
) {
  const response = await merchantCall(harness.gateway.app, 'POST', '/v71/sessions', {
    amount: { currency: 'EUR', value },
    merchantAccount: DEMO.merchantAccount,
    reference: `adyen-web-card-${Date.now()}`,
    returnUrl: `${harness.merchantOrigin}/return`,
    countryCode: 'NL',
    ...extra,
  });
  return response.json() as { id: string; sessionData: string };
}

/** A merchant page with the library's card component (or another) mounted, its frames configured. */
export async function openCard(
  harness: AdyenWebHarness,
  component: string,
  extra: {
    componentOptions?: Record<string, unknown>;
    session?: Record<string, unknown>;
    /** The merchant's own field holders (CustomCard), put into the mount node first. */
    markup?: string;
  } = {},
) {
  const session = await createSession(harness, 1999, extra.session);
  const page = await harness.browser.context.newPage();
  await page.goto(`${harness.merchantOrigin}/`);
  if (extra.markup)
    await page.evaluate((markup) => {
      const node = document.querySelector('#checkout');
      if (node) node.innerHTML = markup;
    }, extra.markup);
  await startCheckout(page, harness.gatewayBase, {
    session: { id: session.id, sessionData: session.sessionData },
    countryCode: 'NL',
    component,
    recordedCallbacks: ['onBrand', 'onBinLookup', 'onConfigSuccess', 'onFieldValid'],
    ...(extra.componentOptions ? { componentOptions: extra.componentOptions } : {}),
  });
  await expect.poll(() => callbacks(page, 'onConfigSuccess'), { timeout: 20_000 }).toHaveLength(1);
  return { page, session };
}

/** A merchant page with the library's Drop-in on a new session, and the paths the page requests. */
export async function openDropin(
  harness: AdyenWebHarness,
  value: number,
  dropinComponents: string[],
  sessionExtra: Record<string, unknown> = {},
) {
  const session = await createSession(harness, value, sessionExtra);
  const page = await harness.browser.context.newPage();
  const paths: string[] = [];
  page.on('request', (request) => paths.push(new URL(request.url()).pathname));
  await page.goto(`${harness.merchantOrigin}/`);
  await startCheckout(page, harness.gatewayBase, {
    session: { id: session.id, sessionData: session.sessionData },
    countryCode: 'NL',
    component: 'Dropin',
    dropinComponents,
  });
  return { page, session, paths };
}

/** Answers the gateway's 3-D Secure 2 challenge, shown by the library in its iframe, with the test password. */
export async function completeChallenge(page: Page) {
  const acs = page.frameLocator('.adyen-checkout__threeds2__challenge iframe');
  await acs.locator('#otp').fill('password', { timeout: 30_000 });
  await acs.locator('button[value="submit"]').click();
}
