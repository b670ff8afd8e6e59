import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, merchantCall } from '../testing/index.ts';
import { merchantSessionResult, outcomeOf, startCheckout, useAdyenWebHarness } from './adyen-web-harness.ts';

/**
 * The official @adyen/adyen-web 6 Card and CustomCard, unchanged, with the gateway's secured-field
 * frames (the official library's protocol): configuration, brand, binLookup, validation errors,
 * encryption into blobs the gateway opens, and 3-D Secure 2, in Chromium.
 */
const harness = useAdyenWebHarness(['Card', 'CustomCard']);
const { gateway } = harness;

async function createSession(value = 1999) {
  const response = await merchantCall(gateway.app, 'POST', '/v71/sessions', {
    amount: { currency: 'EUR', value },
    merchantAccount: DEMO.merchantAccount,
    reference: `adyen-web-card-${Date.now()}`,
    returnUrl: `${harness.merchantOrigin}/return`,
    countryCode: 'NL',
  });
  return response.json() as { id: string; sessionData: string };
}

/** The input inside the gateway's frame for one field. */
const securedInput = (page: Page, fieldType: string) =>
  page.frameLocator(`[data-cse="${fieldType}"] iframe`).locator('#sf-input');

async function openCard(component: 'Card' | 'CustomCard', extra: Record<string, unknown> = {}) {
  const session = await createSession();
  const page = await harness.browser.context.newPage();
  await page.goto(`${harness.merchantOrigin}/`);
  await startCheckout(page, harness.gatewayBase, {
    session: { id: session.id, sessionData: session.sessionData },
    countryCode: 'NL',
    component,
    recordedCallbacks: ['onBrand', 'onBinLookup', 'onConfigSuccess', 'onFieldValid'],
    ...extra,
  });
  await securedInput(page, 'encryptedSecurityCode').waitFor({ timeout: 20_000 });
  await expect.poll(() => callbacks(page, 'onConfigSuccess'), { timeout: 20_000 }).toHaveLength(1);
  return { page, session };
}

function callbacks(page: Page, name: string) {
  return page.evaluate(
    (name) =>
      (window as unknown as { callbacks: { name: string; data: Record<string, unknown> }[] }).callbacks
        .filter((call) => call.name === name)
        .map((call) => call.data),
    name,
  );
}

async function fillCard(page: Page, number: string, expiry = '03/30', cvc = '737') {
  await securedInput(page, 'encryptedCardNumber').fill(number);
  await securedInput(page, 'encryptedExpiryDate').fill(expiry);
  await securedInput(page, 'encryptedSecurityCode').fill(cvc);
}

describe('@adyen/adyen-web Card with the gateway secured fields', () => {
  it('pays with a plain test card in the sessions flow', async () => {
    const { page, session } = await openCard('Card');
    await fillCard(page, '4111111111111111');
    await page.locator('.adyen-checkout__button--pay').click();
    const { outcome, failure } = await outcomeOf(page);
    expect(failure).toBeUndefined();
    expect(outcome?.resultCode).toBe('Authorised');
    expect(await merchantSessionResult(gateway, session.id, outcome?.sessionResult)).toMatchObject({
      status: 'completed',
      payments: [{ resultCode: 'Authorised', paymentMethod: { type: 'scheme' } }],
    });
    await page.close();
  });

  it('reports the brand (onBrand, onBinLookup) and shows an invalid number', async () => {
    const { page } = await openCard('Card');
    await securedInput(page, 'encryptedCardNumber').fill('5555555555554444');
    await expect.poll(async () => (await callbacks(page, 'onBrand')).at(-1)?.brand).toBe('mc');
    await expect
      .poll(async () => (await callbacks(page, 'onBinLookup')).at(-1)?.detectedBrands)
      .toEqual(['mc']);
    // A wrong check digit: the library shows the frame's Luhn error under the field.
    await securedInput(page, 'encryptedCardNumber').fill('4111111111111112');
    await expect.poll(async () => (await callbacks(page, 'onBrand')).at(-1)?.brand).toBe('visa');
    await expect
      .poll(() => page.locator('.adyen-checkout-contextual-text--error').allTextContents())
      .toEqual([expect.stringMatching(/card number/i)]);
    await page.close();
  });
});
