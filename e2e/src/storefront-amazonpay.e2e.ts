import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from './account-helpers.ts';
import { saveScreenshot } from './browser.ts';
import { cartToPayment, openDropinMethod, useSignedInBrowser } from './shop-helpers.ts';

/*
 * Amazon Pay at the checkout: clara (Bauer, Germany, EUR) opens Amazon Pay in the drop-in, chooses an
 * instrument in Amazon's (the gateway's simulated) dialog, and Amazon returns her to the storefront's
 * return route, which reviews the payment and pays on her order's session; the order is placed. A
 * declining instrument is refused, and the decline flow at Amazon lets her pay with another one.
 */
const urls = inject('urls');
const base = urls.STOREFRONT_URL as string;
const PHONE = { width: 360, height: 740 };

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Amazon Pay (sandbox)' });

/** From the checkout's drop-in through Amazon's dialog, back on the storefront's review step. */
async function payAtAmazon(page: Page, instrument: RegExp) {
  await openDropinMethod(page, 'amazonpay');
  const amazonButton = page.locator('.actuate-checkout__amazonpay-button').getByRole('button');
  await amazonButton.waitFor({ timeout: 30_000 });
  // By keyboard: the button takes focus and Enter opens Amazon's dialog.
  await amazonButton.focus();
  await page.keyboard.press('Enter');
  await dialog(page)
    .getByRole('button', { name: /Sign in|Continue/ })
    .first()
    .waitFor({ timeout: 30_000 });
  const signIn = dialog(page).getByRole('button', { name: 'Sign in' });
  if (await signIn.isVisible()) await signIn.click();
  await dialog(page).getByRole('radio', { name: instrument }).check();
  await dialog(page).getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL(/\/en\/checkout\/return\?.*amazonCheckoutSessionId=/, { timeout: 30_000 });
  // Amazon returned to the storefront's own address.
  expect(new URL(page.url()).origin).toBe(new URL(base).origin);
  await page.getByTestId('amazonpay-review').waitFor({ timeout: 30_000 });
}

async function paymentStateOfOrder(page: Page): Promise<string | null> {
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  expect(orderId).not.toBe('');
  await page.goto(`${base}/en/orders/${encodeURIComponent(orderId)}`);
  return page.getByTestId('payment-state').first().getAttribute('data-state');
}

describe('Amazon Pay at the checkout', () => {
  const browser = useSignedInBrowser(base, 'clara@bauer-de.example');

  it('at 360 px and by keyboard: Amazon, the review step (axe clean), another instrument, Pay places the order', async () => {
    const { page } = browser;
    await page.setViewportSize(PHONE);
    await cartToPayment(page, base, 'AMAZONPAY-E2E');
    await payAtAmazon(page, /Visa ••••1111/);
    const review = page.getByTestId('amazonpay-review');
    await review.getByText('Visa ••••1111').waitFor({ timeout: 15_000 });
    await review.getByRole('button', { name: 'Change payment details' }).waitFor();
    expect(await review.getByTestId('amazonpay-amount').textContent()).toMatch(/€/);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await saveScreenshot(page, 'payment-methods-amazonpay-review');

    // Change payment details: Amazon's dialog on the same session, back to the review with the new one.
    await review.getByRole('button', { name: 'Change payment details' }).click();
    await dialog(page)
      .getByRole('radio', { name: /Mastercard ••••4444/ })
      .check({ timeout: 30_000 });
    await dialog(page).getByRole('button', { name: 'Continue' }).click();
    await review.getByText('Mastercard ••••4444').waitFor({ timeout: 30_000 });

    const pay = review.getByRole('button', { name: 'Pay and place the order' });
    await pay.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/en\/checkout\/confirmation/, { timeout: 60_000 });
    await expect.poll(() => paymentStateOfOrder(page), { timeout: 30_000 }).toBe('Authorised');
  });

  it('a declining instrument is refused; another one from the decline flow pays and places the order', async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    await cartToPayment(page, base, 'AMAZONPAY-DECLINE-E2E');
    await payAtAmazon(page, /declines/);
    const review = page.getByTestId('amazonpay-review');
    await review.getByRole('button', { name: 'Pay and place the order' }).click();
    // The widget says so in the review, the page offers the way back to the checkout.
    await review.getByRole('alert').getByText('Payment refused').waitFor({ timeout: 30_000 });
    const failure = page
      .getByTestId('redirect-return')
      .getByRole('alert')
      .filter({ hasText: /Refused/ });
    await failure.getByRole('link', { name: 'Back to the checkout' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    await review.getByRole('button', { name: 'Choose another payment method at Amazon' }).click();
    await page.waitForURL(/\/sdk-simulators\/amazonpay\/decline\//, { timeout: 30_000 });
    await page.getByRole('radio', { name: /Mastercard/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/en\/checkout\/return\?.*amazonCheckoutSessionId=/, { timeout: 30_000 });
    await review.getByText(/Mastercard/).waitFor({ timeout: 15_000 });
    await review.getByRole('button', { name: 'Pay and place the order' }).click();
    await page.waitForURL(/\/en\/checkout\/confirmation/, { timeout: 60_000 });
    await expect.poll(() => paymentStateOfOrder(page), { timeout: 30_000 }).toBe('Authorised');
  });
});
