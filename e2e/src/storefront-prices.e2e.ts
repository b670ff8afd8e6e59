import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, buyerToken, call, emptyCarts, progress, waitFor } from './account-helpers.ts';
import { type Browser, openBrowser, saveScreenshot } from './browser.ts';
import { addToCart, configureUntilResolved, prepareCheckout, signIn } from './shop-helpers.ts';

/*
 * One price per line (issue 16, items 1 and 12): the unit price of an item at a quantity is the
 * same in the configurator (its quantity break), the cart, the checkout, the confirmation, the order,
 * a reorder and a subscription; the cart's total adds up after a checkout estimate; the order pages
 * show lines, addresses, expected delivery; subscriptions carry the buyer's name.
 */
const urls = inject('urls');
const base = urls.STOREFRONT_URL as string;
const platform = urls.PLATFORM_URL as string;
const backoffice = urls.BACKOFFICE_URL as string;

/** The item of the report (anna's agreements and breaks); clara configures one of her catalogue. */
const ANNA_ITEM = 'A10057';
const QUANTITY = 12;

/** A formatted amount ("DKK 2,466.90", "2.466,90 €") as a number. */
function amountOf(text: string | null, locale: string): number {
  const kept = (text ?? '').replace(/[^0-9.,-]/g, '');
  const normal = locale === 'en' ? kept.replace(/,/g, '') : kept.replace(/\./g, '').replace(',', '.');
  return Number(normal);
}

/** The configurator's unit price at a quantity: the largest break at or below it, else the unit price. */
async function configuratorPrice(page: Page, locale: string, quantity: number): Promise<number> {
  await page.getByTestId('resolved-sales-item').waitFor({ timeout: 30_000 });
  let price = amountOf(await page.getByTestId('unit-price').textContent(), locale);
  for (const row of await page.locator('table:has(caption) tbody tr').all()) {
    const [from, unit] = await row.locator('td').allTextContents();
    if (Number(from) <= quantity) price = amountOf(unit ?? '', locale);
  }
  return price;
}

/** The cart row of the item: its unit price and line total. */
async function cartLine(page: Page, locale: string, item: string) {
  const row = page.locator('tbody tr', { hasText: item }).first();
  await row.waitFor({ timeout: 30_000 });
  const cells = row.locator('td');
  return {
    unit: amountOf(await cells.nth(2).textContent(), locale),
    total: amountOf(await cells.nth(3).textContent(), locale),
  };
}

/** The cart's summary adds up: subtotal − discount = total. */
async function expectCartTotalsAddUp(page: Page, locale: string) {
  const subtotal = amountOf(await page.getByTestId('cart-subtotal').textContent(), locale);
  const discount = (await page.getByTestId('cart-discount').count())
    ? amountOf(await page.getByTestId('cart-discount').textContent(), locale)
    : 0;
  const total = amountOf(await page.getByTestId('cart-total').textContent(), locale);
  expect(Math.round((subtotal - Math.abs(discount)) * 100) / 100).toBe(total);
}

/** The checkout's total is the cart's plus the shipping and VAT it shows (none before they are shown). */
async function expectCheckoutTotalsAddUp(page: Page, locale: string, cartTotal: number) {
  await page.goto(`${base}/${locale}/checkout`);
  await page.getByTestId('checkout-total').waitFor({ timeout: 30_000 });
  const shown = async (testId: string) => {
    const text = (await page.getByTestId(testId).textContent()) ?? '';
    return /\d/.test(text) ? amountOf(text, locale) : 0;
  };
  const expected = cartTotal + (await shown('checkout-shipping')) + (await shown('checkout-vat'));
  const total = amountOf(await page.getByTestId('checkout-total').textContent(), locale);
  expect(total).toBe(Math.round(expected * 100) / 100);
}

