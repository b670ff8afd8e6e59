import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, buildCart, buyerToken, placeOrder, signIn } from './account-helpers.ts';
import { type Browser, openBrowser, saveScreenshot } from './browser.ts';

/*
 * Who is shopping, as the header and the sign-in show it: navigation per visitor, the signed-in
 * buyer's name, the phone menu (every reachable page fits 360 px), sign-in links and the profile's
 * language, a pending registrant sent home with a notice instead of a server error, a credit hold
 * told before checkout, and approvals with a count that drops after a decision.
 */
const urls = inject('urls');
const base = urls.STOREFRONT_URL as string;
const platform = urls.PLATFORM_URL as string;
const TEST_TIMEOUT_MS = 120_000;
const PHONE = { width: 360, height: 740 };

/** How far the page is wider than the window (0: no horizontal scroll). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** The main navigation's link texts (desktop: always shown). */
async function navLinks(page: Page, label = 'Main'): Promise<string[]> {
  const texts = await page.getByRole('navigation', { name: label }).getByRole('link').allTextContents();
  return texts.map((text) => text.replace(/\s+/g, ' ').trim());
}

/** Signs in on the sign-in page the browser is on and waits until it has left it. */
async function signInHere(page: Page, username: string): Promise<void> {
  await page.locator('#sign-in-username').fill(username);
  await page.locator('#sign-in-password').fill('actuate-demo');
  await Promise.all([
    page.waitForURL((url) => !url.pathname.endsWith('/sign-in'), { timeout: 30_000 }),
    page.locator('form button[type="submit"]').click(),
  ]);
}

