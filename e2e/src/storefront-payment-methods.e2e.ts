import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from './account-helpers.ts';
import { saveScreenshot } from './browser.ts';
import { cartToPayment, openDropinMethod, useSignedInBrowser } from './shop-helpers.ts';

/*
 * The checkout's drop-in with the methods the gateway lists for the buyer's country and currency:
 * anna (ACME, Denmark, DKK) pays by bank transfer — the order is placed with its payment pending,
 * shows where to transfer to, and is paid once the gateway's simulator marks the transfer
 * received; clara (Bauer, Germany, EUR) pays on invoice with Riverty.
 */
const urls = inject('urls');
const base = urls.STOREFRONT_URL as string;
const gateway = urls.PAYMENT_GATEWAY_URL as string;

const orderIdOf = (page: Page) => new URL(page.url()).searchParams.get('order') ?? '';

const paymentStateOn = async (page: Page, path: string) => {
  await page.goto(`${base}${path}`);
  return page.getByTestId('payment-state').first().getAttribute('data-state');
};

describe('payment methods at the checkout', () => {
  describe('anna (ACME, DKK)', () => {
    const browser = useSignedInBrowser(base, 'anna@acme-dk.example');

    it('pays by bank transfer: the order waits for the money, then shows it paid', async () => {
      const { page } = browser;
      await cartToPayment(page, base, 'TRANSFER-E2E');
      // The drop-in lists what the gateway offers in Denmark for DKK: card and bank transfer, not SEPA.
      expect(await page.locator('[data-type="scheme"]').count()).toBe(1);
      expect(await page.locator('[data-type="sepadirectdebit"]').count()).toBe(0);
      await openDropinMethod(page, 'bankTransfer_IBAN');
      const transfer = page.locator('[data-type="bankTransfer_IBAN"]');
      await transfer.getByRole('button', { name: 'Continue' }).click();

      await page.waitForURL(/\/en\/checkout\/confirmation/, { timeout: 60_000 });
      const orderId = orderIdOf(page);
      expect(orderId).not.toBe('');
      expect(await page.getByTestId('payment-state').getAttribute('data-state')).toBe('Pending');
      const instructions = page.getByTestId('transfer-instructions');
      expect(await instructions.locator('[data-field="iban"]').textContent()).toMatch(/^DK\d{2}/);
      expect(await instructions.locator('[data-field="reference"]').textContent()).not.toBe('');
      await saveScreenshot(page, 'payment-methods-transfer-pending');
      expect(await axeViolations(page)).toEqual([]);

      // The order page and the list tell the same while the transfer is awaited.
      expect(await paymentStateOn(page, `/en/orders/${encodeURIComponent(orderId)}`)).toBe('Pending');
      expect(await page.getByTestId('transfer-instructions').count()).toBe(1);
      // The list reads the order, which gets the payment's state from a job after submission.
      const listedState = async () => {
        await page.goto(`${base}/en/orders`);
        const state = page.getByRole('row').filter({ hasText: orderId }).getByTestId('payment-state');
        return (await state.count()) ? state.getAttribute('data-state') : null;
      };
      await expect.poll(listedState, { timeout: 30_000 }).toBe('Pending');

      // The tester marks the transfer received on the gateway's simulator page.
      const desk = await page.context().newPage();
      await desk.goto(`${gateway}/sandbox/pending?reference=${encodeURIComponent(orderId)}`);
      await desk
        .getByRole('row', { name: /bankTransfer_IBAN/ })
        .getByRole('link')
        .click();
      await desk.getByRole('button', { name: 'Mark the payment received' }).click();
      expect(await desk.getByRole('status').textContent()).toContain('Authorised');
      await desk.close();

      await expect
        .poll(() => paymentStateOn(page, `/en/orders/${encodeURIComponent(orderId)}`), { timeout: 30_000 })
        .toBe('Authorised');
      expect(await page.getByTestId('transfer-instructions').count()).toBe(0);
      await saveScreenshot(page, 'payment-methods-transfer-paid');
    });
  });

  describe('clara (Bauer, EUR)', () => {
    const browser = useSignedInBrowser(base, 'clara@bauer-de.example');

    it('pays on invoice with Riverty for business', async () => {
      const { page } = browser;
      await cartToPayment(page, base, 'RIVERTY-E2E');
      await page.getByRole('button', { name: 'Riverty for business', exact: true }).click();
      await page.getByLabel('Company name').waitFor({ timeout: 30_000 });
      await page.getByLabel('Company name').fill('Bauer GmbH');
      await page.getByLabel('Company registration number').fill('HRB 12345');
      await page.getByLabel('First name').fill('Clara');
      await page.getByLabel('Last name').fill('Bauer');
      await page.getByLabel('Email address').fill('clara@bauer-de.example');
      await page.getByLabel('Telephone number').fill('+49 30 1234567');
      await page.getByLabel('Street').fill('Hauptstraße');
      await page.getByLabel('House number').fill('5');
      await page.getByLabel('Postal code').fill('10115');
      await page.getByLabel('City').fill('Berlin');
      await page.getByLabel(/I accept the payment terms of Riverty/).check();
      await page
        .locator('.actuate-checkout__payment-method--selected .actuate-checkout__button--pay')
        .click();

      await page.waitForURL(/\/en\/checkout\/confirmation/, { timeout: 60_000 });
      const orderId = orderIdOf(page);
      expect(await paymentStateOn(page, `/en/orders/${encodeURIComponent(orderId)}`)).toBe('Authorised');
      await saveScreenshot(page, 'payment-methods-riverty-paid');
    });

    it('shows Google Pay and Apple Pay as buttons above the card form and pays with Google Pay', async () => {
      const { page } = browser;
      await cartToPayment(page, base, 'WALLET-E2E');
      // The wallets' SDKs are the gateway's simulators; Chromium on a local page counts as a secure device.
      const instant = page.locator('.actuate-checkout__instant-payments');
      const googlePay = instant.getByRole('button', { name: 'Buy with Google Pay' });
      await googlePay.waitFor({ timeout: 30_000 });
      expect(await instant.getByRole('button', { name: 'Pay with Apple Pay' }).count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await googlePay.click();
      const sheet = page.getByRole('dialog', { name: 'Google Pay (sandbox)' });
      await sheet.getByRole('radio', { name: /Mastercard •••• 4444/ }).check();
      await sheet.getByRole('button', { name: 'Pay' }).click();

      await page.waitForURL(/\/en\/checkout\/confirmation/, { timeout: 60_000 });
      const orderId = orderIdOf(page);
      expect(await paymentStateOn(page, `/en/orders/${encodeURIComponent(orderId)}`)).toBe('Authorised');
      await saveScreenshot(page, 'payment-methods-google-pay-paid');
    });
  });
});