/** Configurator → cart → checkout → confirmation → order: one unit price. Answers it and the order path. */
async function orderAtOnePrice(
  page: Page,
  locale: string,
  item: string,
): Promise<{ price: number; orderPath: string }> {
  const price = await configuratorPrice(page, locale, QUANTITY);
  expect(price).toBeGreaterThan(0);
  await addToCart(page, QUANTITY);

  await page.goto(`${base}/${locale}/cart`);
  const line = await cartLine(page, locale, item);
  expect(line.unit).toBe(price);
  expect(line.total).toBe(Math.round(price * QUANTITY * 100) / 100);
  await expectCartTotalsAddUp(page, locale);
  await expectCheckoutTotalsAddUp(
    page,
    locale,
    amountOf(await page.getByTestId('cart-total').textContent(), locale),
  );

  await prepareCheckout(page, base, locale);
  // The checkout summary names the item, not its number: the line of this quantity.
  const summaryLine = page.locator('aside li', { hasText: `${QUANTITY} ×` }).first();
  expect(amountOf(await summaryLine.locator('span').last().textContent(), locale)).toBe(line.total);
  await page.locator('#customer-reference').fill(`PO-PRICES-${locale}`);
  await page.locator('#pay-PurchaseOrder').check();
  await page
    .locator('button[type="submit"]', { hasText: /Place order|Bestellung|Afgiv/ })
    .last()
    .click();
  await page.waitForURL(/\/checkout\/confirmation/, { timeout: 60_000 });

  // The confirmation: the lines at the same price, the addresses and the expected delivery.
  const confirmationUnit = page.locator('tr', { hasText: item }).getByTestId('order-line-unit-price');
  await confirmationUnit.waitFor({ timeout: 30_000 });
  expect(amountOf(await confirmationUnit.textContent(), locale)).toBe(price);
  await page.locator('#order-addresses-title').waitFor();
  expect(await page.getByTestId('expected-delivery').textContent()).toMatch(/\d/);
  await saveScreenshot(page, `prices-confirmation-${locale}`);
  expect(await axeViolations(page)).toEqual([]);

  const orderLink = page.locator('a[href*="/orders/"]').last();
  const orderPath = (await orderLink.getAttribute('href')) ?? '';
  await page.goto(`${base}${orderPath}`);
  const orderUnit = page.locator('tr', { hasText: item }).getByTestId('order-line-unit-price');
  await orderUnit.waitFor({ timeout: 30_000 });
  expect(amountOf(await orderUnit.textContent(), locale)).toBe(price);
  return { price, orderPath };
}

