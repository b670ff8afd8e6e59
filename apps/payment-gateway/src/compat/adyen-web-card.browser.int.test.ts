import { describe, expect, it } from 'vitest';
import { merchantSessionResult, outcomeOf, useAdyenWebHarness } from './adyen-web-harness.ts';
import { callbacks, fillCard, openCard, securedInput } from './adyen-web-secured-fields.ts';

/**
 * The official @adyen/adyen-web 6 Card and CustomCard, unchanged, with the gateway's secured-field
 * frames (the official library's protocol): configuration, brand, binLookup, validation errors and
 * encryption into blobs the gateway opens, in Chromium.
 */
const harness = useAdyenWebHarness(['Card', 'CustomCard']);
const { gateway } = harness;

describe('@adyen/adyen-web Card with the gateway secured fields', () => {
  it('pays with a plain test card in the sessions flow', async () => {
    const { page, session } = await openCard(harness, 'Card');
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { frameMessages: string[] }).frameMessages = seen;
      window.addEventListener('message', (event) => seen.push(String(event.data)));
    });
    await fillCard(page, '4111111111111111');
    await page.locator('.adyen-checkout__button--pay').click();
    const { outcome, failure } = await outcomeOf(page);
    expect(failure).toBeUndefined();
    expect(outcome?.resultCode).toBe('Authorised');
    expect(await merchantSessionResult(gateway, session.id, outcome?.sessionResult)).toMatchObject({
      status: 'completed',
      payments: [{ resultCode: 'Authorised', paymentMethod: { type: 'scheme' } }],
    });
    // The merchant page got blobs and facts (brand, six-digit BIN, last four), never the number or code.
    const messages = (
      await page.evaluate(() => (window as unknown as { frameMessages: string[] }).frameMessages)
    ).join('\n');
    expect(messages).toContain('"action":"encryption"');
    expect(messages).not.toMatch(/41111111111|"737"|"2030"/);
    await page.close();
  });

  it('reports the brand (onBrand, onBinLookup) and shows an invalid number', async () => {
    const { page } = await openCard(harness, 'Card');
    await securedInput(page, 'encryptedCardNumber').fill('5555555555554444');
    await expect.poll(async () => (await callbacks(page, 'onBrand')).at(-1)?.brand).toBe('mc');
    await expect
      .poll(async () => (await callbacks(page, 'onBinLookup')).at(-1)?.detectedBrands)
      .toEqual(['mc']);
    // A wrong check digit: the library shows the frame's Luhn error under the field.
    await securedInput(page, 'encryptedCardNumber').fill('4111111111111112');
    await securedInput(page, 'encryptedCardNumber').blur();
    await expect.poll(async () => (await callbacks(page, 'onBrand')).at(-1)?.brand).toBe('visa');
    await expect
      .poll(() => page.locator('.adyen-checkout-contextual-text--error').allTextContents())
      .toContain('Enter a valid card number');
    // Corrected: the error goes. Pay with the rest empty: the library marks both fields.
    const errors = async () =>
      (await page.locator('.adyen-checkout-contextual-text--error').allTextContents()).filter(Boolean);
    await securedInput(page, 'encryptedCardNumber').fill('4111111111111111');
    await expect.poll(errors).toEqual([]);
    await page.locator('.adyen-checkout__button--pay').click();
    await expect.poll(async () => (await errors()).length).toBe(2);
    // The library marks the date and focuses it; filling it in clears its error.
    const date = securedInput(page, 'encryptedExpiryDate');
    await expect.poll(() => date.evaluate((input) => input.ownerDocument.activeElement === input)).toBe(true);
    await date.fill('03/30');
    await expect.poll(errors).toHaveLength(1);
    await page.close();
  });

  it('pays with the CustomCard (separate month and year fields) and a merchant pay button', async () => {
    const holders = [
      'encryptedCardNumber',
      'encryptedExpiryMonth',
      'encryptedExpiryYear',
      'encryptedSecurityCode',
    ];
    const { page, session } = await openCard(harness, 'CustomCard', {
      markup: holders.map((field) => `<label>${field}<span data-cse="${field}"></span></label>`).join(''),
    });
    await securedInput(page, 'encryptedCardNumber').fill('5555555555554444');
    await securedInput(page, 'encryptedExpiryMonth').fill('03');
    await securedInput(page, 'encryptedExpiryYear').fill('30');
    await securedInput(page, 'encryptedSecurityCode').fill('737');
    await expect
      .poll(async () => (await callbacks(page, 'onFieldValid')).filter((field) => field.valid).length, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(4);
    // Each field's encrypted value reaches the component's state after its onFieldValid: submitting
    // before the state is valid only shows the fields' errors (seen on a loaded machine).
    await expect
      .poll(
        () =>
          page.evaluate(() => (window as unknown as { component: { isValid: boolean } }).component.isValid),
        {
          timeout: 15_000,
        },
      )
      .toBe(true);
    await page.evaluate(() => (window as unknown as { component: { submit(): void } }).component.submit());
    const { outcome, failure } = await outcomeOf(page);
    expect(failure).toBeUndefined();
    expect(outcome?.resultCode).toBe('Authorised');
    expect(await merchantSessionResult(gateway, session.id, outcome?.sessionResult)).toMatchObject({
      status: 'completed',
    });
    await page.close();
  });
});
