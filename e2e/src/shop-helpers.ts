import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type Browser, openBrowser } from './browser.ts';

/*
 * Steps of the shopping-journey browser tests (storefront-shop.e2e.ts and the checkout's other e2e
 * files): sign in, configure a family until one sales item remains, add it to the cart (or by quick
 * order), go through the checkout up to the payment.
 */

export const DEMO_PASSWORD = 'actuate-demo';

export async function signIn(page: Page, base: string, locale: string, username: string): Promise<void> {
  await page.goto(`${base}/${locale}/sign-in`);
  await page.locator('#sign-in-username').fill(username);
  await page.locator('#sign-in-password').fill(DEMO_PASSWORD);
  // Home opens in the language of the buyer's profile, which may be another than the sign-in page's.
  await Promise.all([
    page.waitForURL((url) => !url.pathname.endsWith('/sign-in'), { timeout: 30_000 }),
    page.locator('form button[type="submit"]').click(),
  ]);
}

/**
 * A browser signed in as `username` for the enclosing describe block: opened and signed in before
 * its tests, closed after them (the object is filled in once open).
 */
export function useSignedInBrowser(
  base: string,
  username: string,
  locale = 'en',
  browserLocale = 'en-GB',
): Browser {
  const browser = {} as Browser;
  beforeAll(async () => {
    Object.assign(browser, await openBrowser({ locale: browserLocale }));
    await signIn(browser.page, base, locale, username);
  });
  afterAll(() => browser.close?.());
  return browser;
}

/** Picks the first available value of each undecided facet until the configurator resolves one sales item. */
export async function configureUntilResolved(page: Page): Promise<string> {
  const resolved = page.getByTestId('resolved-sales-item');
  for (let step = 0; step < 25; step++) {
    if (await resolved.isVisible()) break;
    const before = page.url();
    // A click before hydration would only tick the radio: wait until the configurator applies choices
    // in the browser (it then changes the URL without a reload).
    await page.locator('form[data-auto-submit="on"]').first().waitFor({ timeout: 30_000 });
    // The first fieldset without a chosen value (its "Any" radio checked) that still offers more than one value.
    const clicked = await page.evaluate(() => {
      for (const fieldset of document.querySelectorAll('form fieldset')) {
        const radios = [...fieldset.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
        const any = radios.find((r) => r.value === '');
        const enabled = radios.filter((r) => r.value !== '' && !r.disabled);
        if (any?.checked && enabled.length > 1) {
          const label = document.querySelector<HTMLLabelElement>(`label[for="${enabled[0]?.id}"]`);
          label?.click();
          return true;
        }
      }
      return false;
    });
    if (!clicked) break;
    await page.waitForURL((url) => url.href !== before, { timeout: 30_000 });
    await page.waitForLoadState('load');
  }
  await resolved.waitFor({ timeout: 30_000 });
  return ((await resolved.textContent()) ?? '').trim();
}

export async function addToCart(page: Page, quantity: number): Promise<void> {
  await page.locator('#add-quantity').fill(String(quantity));
  await page.locator('form:has(#add-quantity) button[type="submit"]').click();
  await page.getByRole('status').filter({ hasText: '×' }).first().waitFor({ timeout: 30_000 });
}

/** Puts one of the sales item in the cart by quick order. */
export async function quickOrder(page: Page, base: string, locale: string, sku: string): Promise<void> {
  await page.goto(`${base}/${locale}/cart`);
  await page.locator('#quick-sku').fill(sku);
  await page.locator('#quick-qty').fill('1');
  await page.locator('section[aria-labelledby="quick-order-heading"] button[type="submit"]').click();
  await page.locator('table').getByText(sku, { exact: true }).first().waitFor({ timeout: 30_000 });
}

/** Addresses (the preselected ones) and the first offered ship method, until the payment step shows. */
export async function prepareCheckout(page: Page, base: string, locale: string): Promise<void> {
  await page.goto(`${base}/${locale}/checkout`);
  await page.locator('section[aria-labelledby="addresses-heading"] button[type="submit"]').click();
  const shipRadio = page.locator('input[name="shipMethod"]').first();
  await shipRadio.waitFor({ timeout: 30_000 });
  if (!(await page.locator('input[name="shipMethod"]:checked').count())) await shipRadio.check();
  await page.locator('section[aria-labelledby="shipping-heading"] button[type="submit"]').click();
  await page.locator('#customer-reference').waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => /\d/.test(document.querySelector('[data-testid="checkout-vat"]')?.textContent ?? ''),
    undefined,
    { timeout: 30_000 },
  );
}

/**
 * Chooses payment through the gateway (card and the drop-in's other methods) at the checkout's last
 * step and waits for the drop-in to list the methods.
 */
export async function continueToPayment(page: Page): Promise<void> {
  await page.locator('#pay-CreditCard').check();
  await page.locator('section[aria-labelledby="place-order-heading"] button[type="submit"]').click();
  await page.locator('.actuate-checkout__payment-method').first().waitFor({ timeout: 30_000 });
}

/**
 * One A10001 in the cart, then addresses, delivery and the customer reference, up to the drop-in at
 * the payment step (English pages).
 */
export async function cartToPayment(page: Page, base: string, reference: string): Promise<void> {
  await quickOrder(page, base, 'en', 'A10001');
  await prepareCheckout(page, base, 'en');
  await page.locator('#customer-reference').fill(reference);
  await continueToPayment(page);
}

/** Opens a method in the drop-in by its type (`scheme` for cards) unless it is open already. */
export async function openDropinMethod(page: Page, type: string): Promise<void> {
  const button = page.locator(`[data-type="${type}"] .actuate-checkout__payment-method-button`).first();
  await button.waitFor({ timeout: 30_000 });
  if ((await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}

/** The widget's card number field (a secured field inside the gateway's frame). */
export function cardNumberField(page: Page) {
  return page.frameLocator('[data-cse="encryptedCardNumber"] iframe').locator('#sf-input');
}

/** Types a test card into the widget's secured fields: number, expiry 03/30, CVC 737, and a holder. */
export async function typeTestCard(page: Page, number: string): Promise<void> {
  await cardNumberField(page).pressSequentially(number, { delay: 5 });
  await page
    .frameLocator('[data-cse="encryptedExpiryDate"] iframe')
    .locator('#sf-input')
    .pressSequentially('0330', { delay: 5 });
  await page
    .frameLocator('[data-cse="encryptedSecurityCode"] iframe')
    .locator('#sf-input')
    .pressSequentially('737', { delay: 5 });
  const holder = page.getByLabel(/Name on card/);
  if (await holder.count()) await holder.fill('Anna Andersen');
}
