import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './browser.ts';
import { cartToPayment, openDropinMethod, useSignedInBrowser } from './shop-helpers.ts';

/*
 * Methods that leave the storefront or debit an account: anna (ACME, Denmark, DKK) pays with Trustly —
 * the drop-in sends her to the gateway's simulated bank, the bank sends her back to the storefront's
 * return page, which finishes the payment and places the order; a cancelled bank step brings her back to
 * the checkout with nothing ordered. clara (Bauer, Germany, EUR) pays by SEPA direct debit.
 */
const urls = inject('urls');
const base = urls.STOREFRONT_URL as string;

const payButton = (page: Page) =>
  page.locator('.actuate-checkout__payment-method--selected .actuate-checkout__button--pay');

async function paymentStateOfOrder(page: Page): Promise<string | null> {
  const orderId = new URL(page.url()).searchParams.get('order') ?? '';
  expect(orderId).not.toBe('');
  await page.goto(`${base}/en/orders/${encodeURIComponent(orderId)}`);
  return page.getByTestId('payment-state').first().getAttribute('data-state');
}

describe('redirect and debit methods at the checkout', () => {
  describe('anna (ACME, DKK) with Trustly', () => {
    const browser = useSignedInBrowser(base, 'anna@acme-dk.example');

    it('cancelling at the bank returns to the checkout and orders nothing', async () => {
      const { page } = browser;
      await cartToPayment(page, base, 'TRUSTLY-CANCEL-E2E');
      await openDropinMethod(page, 'trustly');
      await payButton(page).click();
      await page.getByRole('heading', { name: /Trustly: approve the payment/ }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Cancel and go back' }).click();

      await page.waitForURL(/\/en\/checkout\/return/, { timeout: 30_000 });
      const failure = page.getByTestId('redirect-return').getByRole('alert');
      await failure.waitFor({ timeout: 30_000 });
      expect(await failure.textContent()).toMatch(/Cancelled/);
      await page.getByRole('link', { name: /Back to the checkout/i }).click();
      await page.waitForURL(/\/en\/checkout/, { timeout: 30_000 });
      // The cart was not submitted: it still holds the item.
      await page.goto(`${base}/en/cart`);
      expect(await page.locator('table').getByText('A10001', { exact: true }).count()).toBeGreaterThan(0);
    });

    it('approving at the bank places the order, paid', async () => {
      const { page } = browser;
      await cartToPayment(page, base, 'TRUSTLY-E2E');
      await openDropinMethod(page, 'trustly');
      await payButton(page).click();
      await page.getByRole('heading', { name: /Trustly: approve the payment/ }).waitFor({ timeout: 30_000 });
      await page.getByRole('button', { name: 'Authorise the payment' }).click();

      await page.waitForURL(/\/en\/checkout\/confirmation/, { timeout: 60_000 });
      await saveScreenshot(page, 'payment-methods-trustly-paid');
      await expect.poll(() => paymentStateOfOrder(page), { timeout: 30_000 }).toBe('Authorised');
    });
  });

  describe('clara (Bauer, EUR) with SEPA direct debit', () => {
    const browser = useSignedInBrowser(base, 'clara@bauer-de.example');

    it('a wrong IBAN is refused in the form; a valid one pays', async () => {
      const { page } = browser;
      await cartToPayment(page, base, 'SEPA-E2E');
      await openDropinMethod(page, 'sepadirectdebit');
      const sepa = page.locator('[data-type="sepadirectdebit"]');
      await sepa.getByLabel('Account holder name').fill('Clara Bauer');
      await sepa.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
      await payButton(page).click();
      expect(await sepa.getByText('Check the IBAN: it is not a valid account number').count()).toBe(1);

      await sepa.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
      await payButton(page).click();
      await page.waitForURL(/\/en\/checkout\/confirmation/, { timeout: 60_000 });
      await expect.poll(() => paymentStateOfOrder(page), { timeout: 30_000 }).toBe('Authorised');
    });
  });
});
