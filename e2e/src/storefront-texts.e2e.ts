import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, buyerToken, call, createPromotion } from './account-helpers.ts';
import { type Browser, openBrowser, saveScreenshot } from './browser.ts';
import { prepareCheckout, signIn } from './shop-helpers.ts';

/*
 * Everything a buyer reads in the shop is in the buyer's language: the catalogue's product data
 * (facets, values with locale decimals, families, sales item names), ship methods, the company's
 * address names, and every refusal (an ineligible promotion code, the credit hold, a failed checkout
 * integration) in the buyer's words with what to do next, never the services' developer texts.
 */
const urls = inject('urls');
const base = urls.STOREFRONT_URL as string;
const platform = urls.PLATFORM_URL as string;

/** Developer texts of the platform and the middleware that must never reach a buyer. */
const DEVELOPER_TEXT =
  /EligibleExpression|checkout integration|ShippingRates|price service|Webhook|ErrorCode/i;

async function quickOrder(browser: Browser, locale: string, sku: string): Promise<void> {
  const { page } = browser;
  await page.goto(`${base}/${locale}/cart`);
  await page.locator('#quick-sku').fill(sku);
  await page.locator('#quick-qty').fill('1');
  await page.locator('section[aria-labelledby="quick-order-heading"] button[type="submit"]').click();
  await page.locator('table').getByText(sku, { exact: true }).first().waitFor({ timeout: 30_000 });
}

/** Applies a promotion code in the cart and answers the message shown under the field. */
async function applyCode(browser: Browser, locale: string, code: string): Promise<string> {
  const { page } = browser;
  await page.goto(`${base}/${locale}/cart`);
  const message = page.locator('#promo-code-message');
  await page.locator('#promo-code').fill(code);
  await page.locator('#promo-code').press('Enter');
  await expect.poll(async () => (await message.textContent()) ?? '', { timeout: 30_000 }).not.toBe('');
  expect(await message.getAttribute('role')).toBe('alert');
  return (await message.textContent()) ?? '';
}

