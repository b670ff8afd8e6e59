import { describe, expect, it } from 'vitest';
import { DEMO, merchantCall, testCardMethod } from '../testing/index.ts';
import { merchantSessionResult, outcomeOf, useAdyenWebHarness } from './adyen-web-harness.ts';
import {
  completeChallenge,
  fillCard,
  openCard,
  openDropin,
  securedInput,
} from './adyen-web-secured-fields.ts';

/**
 * The official @adyen/adyen-web 6 Card and the Drop-in's card, unchanged, with the gateway's secured
 * fields: 3-D Secure 2 (fingerprint and challenge completed in the gateway's pages, served over HTTPS
 * as the library loads them only from https URLs) and a stored card (one security-code frame), in
 * Chromium.
 */
const harness = useAdyenWebHarness(['Card', 'Dropin'], { httpsPages: true });
const { gateway } = harness;

describe('@adyen/adyen-web Card and Drop-in card: 3-D Secure 2 and stored cards', () => {
  it('completes the challenge of 4212 3456 7891 0006 in the sessions flow', async () => {
    const { page, session } = await openCard(harness, 'Card');
    await fillCard(page, '4212345678910006');
    await page.locator('.adyen-checkout__button--pay').click();
    await completeChallenge(page);
    const { outcome, failure } = await outcomeOf(page);
    expect(failure).toBeUndefined();
    expect(outcome?.resultCode).toBe('Authorised');
    expect(await merchantSessionResult(gateway, session.id, outcome?.sessionResult)).toMatchObject({
      status: 'completed',
      payments: [{ resultCode: 'Authorised', paymentMethod: { type: 'scheme' } }],
    });
    await page.close();
  });

  it("pays in the Drop-in's card with the fingerprint then the challenge (5000 5500 0000 0029)", async () => {
    const { page, session, paths } = await openDropin(harness, 4500, ['Card']);
    const card = '.adyen-checkout__payment-method--scheme';
    await page.locator(`${card} .adyen-checkout__payment-method__header`).click({ timeout: 20_000 });
    await securedInput(page, 'encryptedSecurityCode', card).waitFor({ timeout: 20_000 });
    await fillCard(page, '5000550000000029', '03/30', '737', card);
    await page.locator(`${card} .adyen-checkout__button--pay`).click();
    await completeChallenge(page);
    const { outcome, failure } = await outcomeOf(page);
    expect(failure).toBeUndefined();
    expect(outcome?.resultCode).toBe('Authorised');
    expect(await merchantSessionResult(gateway, session.id, outcome?.sessionResult)).toMatchObject({
      status: 'completed',
      payments: [{ resultCode: 'Authorised' }],
    });
    expect(paths).toContain('/v1/submitThreeDS2Fingerprint');
    await page.close();
  });

  it("pays with the shopper's stored card in the Drop-in: one security-code frame", async () => {
    const shopperReference = `adyen-web-stored-${Date.now()}`;
    const stored = await merchantCall(gateway.app, 'POST', '/v71/payments', {
      amount: { currency: 'EUR', value: 0 },
      merchantAccount: DEMO.merchantAccount,
      reference: `${shopperReference}-store`,
      paymentMethod: testCardMethod('4111111111111111'),
      shopperReference,
      storePaymentMethod: true,
      recurringProcessingModel: 'CardOnFile',
      shopperInteraction: 'Ecommerce',
      returnUrl: `${harness.merchantOrigin}/return`,
    });
    expect(stored.json()).toMatchObject({ resultCode: 'Authorised' });
    const { page } = await openDropin(harness, 1500, ['Card'], {
      shopperReference,
      recurringProcessingModel: 'CardOnFile',
    });
    // The Drop-in lists stored methods first and opens the first one.
    const storedCard =
      '.adyen-checkout__payment-methods-list--storedPayments .adyen-checkout__payment-method--selected';
    const cvc = securedInput(page, 'encryptedSecurityCode', storedCard);
    await cvc.fill('737', { timeout: 20_000 });
    expect(await page.locator(`${storedCard} [data-cse]`).count()).toBe(1);
    await page.locator(`${storedCard} .adyen-checkout__button--pay`).first().click();
    const { outcome, failure } = await outcomeOf(page);
    expect(failure).toBeUndefined();
    expect(outcome?.resultCode).toBe('Authorised');
    await page.close();
  });
});
