import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, buildCart, buyerToken, call, emptyCarts, signIn } from './account-helpers.ts';
import { type Browser, openBrowser, saveScreenshot } from './browser.ts';

/*
 * Shared order lists: anna saves her cart as a list and shares it with her company; clara (another
 * company) neither sees it in her lists nor opens it by its address; bo (anna's colleague) finds it
 * under "Shared with me" and adds it to his own cart.
 */
type Json = Record<string, unknown>;

describe('storefront order lists', () => {
  const urls = inject('urls');
  const storefront = urls.STOREFRONT_URL as string;
  const platform = urls.PLATFORM_URL as string;
  const listName = `Workshop restock ${process.pid}`;
  let browser: Browser;
  let anna: string;
  let bo: string;
  let items: string[];
  let listUrl: string;

  const cartOf = async (token: string) => {
    const carts = await call<{ Items: Json[] }>(
      platform,
      token,
      'GET',
      '/v1/me/orders?Status=Unsubmitted&sortBy=!DateCreated&pageSize=1',
    );
    const id = carts.Items[0]?.ID as string | undefined;
    if (!id) return new Map<string, number>();
    const lines = await call<{ Items: Json[] }>(
      platform,
      token,
      'GET',
      `/v1/orders/Outgoing/${id}/lineitems?pageSize=100`,
    );
    return new Map(lines.Items.map((line) => [line.ProductID as string, line.Quantity as number]));
  };

  beforeAll(async () => {
    anna = await buyerToken(platform, 'anna@acme-dk.example');
    bo = await buyerToken(platform, 'bo@acme-dk.example');
    await emptyCarts(platform, anna);
    await emptyCarts(platform, bo);
    const products = await call<{ Items: Json[] }>(
      platform,
      anna,
      'GET',
      '/v1/me/products?xp.Kind=SalesItem&pageSize=100',
    );
    items = products.Items.filter((product) => {
      const xp = (product.xp ?? {}) as { ProductState?: string; SalesCompanyProductStates?: Json };
      const schedule = (product.PriceSchedule ?? {}) as Json;
      return (
        (xp.ProductState ?? 'Active') === 'Active' &&
        Object.values(xp.SalesCompanyProductStates ?? {}).every((state) => state === 'Active') &&
        !schedule.RestrictedQuantity &&
        ((schedule.MinQuantity as number | null) ?? 1) <= 1
      );
    })
      .map((product) => product.ID as string)
      .slice(0, 2);
    expect(items).toHaveLength(2);
    await buildCart(platform, anna, {
      productId: items[0],
      quantity: 2,
      more: [{ productId: items[1] as string, quantity: 3 }],
    });
    browser = await openBrowser({ locale: 'en-GB' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('anna saves her cart as a new list and shares it with her company', async () => {
    const { page } = browser;
    await signIn(page, storefront, 'anna@acme-dk.example', 'en');
    await page.goto(`${storefront}/en/cart`);
    const add = page.getByTestId('add-to-list');
    await add.locator('summary').click();
    await add.getByLabel('List', { exact: true }).selectOption('new');
    await add.getByLabel('Name of a new list').fill(listName);
    await add.getByRole('button', { name: 'Add to list' }).click();
    await add.getByText(`New list “${listName}” saved with 2 lines.`).waitFor();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Lists' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Order lists' }).waitFor();
    await page.getByRole('link', { name: listName }).click();
    await page.getByTestId('list-name').filter({ hasText: listName }).waitFor();
    listUrl = page.url();
    expect(await page.getByTestId('list-line').count()).toBe(2);

    // By keyboard: tick "Share with my company" and save.
    await page.getByLabel('Share with my company').focus();
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'Save settings' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Saved. Your colleagues can see this list.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    await saveScreenshot(page, 'order-list-360');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('clara of another company neither sees the list nor opens it by its address', async () => {
    const { page } = browser;
    await signIn(page, storefront, 'clara@bauer-de.example', 'en');
    await page.goto(`${storefront}/en/lists`);
    await page.getByRole('heading', { level: 1, name: 'Order lists' }).waitFor();
    expect(await page.getByRole('link', { name: listName }).count()).toBe(0);
    const response = await page.goto(listUrl);
    expect(response?.status()).toBe(404);
    expect(await page.getByTestId('list-name').count()).toBe(0);
  });

  it('bo, anna’s colleague, finds the shared list and adds it to his own cart', async () => {
    const { page } = browser;
    await signIn(page, storefront, 'bo@acme-dk.example', 'en');
    await page.goto(`${storefront}/en/lists`);
    const shared = page.getByRole('list', { name: 'Shared with me' });
    await shared.getByRole('link', { name: listName }).click();
    await page.getByTestId('list-name').filter({ hasText: listName }).waitFor();
    // A colleague reads and orders, but does not edit.
    expect(await page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add all to cart' }).click();
    await page.getByText('2 lines added to your cart.').waitFor({ timeout: 60_000 });
    const cart = await cartOf(bo);
    expect(cart.get(items[0] as string)).toBe(2);
    expect(cart.get(items[1] as string)).toBe(3);
  });
});