describe('the shop in the buyer language', () => {
  const unique = Date.now().toString(36).toUpperCase();
  const ineligible = `E2E-NOPE-${unique}`;

  beforeAll(async () => {
    // A promotion whose rule never holds: the platform refuses it with Promotion.NotEligible.
    await createPromotion(platform, {
      code: ineligible,
      name: 'E2E never eligible',
      eligible: 'false',
      value: '10',
    });
  });

  describe('clara (German)', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await openBrowser({ locale: 'de-DE' });
      await signIn(browser.page, base, 'de', 'clara@bauer-de.example');
    });
    afterAll(() => browser?.close());

    it('shows the catalogue with German facet names, values, families and sales item names', async () => {
      const { page } = browser;
      await page.goto(`${base}/de/catalog`);
      await page.locator('main').getByText('Hublänge').first().waitFor({ timeout: 30_000 });
      const main = (await page.locator('main').textContent()) ?? '';
      expect(main).toContain('Rückmeldung');
      expect(main).not.toMatch(/Stroke length|Voltage|Single Hall|Stainless steel/);
      expect(main).toContain('PowerLine HD25 Schwerlast-Linearantrieb, 2,5 kN');
      // Sales item names built from German facets, with German thousands separators ("1.000 N").
      expect(main).toMatch(/[A-Z]{2}\d+ \S+ \d\.\d{3} N, [\d.]+ mm, \d+ V, /);
      expect(main).not.toMatch(/heavy-duty|actuator/);
      expect(await axeViolations(page)).toEqual([]);

      await page.goto(`${base}/de/catalog/HD25`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(
        'PowerLine HD25 Schwerlast-Linearantrieb, 2,5 kN',
      );
      const configurator = (await page.locator('main').textContent()) ?? '';
      expect(configurator).toContain('Einstieg in die Schwerlastreihe');
      expect(configurator).toMatch(/Ø \d+,\d mm/);
      expect(configurator).not.toMatch(/Ø \d+\.\d mm|Backfixture|Piston rod|Cast aluminium/);
      await saveScreenshot(page, 'texts-configurator-de');
      expect(await axeViolations(page)).toEqual([]);

      // The longer German texts still fit a phone's width.
      await page.setViewportSize({ width: 360, height: 740 });
      await page.reload();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await saveScreenshot(page, 'texts-configurator-de-phone');
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    it('names the lines, addresses and ship methods in German in the cart and the checkout', async () => {
      const { page } = browser;
      await quickOrder(browser, 'de', 'A10001');
      expect((await page.locator('table').textContent()) ?? '').toMatch(/HD25 Schwerlast/);
      await prepareCheckout(page, base, 'de');
      const checkout = (await page.locator('main').textContent()) ?? '';
      expect(checkout).toContain('Hauptsitz');
      expect(checkout).toContain('Standardpaket');
      expect(checkout).not.toMatch(/Head office|Standard parcel|Pallet freight|next business day/);
      await saveScreenshot(page, 'texts-checkout-de');
    });

    it('refuses an ineligible promotion code in German, never with the rule', async () => {
      const message = await applyCode(browser, 'de', ineligible);
      expect(message).toBe(
        `Aktionscode ${ineligible} gilt nicht für die Artikel oder den Betrag in Ihrem Warenkorb. Prüfen Sie die Bedingungen des Angebots oder entfernen Sie den Code.`,
      );
      expect(message).not.toMatch(DEVELOPER_TEXT);
      expect(await axeViolations(browser.page)).toEqual([]);
    });
  });

  describe('anna (Danish)', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await openBrowser({ locale: 'da-DK' });
      await signIn(browser.page, base, 'da', 'anna@acme-dk.example');
    });
    afterAll(() => browser?.close());

    it('refuses an ineligible promotion code in Danish and names addresses in Danish', async () => {
      await quickOrder(browser, 'da', 'A10001');
      const message = await applyCode(browser, 'da', ineligible);
      expect(message).toContain(`Rabatkode ${ineligible} gælder ikke for varerne eller beløbet i din kurv.`);
      expect(message).not.toMatch(DEVELOPER_TEXT);

      const { page } = browser;
      await page.goto(`${base}/da/checkout`);
      await page.locator('section[aria-labelledby="addresses-heading"]').waitFor();
      const addresses =
        (await page.locator('section[aria-labelledby="addresses-heading"]').textContent()) ?? '';
      expect(addresses).toContain('Hovedkontor');
      expect(addresses).not.toMatch(/Head office|Old warehouse|Warehouse Hasselager/);
    });
  });

  describe('dan (Danish, company on credit hold)', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await openBrowser({ locale: 'da-DK' });
      await signIn(browser.page, base, 'da', 'dan@hold-dk.example');
    });
    afterAll(() => browser?.close());

    it("is told about the credit hold in Danish, not with the middleware's English", async () => {
      const { page } = browser;
      await quickOrder(browser, 'da', 'A10001');
      await prepareCheckout(page, base, 'da');
      await page.locator('#customer-reference').fill('PO-HOLD');
      await page.getByRole('button', { name: 'Afgiv ordre' }).click();
      const refusal = page.getByTestId('checkout-refusal');
      await refusal.waitFor({ timeout: 60_000 });
      const text = (await refusal.textContent()) ?? '';
      expect(text).toContain('Jeres firmakonto har kreditstop');
      expect(text).not.toMatch(/credit hold|Please contact/);
      expect(text).not.toMatch(DEVELOPER_TEXT);
      await saveScreenshot(page, 'texts-credit-hold-da');
      expect(await axeViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 360, height: 740 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await saveScreenshot(page, 'texts-credit-hold-da-phone');
    });
  });

  describe('bo (English), a failed checkout integration', () => {
    let browser: Browser;
    let addressId = '';
    beforeAll(async () => {
      // An address in a country the price service knows no VAT for: the middleware's shipping rates fail.
      const bo = await buyerToken(platform, 'bo@acme-dk.example');
      const created = await call<{ ID: string }>(platform, bo, 'POST', '/v1/me/addresses', {
        AddressName: `Nowhere ${unique}`,
        CompanyName: 'ACME Industri A/S',
        Street1: 'Unknown road 1',
        City: 'Nowhere',
        Zip: '0000',
        State: 'Nowhere',
        Country: 'ZZ',
        Shipping: true,
        Billing: false,
      });
      addressId = created.ID;
      browser = await openBrowser({ locale: 'en-GB' });
      await signIn(browser.page, base, 'en', 'bo@acme-dk.example');
    });
    afterAll(() => browser?.close());

    it('says what to do instead of "The checkout integration failed at /ShippingRates"', async () => {
      const { page } = browser;
      await quickOrder(browser, 'en', 'A10001');
      await page.goto(`${base}/en/checkout`);
      await page.locator(`label[for="shippingAddressId-${addressId}"]`).click();
      const section = page.locator('section[aria-labelledby="addresses-heading"]');
      await section.locator('button[type="submit"]').click();
      const alert = section.getByRole('alert');
      await expect.poll(async () => (await alert.textContent()) ?? '', { timeout: 30_000 }).not.toBe('');
      const text = (await alert.textContent()) ?? '';
      expect(text).toBe(
        'We do not deliver to the country of this shipping address. Choose another shipping address.',
      );
      expect(text).not.toMatch(DEVELOPER_TEXT);
      await saveScreenshot(page, 'texts-integration-failure-en');
      expect(await axeViolations(page)).toEqual([]);
    });
  });
});
