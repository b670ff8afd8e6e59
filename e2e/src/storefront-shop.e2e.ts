import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from './account-helpers.ts';
import { saveScreenshot } from './browser.ts';
import {
  addToCart,
  cardNumberField,
  cartToPayment,
  configureUntilResolved,
  openDropinMethod,
  prepareCheckout,
  quickOrder,
  typeTestCard,
  useSignedInBrowser,
} from './shop-helpers.ts';

/*
 * The buyer's shopping journey in Chromium against the whole stack: catalogue, configurator, cart,
 * checkout by purchase order, by card with a 3-D Secure 2 challenge, in EUR in German, and the
 * credit hold refusal.
 */
const urls = inject('urls');
const base = urls.STOREFRONT_URL as string;

describe('shopping journey', () => {
  describe('anna (ACME, DKK)', () => {
    const browser = useSignedInBrowser(base, 'anna@acme-dk.example');

    it('filters the catalogue through the URL and the back button', async () => {
      const { page } = browser;
      await page.goto(`${base}/en/catalog`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Catalogue');
      await page.getByRole('heading', { name: 'Product families' }).waitFor();
      await saveScreenshot(page, 'shop-catalog-en');
      expect(await axeViolations(page)).toEqual([]);
      const familyBox = page.locator('input[name="f.FamilyID"][value="HD25"]');
      await page.locator('form[data-auto-submit="on"]').first().waitFor({ timeout: 30_000 });
      await familyBox.check();
      await page.waitForURL(/f\.FamilyID=HD25/, { timeout: 30_000 });
      await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/sales items? match/);
      await saveScreenshot(page, 'shop-catalog-filtered');
      await page.goBack();
      await page.waitForURL((url) => !url.search.includes('FamilyID'), { timeout: 30_000 });
    });

    it('configures an actuator and orders it by purchase order', async () => {
      const { page } = browser;
      await page.goto(`${base}/en/catalog/HD25`);
      const sku = await configureUntilResolved(page);
      expect(sku).toMatch(/^[A-Z]\d{5}$/);
      await expect.poll(() => page.getByTestId('unit-price').textContent()).toMatch(/DKK/);
      await saveScreenshot(page, 'shop-configurator');
      expect(await axeViolations(page)).toEqual([]);
      // A deep link by sales item number gives the same configuration.
      await page.goto(`${base}/en/items/${sku}`);
      await page.getByTestId('resolved-sales-item').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('resolved-sales-item').textContent()).toBe(sku);
      await addToCart(page, 2);

      await page.goto(`${base}/en/cart`);
      await page
        .getByRole('cell', { name: new RegExp(sku) })
        .first()
        .waitFor();
      await saveScreenshot(page, 'shop-cart');
      expect(await axeViolations(page)).toEqual([]);

      await prepareCheckout(page, base, 'en');
      await page.locator('#customer-reference').fill('PO-E2E-4711');
      await page.locator('#pay-PurchaseOrder').check();
      await saveScreenshot(page, 'shop-checkout');
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Place order' }).click();
      await page.waitForURL(/\/en\/checkout\/confirmation/, { timeout: 60_000 });
      const heading = await page.getByTestId('confirmation-heading').textContent();
      expect(heading).toMatch(/Thank you for your order|awaiting approval/);
      expect((await page.getByTestId('order-number').textContent())?.trim()).not.toBe('');
      await saveScreenshot(page, 'shop-confirmation-po');
      expect(await axeViolations(page)).toEqual([]);
    });

    it('pays another order by card with a 3-D Secure 2 challenge', async () => {
      const { page } = browser;
      await cartToPayment(page, base, 'CARD-E2E');
      await openDropinMethod(page, 'scheme');
      const number = cardNumberField(page);
      await number.waitFor({ timeout: 30_000 });
      await typeTestCard(page, '4212345678910006');
      await saveScreenshot(page, 'shop-card-form');
      await page
        .locator('.actuate-checkout__payment-method--selected')
        .getByRole('button', { name: /^Pay / })
        .click();
      const acs = page.frameLocator('iframe.actuate-checkout__challenge-frame');
      await acs.locator('#otp').waitFor({ timeout: 30_000 });
      await saveScreenshot(page, 'shop-3ds2-challenge');
      await acs.locator('#otp').fill('password');
      await acs.locator('button[value="submit"]').click();
      await page.waitForURL(/\/en\/checkout\/confirmation/, { timeout: 60_000 });
      expect(await page.getByTestId('confirmation-heading').textContent()).toMatch(/Thank you|approval/);
      await saveScreenshot(page, 'shop-confirmation-card');
    });
  });

  describe('bo (ACME buyer admin)', () => {
    const browser = useSignedInBrowser(base, 'bo@acme-dk.example');

    it("sees the company's own prices from the price service", async () => {
      const { page } = browser;
      await page.goto(`${base}/en/items/A10001`);
      await page.getByTestId('resolved-sales-item').waitFor({ timeout: 30_000 });
      await page.getByText('Your price', { exact: true }).first().waitFor({ timeout: 30_000 });
      await expect.poll(() => page.getByTestId('unit-price').textContent()).toMatch(/DKK/);
      await saveScreenshot(page, 'shop-configurator-customer-price');
    });
  });

  describe('clara (Bauer, EUR) in German', () => {
    const browser = useSignedInBrowser(base, 'clara@bauer-de.example', 'de', 'de-DE');

    it('orders in EUR with German texts', async () => {
      const { page } = browser;
      await page.goto(`${base}/de/catalog/CA30`);
      await configureUntilResolved(page);
      await expect.poll(() => page.getByTestId('unit-price').textContent()).toMatch(/€/);
      await addToCart(page, 1);
      await page.goto(`${base}/de/cart`);
      await expect.poll(() => page.getByTestId('cart-total').textContent()).toMatch(/€/);
      await prepareCheckout(page, base, 'de');
      await expect.poll(() => page.getByTestId('checkout-total').textContent()).toMatch(/\d+,\d{2}\s€/);
      await page.locator('#customer-reference').fill('BESTELLUNG-42');
      await saveScreenshot(page, 'shop-checkout-de');
      await page.getByRole('button', { name: 'Bestellung aufgeben' }).click();
      await page.waitForURL(/\/de\/checkout\/confirmation/, { timeout: 60_000 });
      expect(await page.getByTestId('confirmation-heading').textContent()).toMatch(/Vielen Dank|Freigabe/);
      await saveScreenshot(page, 'shop-confirmation-de');
    });
  });

  describe('dan (credit hold)', () => {
    const browser = useSignedInBrowser(base, 'dan@hold-dk.example');

    it('is stopped by the credit hold with a clear message', async () => {
      const { page } = browser;
      await quickOrder(page, base, 'en', 'A10001');
      await prepareCheckout(page, base, 'en');
      await page.locator('#customer-reference').fill('PO-HOLD');
      await page.getByRole('button', { name: 'Place order' }).click();
      const refusal = page.getByTestId('checkout-refusal');
      await refusal.waitFor({ timeout: 60_000 });
      expect(await refusal.textContent()).toMatch(/credit hold/);
      expect(new URL(page.url()).pathname).toBe('/en/checkout');
      await saveScreenshot(page, 'shop-credit-hold');
      expect(await axeViolations(page)).toEqual([]);
      // The refusal keeps what the buyer typed.
      expect(await page.locator('#customer-reference').inputValue()).toBe('PO-HOLD');
    });
  });
});
