import { readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, buyerToken, call, emptyCarts, signIn } from './account-helpers.ts';
import { type Browser, openBrowser, saveScreenshot } from './browser.ts';

/*
 * Quick order as anna: 25 pasted lines of which 3 are bad (a mistyped item number with its close
 * match suggested, an item nobody sells, a quantity of 0) → the report names the 3 at their lines →
 * the 22 valid ones go into the cart at once; a CSV upload adds more; the cart downloads as CSV.
 */
type Json = Record<string, unknown>;

describe('storefront quick order', () => {
  const urls = inject('urls');
  const storefront = urls.STOREFRONT_URL as string;
  const platform = urls.PLATFORM_URL as string;
  let browser: Browser;
  let anna: string;
  /** Sales items anna may order in any quantity (Active everywhere, no quantity rules). */
  let items: string[];
  const csvPath = join(tmpdir(), `quick-order-${process.pid}.csv`);

  const cartQuantities = async () => {
    const carts = await call<{ Items: Json[] }>(
      platform,
      anna,
      'GET',
      '/v1/me/orders?Status=Unsubmitted&sortBy=!DateCreated&pageSize=1',
    );
    const id = carts.Items[0]?.ID as string | undefined;
    if (!id) return new Map<string, number>();
    const lines = await call<{ Items: Json[] }>(
      platform,
      anna,
      'GET',
      `/v1/orders/Outgoing/${id}/lineitems?pageSize=100`,
    );
    return new Map(lines.Items.map((line) => [line.ProductID as string, line.Quantity as number]));
  };

  beforeAll(async () => {
    anna = await buyerToken(platform, 'anna@acme-dk.example');
    await emptyCarts(platform, anna);
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
    }).map((product) => product.ID as string);
    expect(items.length).toBeGreaterThanOrEqual(25);
    browser = await openBrowser({ locale: 'en-GB' });
    await signIn(browser.page, storefront, 'anna@acme-dk.example', 'en');
  });

  afterAll(async () => {
    await browser?.close();
    await rm(csvPath, { force: true });
  });

  it('checks 25 pasted lines, reports the 3 bad ones at their lines and adds the 22 others', async () => {
    const { page } = browser;
    await page.goto(`${storefront}/en/cart`);
    await page.getByRole('link', { name: 'Quick order: many lines at once' }).click();
    await page.getByRole('heading', { level: 1, name: 'Quick order' }).waitFor();

    const good = items.slice(0, 22);
    const typo = items[22] as string;
    // Line 5: the typo (one digit dropped); line 12: an item nobody sells; line 20: quantity 0.
    const lines = good.map((item, index) => `${item},${(index % 3) + 1}`);
    lines.splice(4, 0, `${typo.slice(0, 3)}${typo.slice(4)},1`);
    lines.splice(11, 0, 'Z99999;2');
    lines.splice(19, 0, `${items[23]},0`);
    expect(lines).toHaveLength(25);
    await page.getByLabel(/One line per item/).fill(['salesItemNumber,quantity', ...lines].join('\n'));
    await page.getByRole('button', { name: 'Check pasted lines' }).click();

    const message = page.getByTestId('quick-order-message');
    await message.filter({ hasText: '22 of 25 lines can be added; 3 need your attention.' }).waitFor();
    const problems = page.getByTestId('quick-order-problem');
    expect(await problems.count()).toBe(3);
    const grid = page.getByTestId('quick-order-grid').locator('li');
    expect(await grid.count()).toBe(25);
    expect(await grid.nth(4).getAttribute('data-status')).toBe('unknown');
    expect(
      await grid
        .nth(4)
        .getByRole('button', { name: `Use ${typo} on line 5` })
        .count(),
    ).toBe(1);
    expect(await grid.nth(11).textContent()).toContain('There is no such sales item.');
    expect(await grid.nth(19).textContent()).toContain('Enter a whole quantity from 1 to 9999.');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    await saveScreenshot(page, 'quick-order-report-360');
    await page.setViewportSize({ width: 1280, height: 900 });

    // By keyboard: the add button is reached and pressed without the mouse.
    const add = page.getByRole('button', { name: 'Add 22 valid lines' });
    await add.focus();
    await page.keyboard.press('Enter');
    await message.filter({ hasText: '22 lines added to the cart.' }).waitFor({ timeout: 60_000 });
    // The bad lines stay to be fixed.
    expect(await grid.count()).toBe(3);

    const cart = await cartQuantities();
    // What the buyer has unsubmitted, named in a failure (another test's order left behind, say).
    const unsubmitted = await call<{ Items: Json[] }>(
      platform,
      anna,
      'GET',
      '/v1/me/orders?Status=Unsubmitted&pageSize=20',
    );
    expect(
      Object.fromEntries(cart),
      JSON.stringify(
        unsubmitted.Items.map((order) => [order.ID, order.DateCreated, order.LineItemCount, order.xp]),
      ),
    ).toEqual(Object.fromEntries(good.map((item, index) => [item, (index % 3) + 1])));

    // The suggestion fixes the typo in place and checks again.
    await grid
      .nth(0)
      .getByRole('button', { name: `Use ${typo} on line 1` })
      .click();
    await expect.poll(() => grid.nth(0).getAttribute('data-status')).toBe('ok');
  });

  it('adds the lines of an uploaded CSV and downloads the cart as CSV', async () => {
    const { page } = browser;
    const [first, second] = items.slice(0, 2) as [string, string];
    const third = items[24] as string;
    const before = await cartQuantities();
    await writeFile(
      csvPath,
      `salesItemNumber;quantity\r\n${first};4\r\n${third};2\r\n${second.toLowerCase()};1\r\n`,
    );
    await page.goto(`${storefront}/en/quick-order`);
    await page.locator('#quick-order-file').setInputFiles(csvPath);
    await page.getByRole('button', { name: 'Upload a file' }).click();
    const message = page.getByTestId('quick-order-message');
    await message.filter({ hasText: 'All 3 lines can be added.' }).waitFor();
    await page.getByRole('button', { name: 'Add 3 valid lines' }).click();
    await message.filter({ hasText: '3 lines added to the cart.' }).waitFor({ timeout: 60_000 });
    const after = await cartQuantities();
    expect(after.get(first)).toBe((before.get(first) ?? 0) + 4);
    expect(after.get(second)).toBe((before.get(second) ?? 0) + 1);
    expect(after.get(third)).toBe(2);

    await page.goto(`${storefront}/en/cart`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-links').getByRole('link', { name: 'Download as CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('cart.csv');
    const rows = Papa.parse<string[]>((await readFile(await download.path(), 'utf8')).trim()).data;
    expect(rows[0]).toEqual(['salesItemNumber', 'quantity', 'name', 'unitPrice', 'lineTotal', 'currency']);
    const exported = new Map(rows.slice(1).map((row) => [row[0], Number(row[1])]));
    expect(exported).toEqual(new Map([...after.entries()]));
    expect(rows.slice(1).every((row) => row[5] === 'DKK')).toBe(true);

    // The template downloads from the quick order page.
    await page.goto(`${storefront}/en/quick-order`);
    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download the CSV template' }).click(),
    ]);
    expect(await readFile(await template.path(), 'utf8')).toMatch(/^salesItemNumber,quantity\r\n/);
  });
});