describe('one price per line', () => {
  describe('anna (ACME, DKK, net price agreements and breaks)', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await openBrowser({ locale: 'en-GB' });
      await emptyCarts(platform, await buyerToken(platform, 'anna@acme-dk.example'));
      await signIn(browser.page, base, 'en', 'anna@acme-dk.example');
    });
    afterAll(() => browser?.close());

    let price = 0;
    let orderPath = '';

    it('shows the configurator price in the cart, checkout, confirmation and order', async () => {
      await browser.page.goto(`${base}/en/items/${ANNA_ITEM}`);
      ({ price, orderPath } = await orderAtOnePrice(browser.page, 'en', ANNA_ITEM));
    });

    it('shows the expected ship date once confirmed and drops it once shipped', async () => {
      const { page } = browser;
      const orderId = decodeURIComponent(orderPath.split('/').pop() ?? '');
      const anna = await buyerToken(platform, 'anna@acme-dk.example');
      const webShopStatus = async () =>
        (
          (await call(platform, anna, 'GET', `/v1/orders/Outgoing/${orderId}`)).xp as {
            WebShopStatus?: string;
          }
        )?.WebShopStatus;
      const orderNumber = await waitFor('the ERP order number', async () => {
        const current = await call(platform, anna, 'GET', `/v1/orders/Outgoing/${orderId}`);
        return (current.xp as { OrderNumber?: string } | undefined)?.OrderNumber;
      });
      await progress(backoffice, orderNumber, 'confirm');
      await waitFor('WebShopStatus Confirmed', async () => (await webShopStatus()) === 'Confirmed');
      await page.goto(`${base}${orderPath}`);
      await expect
        .poll(() => page.getByTestId('order-timeline').textContent(), { timeout: 30_000 })
        .toMatch(/Expected to ship on/);

      await progress(backoffice, orderNumber, 'ship');
      await progress(backoffice, orderNumber, 'ship');
      await waitFor('WebShopStatus Shipped', async () =>
        ['Shipped', 'Invoiced'].includes((await webShopStatus()) ?? ''),
      );
      await page.goto(`${base}${orderPath}`);
      await page.locator('[data-testid="order-timeline"] [data-step="Shipped"][data-state="done"]').waitFor();
      expect(await page.getByTestId('order-timeline').textContent()).not.toMatch(/Expected to ship/);
      // The line's price has not moved with the order's progress.
      const unit = page.locator('tr', { hasText: ANNA_ITEM }).getByTestId('order-line-unit-price');
      expect(amountOf(await unit.textContent(), 'en')).toBe(price);
      expect(await axeViolations(page)).toEqual([]);
    }, 180_000);

    it('reorders at the same price, and the cart total carries no stale shipping or VAT', async () => {
      const { page } = browser;
      await page.goto(`${base}${orderPath}`);
      await page.getByRole('button', { name: 'Order again' }).click();
      await page.getByRole('link', { name: 'Go to the cart' }).waitFor({ timeout: 30_000 });
      await page.goto(`${base}/en/cart`);
      expect((await cartLine(page, 'en', ANNA_ITEM)).unit).toBe(price);

      // An estimate and a calculation at checkout, then a change of the cart.
      await prepareCheckout(page, base, 'en');
      await page.goto(`${base}/en/cart`);
      const before = await cartLine(page, 'en', ANNA_ITEM);
      const row = page.locator('tbody tr', { hasText: ANNA_ITEM }).first();
      await row.locator('input[name="quantity"]').fill(String(QUANTITY + 1));
      await row.getByRole('button', { name: 'Update' }).click();
      await expect
        .poll(async () => (await cartLine(page, 'en', ANNA_ITEM)).total, { timeout: 30_000 })
        .not.toBe(before.total);
      const after = await cartLine(page, 'en', ANNA_ITEM);
      // 13 falls in the same break as 12.
      expect(after.unit).toBe(price);
      expect(after.total).toBe(Math.round(price * (QUANTITY + 1) * 100) / 100);
      await expectCartTotalsAddUp(page, 'en');
      await saveScreenshot(page, 'prices-cart-after-checkout');
      expect(await axeViolations(page)).toEqual([]);
      // Back at checkout, what it shows adds up to its total too.
      await expectCheckoutTotalsAddUp(
        page,
        'en',
        amountOf(await page.getByTestId('cart-total').textContent(), 'en'),
      );
    });

    it('makes the cart recurring under a name, at the customer price', async () => {
      const { page } = browser;
      await page.goto(`${base}/en/cart`);
      await page.getByTestId('make-recurring').click();
      await page.waitForURL(/\/subscriptions\/new/, { timeout: 30_000 });
      await page.locator('#new-subscription-name').fill('Monthly spare actuators');
      await page.locator('#new-subscription-customerReference').fill('PO-RECURRING-1');
      await page.getByRole('button', { name: 'Create subscription' }).click();
      await page.waitForURL(/\/subscriptions\/[^/?]+\?created=1/, { timeout: 30_000 });
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toContain('Monthly spare actuators');
      const item = page.locator('li', { hasText: ANNA_ITEM }).getByTestId('subscription-item-price');
      const [, unit] = ((await item.textContent()) ?? '').split('×');
      // The cart held QUANTITY + 1, which the same break prices.
      expect(amountOf(unit ?? '', 'en')).toBe(price);
      await saveScreenshot(page, 'prices-subscription');
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(`${base}/en/subscriptions`);
      await page.getByRole('link', { name: /Monthly spare actuators/ }).waitFor({ timeout: 30_000 });
    });
  });

  describe('clara (Bauer, EUR)', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await openBrowser({ locale: 'de-DE' });
      await emptyCarts(platform, await buyerToken(platform, 'clara@bauer-de.example'));
      await signIn(browser.page, base, 'de', 'clara@bauer-de.example');
    });
    afterAll(() => browser?.close());

    it('shows the configurator price in the cart, checkout, confirmation and order', async () => {
      const { page } = browser;
      await page.goto(`${base}/de/catalog/CA30`);
      const sku = await configureUntilResolved(page);
      const { price, orderPath } = await orderAtOnePrice(page, 'de', sku);
      expect(price).toBeGreaterThan(0);
      // On a phone the order page and the cart fit the screen (wide tables scroll in their own box).
      await page.setViewportSize({ width: 360, height: 740 });
      for (const path of [orderPath, '/de/cart']) {
        await page.goto(`${base}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
        expect(await axeViolations(page)).toEqual([]);
      }
      await saveScreenshot(page, 'prices-cart-phone-de');
    });
  });
});
