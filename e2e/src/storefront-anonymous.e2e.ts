import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations } from './account-helpers.ts';
import { type Browser, openBrowser, saveScreenshot } from './browser.ts';
import { configureUntilResolved, DEMO_PASSWORD } from './shop-helpers.ts';

/*
 * The spec's anonymous user in Chromium against the whole stack: a signed-out visitor browses the
 * catalogue and the configurator with the platform's anonymous token, sees no price anywhere (not even
 * in the page's HTML) but "Sign in for your prices", which brings them back to the same configuration
 * with their prices after sign-in.
 */
const urls = inject('urls');
const base = urls.STOREFRONT_URL as string;
const PHONE = { width: 360, height: 740 };

/** An amount with its currency as the storefront formats them (en/da/de: "DKK 1,234.00", "1.234,00 kr.", "12,50 €"). */
const MONEY = /(DKK|EUR|€|kr\.)\s?\d|\d[\d.,\u00a0]*\s?(DKK|EUR|€|kr\.)/;

/** The page's HTML as the browser holds it, with no-break spaces (serialized as `&nbsp;`) as spaces. */
async function html(page: Page): Promise<string> {
  return (await page.content()).replace(/&nbsp;|&#160;|\u00a0|\u202f/g, ' ');
}

function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

describe('anonymous visitors browse without prices', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser({ locale: 'en-GB' });
  });
  afterAll(() => browser?.close());

  it('opens the catalogue from the header, filters it, and shows no price but the sign-in prompt', async () => {
    const { page, context } = browser;
    await context.clearCookies();
    await page.goto(`${base}/en`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Catalogue' }).click();
    await page.waitForURL((url) => url.pathname === '/en/catalog', { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Product families' }).waitFor();
    const familyBox = page.locator('input[name="f.FamilyID"][value="HD25"]');
    await page.locator('form[data-auto-submit="on"]').first().waitFor({ timeout: 30_000 });
    await familyBox.check();
    await page.waitForURL(/f\.FamilyID=HD25/, { timeout: 30_000 });
    await expect.poll(() => page.getByRole('status').first().textContent()).toMatch(/sales items? match/);
    expect(await page.getByTestId('sign-in-for-prices').first().textContent()).toBe(
      'Sign in for your prices',
    );
    expect(await html(page)).not.toMatch(MONEY);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'anonymous-catalog');
  });

  it('configures without prices, and signing in returns to the same configuration with prices', async () => {
    const { page, context } = browser;
    await context.clearCookies();
    await page.goto(`${base}/en/catalog/HD25`);
    expect(new URL(page.url()).pathname).toBe('/en/catalog/HD25');
    const sku = await configureUntilResolved(page);
    const configured = new URL(page.url());
    const prompt = page.getByRole('complementary').getByTestId('sign-in-for-prices');
    expect(await prompt.textContent()).toBe('Sign in for your prices');
    expect(await page.getByTestId('unit-price').count()).toBe(0);
    expect(await page.locator('#add-quantity').count()).toBe(0);
    // Not hidden in the page either: the server never sent a price.
    const configuredHtml = await html(page);
    expect(configuredHtml).not.toMatch(MONEY);
    expect(configuredHtml).not.toContain('PriceSchedule');
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'anonymous-configurator');

    await prompt.click();
    await page.waitForURL((url) => url.pathname === '/en/sign-in', { timeout: 30_000 });
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe(
      `${configured.pathname}${configured.search}`,
    );
    await page.locator('#sign-in-username').fill('anna@acme-dk.example');
    await page.locator('#sign-in-password').fill(DEMO_PASSWORD);
    await Promise.all([
      page.waitForURL((url) => !url.pathname.endsWith('/sign-in'), { timeout: 30_000 }),
      page.locator('form button[type="submit"]').click(),
    ]);
    const landed = new URL(page.url());
    expect(`${landed.pathname}${landed.search}`).toBe(`${configured.pathname}${configured.search}`);
    expect(await page.getByTestId('resolved-sales-item').textContent()).toBe(sku);
    await expect.poll(() => page.getByTestId('unit-price').textContent()).toMatch(/DKK/);
    expect(await page.getByTestId('sign-in-for-prices').count()).toBe(0);
    // The check above would see a price: the signed-in page has some.
    expect(await html(page)).toMatch(MONEY);
  });

  it('fits a 360 px wide phone and keeps cart and checkout behind sign-in', async () => {
    const { page, context } = browser;
    await context.clearCookies();
    await page.setViewportSize(PHONE);
    await page.goto(`${base}/en/catalog`);
    await page.getByRole('heading', { name: 'Product families' }).waitFor();
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    await page.goto(`${base}/da/catalog/HD25`);
    await configureUntilResolved(page);
    // On a phone the bar at the bottom offers the sign-in in place of the price and Add to cart.
    const sticky = page.getByTestId('configurator-sticky-bar').getByTestId('sign-in-for-prices');
    expect(await sticky.textContent()).toBe('Log ind for at se dine priser');
    expect(await sticky.isVisible()).toBe(true);
    expect(await overflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'anonymous-configurator-phone');
    for (const path of ['/en/cart', '/en/checkout', '/en/orders']) {
      await page.goto(`${base}${path}`);
      await page.waitForURL((url) => url.pathname === '/en/sign-in', { timeout: 30_000 });
    }
  });
});
