import { describe, expect, it } from 'vitest';
import { merchantSessionResult, outcomeOf, useAdyenWebHarness } from './adyen-web-harness.ts';
import { fillCard, openDropin, securedInput } from './adyen-web-secured-fields.ts';

/**
 * The official @adyen/adyen-web 6 Drop-in, unchanged, splits a payment: a gift card (the gateway's
 * secured fields for its number and PIN, `type=giftcard`) pays what its balance covers, a card the
 * rest, through the session's balance check and order, in Chromium.
 */
const harness = useAdyenWebHarness(['Dropin', 'Card', 'Giftcard']);
const { gateway } = harness;

describe('@adyen/adyen-web Drop-in: gift card plus card', () => {
  it('pays 50.00 with a Givex gift card and the remaining 25.00 with a card', async () => {
    const { page, session, paths } = await openDropin(harness, 7500, ['Card', 'Giftcard']);
    await page
      .locator('.adyen-checkout__payment-method--giftcard .adyen-checkout__payment-method__header', {
        hasText: 'Givex',
      })
      .click({ timeout: 20_000 });
    const gift = '.adyen-checkout__payment-method--giftcard.adyen-checkout__payment-method--selected';
    await securedInput(page, 'encryptedCardNumber', gift).fill('6036280000000000000', { timeout: 20_000 });
    await securedInput(page, 'encryptedSecurityCode', gift).fill('123');
    // "Redeem": the balance check, the order, and the gift card's payment of what it covers.
    await page.locator(`${gift} .adyen-checkout__button`).first().click();
    await expect
      .poll(() => page.locator('#checkout').innerText(), { timeout: 20_000 })
      .toMatch(/remaining €25\.00/);
    const card = '.adyen-checkout__payment-method--scheme';
    await page.locator(`${card} .adyen-checkout__payment-method__header`).first().click({ timeout: 20_000 });
    await fillCard(page, '4111111111111111', '03/30', '737', card);
    await page.locator(`${card} .adyen-checkout__button--pay`).click();
    const { outcome, failure } = await outcomeOf(page);
    expect(failure).toBeUndefined();
    expect(outcome?.resultCode).toBe('Authorised');
    expect(await merchantSessionResult(gateway, session.id, outcome?.sessionResult)).toMatchObject({
      status: 'completed',
    });
    expect(paths).toEqual(
      expect.arrayContaining([
        `/v1/sessions/${session.id}/paymentMethodBalance`,
        `/v1/sessions/${session.id}/orders`,
      ]),
    );
    await page.close();
  });
});
