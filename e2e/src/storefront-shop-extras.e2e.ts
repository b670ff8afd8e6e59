import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  axeViolations,
  buyerToken,
  call,
  createPromotion,
  emptyCarts,
  placeOrder,
} from './account-helpers.ts';
import { type Browser, openBrowser, saveScreenshot } from './browser.ts';
import { DEMO_PASSWORD, signIn } from './shop-helpers.ts';

/*
 * More of the buyer's shopping journey in Chromium against the whole stack: sign-in that returns to
 * the page the buyer opened (and never to another site), promotion codes in the cart, an address
 * added inline in the checkout, and cancelling an order only where the platform allows it.
 */
const urls = inject('urls');
const base = urls.STOREFRONT_URL as string;
const platform = urls.PLATFORM_URL as string;

/** Signs in on the sign-in page the browser is on and waits until it has left it. */
async function signInHere(browser: Browser, username: string): Promise<void> {
  const { page } = browser;
  await page.locator('#sign-in-username').fill(username);
  await page.locator('#sign-in-password').fill(DEMO_PASSWORD);
  await Promise.all([
    page.waitForURL((url) => !url.pathname.endsWith('/sign-in'), { timeout: 30_000 }),
    page.locator('form button[type="submit"]').click(),
  ]);
}

/** Puts one sales item in the cart by quick order. */
async function quickOrder(browser: Browser, locale: string, sku: string): Promise<void> {
  const { page } = browser;
  await page.goto(`${base}/${locale}/cart`);
  await page.locator('#quick-sku').fill(sku);
  await page.locator('#quick-qty').fill('1');
  await page.locator('section[aria-labelledby="quick-order-heading"] button[type="submit"]').click();
  await page.locator('table').getByText(sku, { exact: true }).first().waitFor({ timeout: 30_000 });
}

