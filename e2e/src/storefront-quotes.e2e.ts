import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, buildCart, buyerToken, call, emptyCarts, signIn } from './account-helpers.ts';
import { type Browser, openBrowser, saveScreenshot } from './browser.ts';
import { mailTo } from './mail-helpers.ts';
import { prepareCheckout } from './shop-helpers.ts';

/*
 * Quotes: anna asks for a quote on her cart (2 × A10001) with a message; the sales desk signs in to
 * the back office's page and prices the line; anna gets the mail, opens the quote at 360 px, accepts
 * it by keyboard and places the order, whose lines carry the quoted price.
 */
type Json = Record<string, unknown>;
const PHONE = { width: 360, height: 740 };
const BACKOFFICE_KEY = 'actuate-backoffice-demo-key';

describe('storefront quotes', () => {
  const urls = inject('urls');
  const mailUrl = inject('mailUrl');
  const storefront = urls.STOREFRONT_URL as string;
  const platform = urls.PLATFORM_URL as string;
  const backoffice = urls.BACKOFFICE_URL as string;
  let anna: string;
  let buyer: Browser;
  let desk: Browser;
  let quoteId = '';

  beforeAll(async () => {
    anna = await buyerToken(platform, 'anna@acme-dk.example');
    await emptyCarts(platform, anna);
    await buildCart(platform, anna, { productId: 'A10001', quantity: 2 });
    buyer = await openBrowser({ locale: 'en-GB' });
    desk = await openBrowser({ locale: 'en-GB' });
    await signIn(buyer.page, storefront, 'anna@acme-dk.example', 'en');
  });
  afterAll(async () => {
    await buyer?.close();
    await desk?.close();
  });

  it('anna requests a quote from her cart with a message', async () => {
    const { page } = buyer;
    await page.goto(`${storefront}/en/cart`);
    await page.getByRole('heading', { name: 'Request a quote' }).waitFor({ timeout: 30_000 });
    expect(await axeViolations(page)).toEqual([]);
    await page
      .getByLabel('Message to the sales desk')
      .fill('We need 2 every month – can you do a better price?');
    await page.getByRole('button', { name: 'Request a quote' }).click();
    await page.waitForURL(/\/en\/quotes\/Q-[0-9A-F]+$/, { timeout: 30_000 });
    quoteId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
    expect(await page.getByTestId('quote-status').textContent()).toBe('Requested');
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${storefront}/en/quotes`);
    await page.getByRole('link', { name: quoteId }).waitFor();
  });

  it('the sales desk answers in the back office page', async () => {
    const { page } = desk;
    await page.goto(`${backoffice}/sales-desk/quotes`);
    await page.waitForURL(/\/sales-desk\/sign-in$/);
    await page.getByLabel('Back-office key').fill('not-the-key-at-all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await page.getByLabel('Back-office key').fill(BACKOFFICE_KEY);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: quoteId }).click();
    await page.getByRole('heading', { name: `Quote ${quoteId}` }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByLabel('Unit price of line 1').fill('1234.50');
    const until = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Valid until').fill(until);
    await page.getByLabel('Note to the buyer').fill('Yearly agreement price');
    await saveScreenshot(page, 'sales-desk-quote');
    await page.getByRole('button', { name: 'Send quote' }).click();
    await page.getByText('quoted', { exact: true }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('cell', { name: '1234.50 DKK' }).count()).toBe(1);
  });

  it('anna is mailed, accepts at 360 px by keyboard and orders at the quoted price', async () => {
    const mail = await mailTo(mailUrl, 'anna@acme-dk.example', new RegExp(`^Dit tilbud ${quoteId} er klar$`));
    // anna reads Danish (her platform user's language): the mail is in Danish and links the Danish page.
    expect(mail.text).toContain(`/da/quotes/${quoteId}`);

    const { page } = buyer;
    await page.setViewportSize(PHONE);
    await page.goto(`${storefront}/en/quotes/${quoteId}`);
    expect(await page.getByTestId('quote-status').textContent()).toBe('Quoted');
    await page.getByText('Yearly agreement price').waitFor();
    await page
      .getByRole('cell', { name: /1,234\.50/ })
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);
    await saveScreenshot(page, 'quote-quoted-360');
    await page.getByRole('button', { name: 'Accept and go to checkout' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/en\/checkout/, { timeout: 60_000 });

    await page.setViewportSize({ width: 1280, height: 900 });
    await prepareCheckout(page, storefront, 'en');
    await page.locator('#customer-reference').fill('PO-QUOTE-E2E');
    await page.locator('#pay-PurchaseOrder').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.waitForURL(/\/en\/checkout\/confirmation/, { timeout: 60_000 });

    const orders = await call<{ Items: Json[] }>(
      platform,
      anna,
      'GET',
      '/v1/me/orders?sortBy=!DateCreated&pageSize=20',
    );
    const order = orders.Items.find((candidate) => (candidate.xp as Json | undefined)?.QuoteID === quoteId);
    expect(order?.Status).not.toBe('Unsubmitted');
    const lines = await call<{ Items: Json[] }>(
      platform,
      anna,
      'GET',
      `/v1/orders/Outgoing/${order?.ID}/lineitems`,
    );
    expect(lines.Items.map((line) => [line.ProductID, line.Quantity, line.UnitPrice])).toEqual([
      ['A10001', 2, 1234.5],
    ]);
    expect(order?.Subtotal).toBe(2469);

    await page.goto(`${storefront}/en/quotes/${quoteId}`);
    expect(await page.getByTestId('quote-status').textContent()).toBe('Ordered');
    await mailTo(mailUrl, 'sales-desk@actuate.example', new RegExp(`^Quote ${quoteId} accepted$`));
  }, 180_000);
});
