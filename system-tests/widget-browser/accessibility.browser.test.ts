import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillCard, type Harness, securedInput, startHarness } from './harness.ts';

/** axe-core (with colour contrast, which needs real layout) and keyboard use in Chromium. */
let harness: Harness;
const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

beforeAll(async () => {
  harness = await startHarness();
}, 120_000);

afterAll(async () => {
  await harness?.close();
});

async function axe(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: axePath });
  return page.evaluate(async () => {
    const run = (
      window as unknown as {
        axe: {
          run(
            node: Element,
            options: object,
          ): Promise<{ violations: { id: string; nodes: { html: string }[] }[] }>;
        };
      }
    ).axe.run;
    // The frames' contents are the gateway's pages (checked there); this checks our markup around them.
    const result = await run(document.getElementById('payment')!, { iframes: false });
    return result.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
    );
  });
}

const frameHasFocus = (page: Page, fieldType: string) =>
  securedInput(page, fieldType).evaluate(
    (input) => input.ownerDocument.hasFocus() && input.ownerDocument.activeElement === input,
  );

describe('accessibility in Chromium', () => {
  it('the card form with address, holder name and errors shown has no axe violations', async () => {
    const page = await harness.context.newPage();
    await page.goto(`${harness.demoUrl}/?flow=advanced&component=card&holderName=1&address=full&country=US`);
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
    const page = await harness.context.newPage();
    await page.goto(`${harness.demoUrl}/?flow=sessions&component=dropin`);
    await securedInput(page, 'encryptedCardNumber').waitFor({ timeout: 30_000 });
    expect(await axe(page)).toEqual([]);
    await page.close();
  });

  it('Shift+Tab in a frame moves to the previous field; Enter in a frame submits', async () => {
    const page = await harness.context.newPage();
    await page.goto(`${harness.demoUrl}/?flow=advanced&component=card&holderName=0`);
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
    const page = await harness.context.newPage();
    await page.goto(`${harness.demoUrl}/?flow=sessions&component=card&holderName=1`);
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
