import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, buildCart, buyerToken, placeOrder, signIn } from './account-helpers.ts';
import { type Browser, openBrowser } from './browser.ts';

/*
 * Every page of the storefront, in every locale, on a 360 px wide phone: axe-core finds no serious
 * issue and nothing scrolls sideways. The buyer pages are visited as anna (shopper) and bo (buyer
 * admin and approver), the public ones (catalogue and configurator too) signed out.
 */
const urls = inject('urls');
const base = urls.STOREFRONT_URL as string;
const platform = urls.PLATFORM_URL as string;
const LOCALES = ['en', 'da', 'de'] as const;
const PHONE = { width: 360, height: 780 };

/** Wider than the viewport: the page, or any element that sticks out of it, scrolls sideways. */
async function horizontalOverflow(page: Page): Promise<string | undefined> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return undefined;
    const culprit = [...document.querySelectorAll<HTMLElement>('body *')].find(
      (element) => element.getBoundingClientRect().right > width + 1,
    );
    const name = culprit
      ? `${culprit.tagName.toLowerCase()}${culprit.id ? `#${culprit.id}` : ''}.${culprit.className}`
      : 'unknown';
    return `${document.documentElement.scrollWidth} px wide in ${width}: ${name}`;
  });
}

async function checkPage(page: Page, path: string): Promise<void> {
  const response = await page.goto(`${base}${path}`);
  expect(response?.status(), path).toBeLessThan(400);
  await page.getByRole('main').waitFor({ timeout: 30_000 });
  expect(await horizontalOverflow(page), path).toBeUndefined();
  expect(await axeViolations(page), path).toEqual([]);
}

describe('every page, every locale, on a phone', () => {
  let browser: Browser;
  let orderId: string;

  beforeAll(async () => {
    browser = await openBrowser({ locale: 'en-GB' });
    await browser.page.setViewportSize(PHONE);
    const anna = await buyerToken(platform, 'anna@acme-dk.example');
    orderId = (await placeOrder(platform, anna, { reference: 'SWEEP' })).ID as string;
    await buildCart(platform, anna, { reference: 'SWEEP-CART' });
  });
  afterAll(() => browser?.close());

  for (const locale of LOCALES) {
    it(`public pages in ${locale}`, async () => {
      const { page } = browser;
      await page.context().clearCookies();
      for (const path of [
        '',
        '/sign-in',
        '/register',
        '/forgot-password',
        '/catalog',
        '/catalog/HD25',
        '/no-such-page',
      ]) {
        const response = await page.goto(`${base}/${locale}${path}`);
        expect(response?.status(), path).toBe(path === '/no-such-page' ? 404 : 200);
        await page.getByRole('main').waitFor({ timeout: 30_000 });
        expect(await horizontalOverflow(page), path).toBeUndefined();
        expect(await axeViolations(page), path).toEqual([]);
      }
    });

    it(`anna's pages in ${locale}`, async () => {
      const { page } = browser;
      await signIn(page, base, 'anna@acme-dk.example', locale);
      const pages = [
        '',
        '/catalog',
        '/catalog?f.FamilyID=HD25',
        '/catalog/HD25',
        '/cart',
        '/checkout',
        '/orders',
        `/orders/${orderId}`,
        `/checkout/confirmation?order=${orderId}`,
        '/subscriptions',
        '/subscriptions/new',
        '/account',
        '/terms',
      ];
      for (const path of pages) await checkPage(page, `/${locale}${path}`);
    });

    it(`bo's pages in ${locale}`, async () => {
      const { page } = browser;
      await signIn(page, base, 'bo@acme-dk.example', locale);
      for (const path of ['/approvals', '/account', '/account/join-requests']) {
        await checkPage(page, `/${locale}${path}`);
      }
    });
  }
});