describe('storefront session and header', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await openBrowser({ locale: 'en-GB' });
  });
  afterAll(() => browser?.close());

  it('offers a signed-out visitor no Cart, Orders or Account, and sign-in links to register and reset', async () => {
    const { page, context } = browser;
    await context.clearCookies();
    await page.goto(`${base}/en`);
    expect(await navLinks(page)).toEqual(['Home', 'Catalogue']);
    await page.goto(`${base}/en/sign-in`);
    await page.getByRole('link', { name: 'New customer? Register your company' }).waitFor();
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/en/forgot-password');
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('E-mail or username').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it("opens home in the profile's language after sign-in and says who is signed in", async () => {
    const { page } = browser;
    await signIn(page, base, 'anna@acme-dk.example', 'en');
    expect(new URL(page.url()).pathname).toBe('/da');
    expect(await page.getByTestId('signed-in-as').textContent()).toBe('Logget ind som Anna Andersen');
    expect(await navLinks(page, 'Hovedmenu')).toEqual([
      'Forside',
      'Katalog',
      'Hurtigordre',
      'Lister',
      'Tilbud',
      'Kurv',
      'Ordrer',
      'Konto',
    ]);

    await signIn(page, base, 'clara@bauer-de.example', 'en');
    expect(new URL(page.url()).pathname).toBe('/de');
    expect(await page.getByTestId('signed-in-as').textContent()).toContain('Angemeldet als');
  });

  it('returns to the checkout after sign-in, in the locale the checkout was opened in', async () => {
    const { page, context } = browser;
    await context.clearCookies();
    await page.goto(`${base}/en/checkout`);
    await page.waitForURL((url) => url.pathname === '/en/sign-in', { timeout: 30_000 });
    await signInHere(page, 'anna@acme-dk.example');
    expect(new URL(page.url()).pathname).toBe('/en/checkout');

    // The header's own sign-in link carries the page the visitor is on.
    await context.clearCookies();
    await page.goto(`${base}/en/register`);
    await page.getByTestId('sign-in-link').click();
    await page.waitForURL((url) => url.pathname === '/en/sign-in');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/en/register');
  });

  it(
    'sends eva, a pending registrant, home with a notice instead of a server error',
    async () => {
      const { page } = browser;
      await signIn(page, base, 'eva@new-buyer.example', 'en');
      for (const path of ['/en/catalog', '/en/catalog/HD25', '/en/cart', '/en/checkout', '/en/orders']) {
        const response = await page.goto(`${base}${path}`);
        expect(response?.status(), path).toBeLessThan(500);
        // A streamed page redirects in the browser: wait for it.
        await page.waitForURL((url) => url.pathname === '/en', { timeout: 15_000 });
        await page.getByTestId('pending-notice').waitFor();
      }
      expect(await page.getByTestId('pending-notice').textContent()).toContain('Your account is pending.');
      expect(await navLinks(page)).toEqual(['Home', 'Account']);
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'session-pending-home');
      // Her profile stays open to her.
      await page.goto(`${base}/en/account`);
      await page.getByTestId('account-pending').waitFor();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'tells dan about the credit hold with contact details before checkout, also after a reload',
    async () => {
      const { page } = browser;
      await signIn(page, base, 'dan@hold-dk.example', 'en');
      await page.goto(`${base}/en/cart`);
      const notice = page.getByTestId('credit-hold-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toContain('credit hold');
      expect(await notice.locator('a[href^="mailto:"]').count()).toBe(1);
      await page.reload();
      await notice.waitFor();
      await page.goto(`${base}/en/checkout`);
      await notice.waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'session-credit-hold-cart');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'warns at checkout, before payment, that an order will need approval, and only then',
    async () => {
      const { page } = browser;
      const anna = await buyerToken(platform, 'anna@acme-dk.example');
      await signIn(page, base, 'anna@acme-dk.example', 'en');
      await buildCart(platform, anna, { productId: 'F10001', minimumTotal: 50_000 });
      await page.goto(`${base}/en/checkout`);
      const warning = page.getByTestId('approval-warning');
      await warning.waitFor({ timeout: 30_000 });
      expect(await warning.textContent()).toContain('This order will need approval');
      expect(await axeViolations(page)).toEqual([]);
      await buildCart(platform, anna, { productId: 'F10001', quantity: 1 });
      await page.goto(`${base}/en/checkout`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await warning.count()).toBe(0);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'shows bo the orders waiting for approval in the header, with lines and rule, and the count drops after a decision',
    async () => {
      const { page } = browser;
      const anna = await buyerToken(platform, 'anna@acme-dk.example');
      const order = await placeOrder(platform, anna, { productId: 'F10001', minimumTotal: 50_000 });
      expect(order.Status).toBe('AwaitingApproval');
      const orderId = order.ID as string;

      await signIn(page, base, 'bo@acme-dk.example', 'en');
      await page.goto(`${base}/en/approvals`);
      const approvalsLink = page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: /Approvals/ });
      const countBefore = Number(await approvalsLink.getByTestId('nav-badge').textContent());
      expect(countBefore).toBeGreaterThan(0);
      expect(await approvalsLink.textContent()).toMatch(/orders? waits? for your approval/);

      const card = page.locator(`[data-order-id="${orderId}"]`);
      await card.getByTestId('approval-lines').getByText('F10001').first().waitFor();
      expect(await card.getByTestId('approval-rule').textContent()).toContain('above');
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'session-approvals');

      await card.getByRole('button', { name: 'Approve' }).click();
      await card.getByTestId('approval-result').waitFor({ timeout: 30_000 });
      const badge = approvalsLink.getByTestId('nav-badge');
      const countAfter = (await badge.count()) ? Number(await badge.textContent()) : 0;
      expect(countAfter).toBe(countBefore - 1);
    },
    TEST_TIMEOUT_MS,
  );

  describe('on a phone, 360 px wide', () => {
    beforeAll(async () => {
      await browser.page.setViewportSize(PHONE);
    });

    it('folds the navigation behind a menu button that works with the keyboard', async () => {
      const { page, context } = browser;
      await context.clearCookies();
      await page.goto(`${base}/en`);
      const menu = page.getByTestId('site-menu');
      expect(await menu.isVisible()).toBe(false);
      const button = page.getByRole('button', { name: 'Menu' });
      expect(await button.getAttribute('aria-expanded')).toBe('false');
      await button.focus();
      await page.keyboard.press('Enter');
      await menu.waitFor();
      expect(await button.getAttribute('aria-expanded')).toBe('true');
      // The header stays one row: the logo and the button side by side.
      const [logo, box] = await Promise.all([
        page.getByRole('link', { name: 'Actuate, home' }).boundingBox(),
        button.boundingBox(),
      ]);
      expect(
        Math.abs((logo?.y ?? 0) + (logo?.height ?? 0) / 2 - ((box?.y ?? 0) + (box?.height ?? 0) / 2)),
      ).toBeLessThan(8);
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'session-phone-menu');
      await page.getByRole('link', { name: 'Catalogue' }).click();
      await page.waitForURL((url) => url.pathname !== '/en');
      // The catalogue opens in place (also signed out): the menu closes once the new page renders.
      await expect.poll(() => menu.isVisible(), { timeout: 15_000 }).toBe(false);
    });

    it('fits every page a signed-out visitor can reach', async () => {
      const { page, context } = browser;
      await context.clearCookies();
      for (const path of [
        '/en',
        '/da',
        '/en/sign-in',
        '/en/register',
        '/en/forgot-password',
        '/en/no-such-page',
      ]) {
        await page.goto(`${base}${path}`);
        expect(await overflow(page), path).toBeLessThanOrEqual(0);
      }
    });

    it(
      'fits every page a signed-in buyer reaches from the header',
      async () => {
        const { page } = browser;
        await signIn(page, base, 'bo@acme-dk.example', 'en');
        for (const path of [
          '/en',
          '/en/catalog',
          '/en/catalog/HD25',
          '/en/orders',
          '/en/approvals',
          '/en/account',
          '/en/subscriptions',
          '/en/terms',
          '/en/account/join-requests',
        ]) {
          await page.goto(`${base}${path}`);
          expect(await overflow(page), path).toBeLessThanOrEqual(0);
        }
      },
      TEST_TIMEOUT_MS,
    );

    it(
      'fits the cart and the checkout',
      async () => {
        const { page } = browser;
        await signIn(page, base, 'anna@acme-dk.example', 'en');
        // A cart with a line, as a buyer sees it.
        await page.goto(`${base}/en/cart`);
        await page.locator('#quick-sku').fill('A10001');
        await page.locator('#quick-qty').fill('1');
        await page.locator('section[aria-labelledby="quick-order-heading"] button[type="submit"]').click();
        await page.locator('table').getByText('A10001', { exact: true }).first().waitFor({ timeout: 30_000 });
        for (const path of ['/en/cart', '/en/checkout']) {
          await page.goto(`${base}${path}`);
          expect(await overflow(page), path).toBeLessThanOrEqual(0);
        }
      },
      TEST_TIMEOUT_MS,
    );
  });
});
