import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, resultOf, useHarness } from './harness.ts';

/** PayPal (payment-account wallet) in Chromium: the widget, the gateway and its PayPal SDK simulator. */
const harness = useHarness();
const axe = (page: Page) => axeViolations(page, { iframes: false, seriousOnly: true });
const popup = (page: Page) => page.getByRole('dialog', { name: 'PayPal (sandbox)' });

async function openPopup(page: Page, button = 'PayPal') {
  await page
    .locator(`button[data-funding-source]`)
    .filter({ hasText: new RegExp(`^${button}$`) })
    .click();
  await expect.poll(() => popup(page).getByRole('button', { name: 'Approve' }).isVisible()).toBe(true);
}

describe('PayPal in Chromium', () => {
  it('pays with PayPal once the shopper approves in the pop-up; buttons and pop-up pass axe', async () => {
    const { page, errors } = await harness.openDemo('flow=sessions&component=paypal');
    await page.getByRole('button', { name: 'PayPal', exact: true }).waitFor();
    expect(await axe(page)).toEqual([]);
    await openPopup(page);
    expect(await axe(page)).toEqual([]);
    await popup(page).getByRole('button', { name: 'Approve' }).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('reports CANCEL when the shopper cancels, and an error when the pop-up fails', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=paypal');
    await openPopup(page);
    await popup(page).getByRole('button', { name: 'Cancel' }).click();
    expect(await resultOf(page)).toBe('Error: PayPal approval was cancelled by the shopper');
    await openPopup(page);
    await popup(page).getByRole('button', { name: 'Fail' }).click();
    // The page still shows the cancel until the failure replaces it.
    await expect
      .poll(() => page.textContent('#result'), { timeout: 30_000 })
      .toMatch(/^Error: PayPal sandbox: the pop-up failed/);
    await page.close();
  });

  it('is refused when the approving buyer’s funding declines', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=paypal');
    await openPopup(page);
    await popup(page)
      .getByLabel(/Declined Buyer/)
      .check();
    await popup(page).getByRole('button', { name: 'Approve' }).click();
    expect(await resultOf(page)).toBe('Result: Refused');
    await page.close();
  });

  it('shows Pay Later and Venmo for USD in the US; Venmo not when the tester makes it ineligible', async () => {
    const { page } = await harness.openDemo('flow=sessions&component=paypal&currency=USD&country=US');
    for (const name of ['PayPal', 'PayPal Credit', 'Pay Later', 'Venmo'])
      await page.getByRole('button', { name, exact: true }).waitFor();
    await openPopup(page, 'Pay Later');
    await popup(page).getByRole('button', { name: 'Approve' }).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    await page.close();

    const { page: other } = await harness.openDemo(
      'flow=sessions&component=paypal&currency=USD&country=US',
      async (prepared) => {
        await prepared.addInitScript(() =>
          localStorage.setItem('actuate-sandbox:paypal', JSON.stringify({ ineligible: ['venmo'] })),
        );
      },
    );
    await other.getByRole('button', { name: 'Pay Later', exact: true }).waitFor();
    expect(await other.getByRole('button', { name: 'Venmo', exact: true }).count()).toBe(0);
    await other.close();
  });

  it('tokenises at amount 0 (intent tokenize) and pays through the drop-in', async () => {
    const { page } = await harness.openDemo(
      'flow=advanced&component=paypal&amount=0&shopper=paypal-shopper-1',
    );
    await openPopup(page);
    expect(
      await page.evaluate(() => document.querySelector('script[src*="paypal/sdk.js"]')?.getAttribute('src')),
    ).toContain('intent=tokenize');
    await popup(page).getByRole('button', { name: 'Approve' }).click();
    expect(await resultOf(page)).toBe('Result: Authorised');
    await page.close();

    const { page: dropin } = await harness.openDemo('flow=sessions&component=dropin');
    await dropin
      .getByRole('button', { name: /^PayPal/ })
      .first()
      .click();
    await openPopup(dropin);
    await popup(dropin).getByRole('button', { name: 'Approve' }).click();
    expect(await resultOf(dropin)).toBe('Result: Authorised');
    await dropin.close();
  });
});