describe('shopping journey, more', () => {
  describe('sign-in returns to where the buyer came from', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await openBrowser({ locale: 'da-DK' });
    });
    afterAll(() => browser?.close());

    it('brings a signed-out visitor of the cart back to the cart after sign-in', async () => {
      const { page } = browser;
      await page.goto(`${base}/da/cart`);
      await page.waitForURL((url) => url.pathname === '/da/sign-in', { timeout: 30_000 });
      expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/da/cart');
      await page.getByText('Log ind for at fortsætte, hvor du var.').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'sign-in-return-to');
      await signInHere(browser, 'anna@acme-dk.example');
      expect(new URL(page.url()).pathname).toBe('/da/cart');
      await page.getByRole('heading', { level: 1, name: 'Kurv' }).waitFor();
    });

    it('keeps the query of a protected page, and works for a catalogue family too', async () => {
      const { page, context } = browser;
      await context.clearCookies();
      await page.goto(`${base}/en/orders?status=Open`);
      await page.waitForURL((url) => url.pathname === '/en/sign-in', { timeout: 30_000 });
      await signInHere(browser, 'anna@acme-dk.example');
      const landed = new URL(page.url());
      expect(`${landed.pathname}${landed.search}`).toBe('/en/orders?status=Open');

      await context.clearCookies();
      // Signed out, the configurator opens (anonymous browsing); the header's Sign in link comes back to it.
      await page.goto(`${base}/en/catalog/HD25`);
      await page.getByRole('banner').getByRole('link', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/en/sign-in', { timeout: 30_000 });
      expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/en/catalog/HD25');
      await signInHere(browser, 'anna@acme-dk.example');
      expect(new URL(page.url()).pathname).toBe('/en/catalog/HD25');
    });

    it('never sends the buyer to another site', async () => {
      const { page, context } = browser;
      for (const returnTo of ['//evil.example/en', '/\\evil.example', 'https://evil.example/en/cart']) {
        await context.clearCookies();
        await page.goto(`${base}/en/sign-in?returnTo=${encodeURIComponent(returnTo)}`);
        expect(await page.locator('input[name="returnTo"]').count()).toBe(0);
        await signInHere(browser, 'anna@acme-dk.example');
        const landed = new URL(page.url());
        expect(landed.origin).toBe(new URL(base).origin);
        // Home, in the language of anna's profile (da-DK).
        expect(landed.pathname).toBe('/da');
      }
    });
  });

  describe("anna's order details: cancel where allowed", () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await openBrowser({ locale: 'en-GB' });
      await signIn(browser.page, base, 'en', 'anna@acme-dk.example');
    });
    afterAll(() => browser?.close());

    it('offers no cancel on an open order and cancels a declined one', async () => {
      const anna = await buyerToken(platform, 'anna@acme-dk.example');
      const open = await placeOrder(platform, anna, { quantity: 1 });
      expect(open.Status).toBe('Open');
      const big = await placeOrder(platform, anna, { productId: 'F10001', minimumTotal: 50_000 });
      expect(big.Status).toBe('AwaitingApproval');
      const bo = await buyerToken(platform, 'bo@acme-dk.example');
      const declined = await call(platform, bo, 'POST', `/v1/orders/Incoming/${big.ID}/decline`, {
        Comments: 'Not this quarter.',
      });
      expect(declined.Status).toBe('Declined');

      const { page } = browser;
      await page.goto(`${base}/en/orders/${open.ID}`);
      await page.getByTestId('order-detail').waitFor();
      expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);

      await page.goto(`${base}/en/orders/${big.ID}`);
      await page.getByTestId('order-detail').waitFor();
      expect(await page.getByTestId('order-status').textContent()).toBe('Declined');
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await page.getByRole('button', { name: 'Yes, cancel the order' }).click();
      await page.getByTestId('cancel-result').waitFor({ timeout: 30_000 });
      expect(await axeViolations(page)).toEqual([]);
      const after = await call(platform, anna, 'GET', `/v1/orders/Outgoing/${big.ID}`);
      expect(after.Status).toBe('Canceled');
      await page.reload();
      expect(await page.getByTestId('order-status').textContent()).toBe('Cancelled');
      expect(await page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    });
  });

  describe('bo (ACME) in the cart and the checkout', () => {
    let browser: Browser;
    const unique = Date.now().toString(36).toUpperCase();
    const code = `E2E-SAVE-${unique}`;

    beforeAll(async () => {
      // The demo world has no promotion codes: set one up for every buyer, 100 off any order.
      await createPromotion(platform, { code, name: 'E2E 100 off', eligible: 'true', value: '100' });
      // Other browser files leave lines in bo's cart: start from an empty one.
      await emptyCarts(platform, await buyerToken(platform, 'bo@acme-dk.example'));
      browser = await openBrowser({ locale: 'en-GB' });
      await signIn(browser.page, base, 'en', 'bo@acme-dk.example');
    });
    afterAll(() => browser?.close());

    it('applies a promotion code, shows the discount in the totals and removes it again', async () => {
      const { page } = browser;
      await quickOrder(browser, 'en', 'A10001');
      const totalBefore = await page.getByTestId('cart-total').textContent();
      expect(await page.getByTestId('cart-discount').count()).toBe(0);

      // An unknown code: a clear message, announced and tied to the field.
      await page.locator('#promo-code').fill('NO-SUCH-CODE');
      await page.getByRole('button', { name: 'Apply' }).click();
      const refusal = page.locator('#promo-code-message');
      await expect
        .poll(() => refusal.textContent(), { timeout: 30_000 })
        .toBe('There is no promotion code NO-SUCH-CODE. Check the spelling.');
      expect(await refusal.getAttribute('role')).toBe('alert');
      expect(await page.locator('#promo-code').getAttribute('aria-describedby')).toBe('promo-code-message');
      expect(await page.getByTestId('cart-total').textContent()).toBe(totalBefore);
      await saveScreenshot(page, 'cart-promotion-unknown');
      expect(await axeViolations(page)).toEqual([]);

      await page.locator('#promo-code').fill(code);
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByTestId('cart-discount').waitFor({ timeout: 30_000 });
      expect(await page.getByTestId('cart-discount').textContent()).toMatch(/−.*100[.,]00/);
      await expect.poll(() => page.getByTestId('cart-total').textContent()).not.toBe(totalBefore);
      const remove = page.getByRole('button', { name: `Remove promotion code ${code}` });
      await remove.waitFor();
      expect(await page.getByTestId('cart-promotions').textContent()).toContain(code);
      await saveScreenshot(page, 'cart-promotion-applied');
      expect(await axeViolations(page)).toEqual([]);

      await remove.click();
      // The answer stays on the page (and is announced) although the code leaves the list.
      await expect
        .poll(() => page.locator('#promo-code-message').textContent(), { timeout: 30_000 })
        .toBe(`Promotion code ${code} removed.`);
      expect(await page.locator('#promo-code-message').getAttribute('role')).toBe('status');
      await expect.poll(() => page.getByTestId('cart-discount').count()).toBe(0);
      await expect.poll(() => page.getByTestId('cart-total').textContent()).toBe(totalBefore);
    });

    it('adds a shipping address inline in the checkout and chooses it', async () => {
      const { page } = browser;
      await page.goto(`${base}/en/checkout`);
      if (await page.getByText('Your cart is empty.').count()) await quickOrder(browser, 'en', 'A10001');
      await page.goto(`${base}/en/checkout`);
      await page.getByRole('link', { name: 'Add a new address' }).click();
      await page.waitForURL(/\/en\/checkout\?address=new/, { timeout: 30_000 });
      const form = page.getByRole('form', { name: 'New address' });
      await form.waitFor();

      // Incomplete: each problem next to its field, the first invalid field focused, the input kept.
      await form.getByLabel('Name of the address').fill(`Warehouse ${unique}`);
      await form.getByLabel('Street and number').fill('Havnegade 12');
      await form.getByRole('button', { name: 'Save and use this address' }).click();
      const zip = page.locator('#new-address-Zip');
      await expect.poll(() => zip.getAttribute('aria-invalid'), { timeout: 30_000 }).toBe('true');
      expect(await zip.getAttribute('aria-describedby')).toBe('new-address-Zip-error');
      expect(await page.locator('#new-address-Zip-error').textContent()).toBe('This field is required.');
      expect(await page.locator('#new-address-City').getAttribute('aria-invalid')).toBe('true');
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('new-address-Zip');
      expect(await page.locator('#new-address-Street1').inputValue()).toBe('Havnegade 12');
      expect(await form.getByRole('alert').textContent()).toContain('check the marked fields');
      await saveScreenshot(page, 'checkout-new-address-errors');
      expect(await axeViolations(page)).toEqual([]);

      await zip.fill('8000');
      await page.locator('#new-address-City').fill('Aarhus');
      await page.locator('#new-address-State').fill('Midtjylland');
      await page.locator('#new-address-Country').selectOption('DK');
      await form.getByLabel('to ship to only').check();
      await Promise.all([
        page.waitForURL(/\/en\/checkout\?saved=address/, { timeout: 30_000 }),
        form.getByRole('button', { name: 'Save and use this address' }).click(),
      ]);
      await page.getByTestId('address-added').waitFor();
      const shipTo = page.getByRole('group', { name: 'Ship to' });
      const added = shipTo.getByLabel(new RegExp(`Warehouse ${unique}`));
      expect(await added.isChecked()).toBe(true);
      // Only for shipping: not offered as an invoice address.
      expect(
        await page
          .getByRole('group', { name: 'Invoice to' })
          .getByLabel(new RegExp(`Warehouse ${unique}`))
          .count(),
      ).toBe(0);
      // The order now goes there: the delivery options for it are offered.
      await page.locator('input[name="shipMethod"]').first().waitFor({ timeout: 30_000 });
      await saveScreenshot(page, 'checkout-new-address-chosen');
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
