import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Browser, openBrowser, saveScreenshot } from './browser.ts';

describe('storefront home', () => {
  const urls = inject('urls');
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser({ locale: 'en-GB' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('opens on the English home page and remembers the locale in NEXT_LOCALE', async () => {
    const { page, context } = browser;
    const response = await page.goto(urls.STOREFRONT_URL!);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/en');
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await expect.poll(() => page.getByRole('main').isVisible()).toBe(true);
    const cookie = (await context.cookies()).find((entry) => entry.name === 'NEXT_LOCALE');
    expect(cookie?.value).toBe('en');
    expect(cookie?.sameSite).toBe('Lax');
    await saveScreenshot(page, 'home-en');
  });

  it('serves the Danish home page under /da', async () => {
    const { page } = browser;
    await page.goto(`${urls.STOREFRONT_URL}/da`);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('da');
    await saveScreenshot(page, 'home-da');
  });

  it('every app answers /health', async () => {
    for (const url of Object.values(urls)) {
      const response = await fetch(`${url}/health`);
      expect(response.status, url).toBe(200);
    }
  });
});
