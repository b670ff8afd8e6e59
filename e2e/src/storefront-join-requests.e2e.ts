import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, signIn } from './account-helpers.ts';
import { type Browser, openBrowser, saveScreenshot } from './browser.ts';

/*
 * A registration with an existing company's VAT number is a join request: the registrant is told the
 * company's administrator must approve, and bo approves it under Account → Join requests — on a
 * 360 px wide screen, with the keyboard.
 */
const TEST_TIMEOUT_MS = 120_000;
const ACME_VAT_NUMBER = 'DK 29 40 31 87';

describe('storefront join requests', () => {
  const urls = inject('urls');
  const storefront = urls.STOREFRONT_URL as string;
  let browser: Browser;

  beforeAll(async () => {
    browser = await openBrowser({ locale: 'en-GB' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it(
    'asks ACME’s administrator, and bo approves the join request with the keyboard at 360 px',
    async () => {
      const { page, context } = browser;
      await context.clearCookies();
      await page.setViewportSize({ width: 360, height: 780 });
      const email = `colleague.${Date.now().toString().slice(-8)}@acme-dk.example`;
      await page.goto(`${storefront}/en/register`);
      await page.getByLabel('Company name').fill('ACME Industri A/S');
      await page.getByLabel('VAT number').fill(ACME_VAT_NUMBER);
      await page.getByLabel('Country').selectOption('DK');
      await page.getByLabel('First name').fill('Karen');
      await page.getByLabel('Last name').fill('Kollega');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill('e2e-secret-password');
      await page.getByLabel(/I accept the terms/).check();
      await Promise.all([
        page.waitForURL(/\/en\/register\/[0-9a-f-]{36}$/, { timeout: 30_000 }),
        page.getByRole('button', { name: 'Register' }).click(),
      ]);
      const id = new URL(page.url()).pathname.split('/').pop() as string;
      const status = page.getByTestId('registration-status');
      await status.waitFor();
      expect(await status.getAttribute('data-status')).toBe('AwaitingApproval');
      expect(await status.textContent()).toContain('administrator of your company must approve');
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'register-join-request-360');

      await signIn(page, storefront, 'bo@acme-dk.example');
      await page.goto(`${storefront}/en/account/join-requests`);
      const card = page.locator(`[data-request-id="${id}"]`);
      await card.waitFor();
      expect(await card.getByText(email).count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'join-requests-bo-360');

      await card.getByRole('button', { name: 'Approve the request of Karen Kollega' }).focus();
      await page.keyboard.press('Enter');
      await card.getByTestId('join-request-result').waitFor();
      expect(await card.getByTestId('join-request-result').textContent()).toContain('Karen Kollega');

      await context.clearCookies();
      await page.goto(`${storefront}/en/register/${id}`);
      expect(await page.getByTestId('registration-status').getAttribute('data-status')).toBe('Complete');
      await page.setViewportSize({ width: 1280, height: 800 });
    },
    TEST_TIMEOUT_MS,
  );
});
