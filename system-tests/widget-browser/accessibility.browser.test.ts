import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, fillCard, frameHasFocus, securedInput, useHarness } from './harness.ts';

/** axe-core (with colour contrast, which needs real layout) and keyboard use in Chromium. */
const harness = useHarness();
/** Our markup around the frames (their contents are the gateway's pages, checked there). */
const axe = (page: Page) => axeViolations(page, { iframes: false });

describe('accessibility in Chromium', () => {
  it('the card form with address, holder name and errors shown has no axe violations', async () => {
    const { page } = await harness.openDemo(
      `flow=advanced&component=card&holderName=1&address=full&country=US`,
    );
    await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
    await page.getByLabel('Street').waitFor();
    expect(await axe(page)).toEqual([]);
    await page.getByRole('button', { name: /^Pay / }).click();
    await expect
      .poll(() =>
        page.locator('.actuate-checkout__error-text', { hasText: 'Enter the card number' }).isVisible(),
      )
      .toBe(true);
    expect(await axe(page)).toEqual([]);
    // The errors are announced in the live region; showing validation moved focus to the card number.
    const announced = await page.locator('.actuate-checkout__sr-panel').textContent();
    expect(announced).toContain('Card number: Enter the card number');
    await expect.poll(() => frameHasFocus(page, 'encryptedCardNumber')).toBe(true);
    await page.close();
  });

  it('the drop-in has no axe violations', async () => {
    const { page } = await harness.openDemo(`flow=sessions&component=dropin`);
    await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
    expect(await axe(page)).toEqual([]);
    await page.close();
  });

  it('Shift+Tab in a frame moves to the previous field; Enter in a frame submits', async () => {
    const { page } = await harness.openDemo(`flow=advanced&component=card&holderName=0`);
    await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
    await fillCard(page, { number: '5201281505129736', expiry: '0330', cvc: '737' });
    await securedInput(page, 'encryptedSecurityCode').press('Shift+Tab');
    await expect.poll(() => frameHasFocus(page, 'encryptedExpiryDate')).toBe(true);
    await page.waitForFunction(
      () => (window as unknown as { element?: { isValid: boolean } }).element?.isValid === true,
    );
    await securedInput(page, 'encryptedExpiryDate').press('Enter');
    await expect.poll(() => page.textContent('#result'), { timeout: 30_000 }).toBe('Result: Authorised');
    await page.close();
  });

  it('the whole payment works from the keyboard alone', async () => {
    const { page } = await harness.openDemo(`flow=sessions&component=card&holderName=1`);
    await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
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
    await expect.poll(() => page.textContent('#result'), { timeout: 30_000 }).toBe('Result: Authorised');
    await page.close();
  });
});
