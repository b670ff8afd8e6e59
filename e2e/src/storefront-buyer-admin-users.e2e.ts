import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { axeViolations, signIn } from './account-helpers.ts';
import { type Browser, openBrowser, saveScreenshot } from './browser.ts';
import { linkTo, mailTo } from './mail-helpers.ts';
import { prepareCheckout, quickOrder } from './shop-helpers.ts';

/*
 * A buyer admin's users page (Account → Users): bo invites a colleague in Danish at 360 px with the
 * keyboard; the colleague follows the invitation mail's link, chooses a password and signs in in a
 * browser of her own, accepts the terms her first checkout asks for, and orders. bo deactivates her while she is signed in: her next page load asks her to sign
 * in, and she cannot. anna (a shopper) is offered no users page and cannot open it.
 */
const TEST_TIMEOUT_MS = 180_000;

describe('storefront buyer admin: users', () => {
  const urls = inject('urls');
  const mailUrl = inject('mailUrl');
  const storefront = urls.STOREFRONT_URL as string;
  const unique = Date.now().toString().slice(-8);
  const email = `ida.${unique}@acme-dk.example`;
  const password = 'ida-forste-kode-1';
  let admin: Browser;
  let invitee: Browser;

  beforeAll(async () => {
    admin = await openBrowser({ locale: 'en-GB' });
    invitee = await openBrowser({ locale: 'da-DK' });
  });

  afterAll(async () => {
    await admin?.close();
    await invitee?.close();
  });

  it(
    'bo invites a colleague, who sets her password from the mail, signs in, accepts the terms and orders',
    async () => {
      const { page } = admin;
      await page.setViewportSize({ width: 360, height: 780 });
      await signIn(page, storefront, 'bo@acme-dk.example');
      await page.goto(`${storefront}/en/account`);
      await page.getByTestId('manage-users-link').click();
      await page.waitForURL(/\/en\/account\/users$/);
      await page.getByTestId('users-table').waitFor();
      expect(await page.getByRole('link', { name: 'Join requests waiting for your decision' }).count()).toBe(
        1,
      );
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      expect(await axeViolations(page)).toEqual([]);

      const form = page.getByTestId('invite-form');
      await form.getByLabel('First name').fill('Ida');
      await form.getByLabel('Last name').fill('Inviteret');
      await form.getByLabel('E-mail').fill(email);
      await form.getByLabel('Language').selectOption('da');
      await form.getByLabel('Approver').check();
      // Submitted with the keyboard.
      await form.getByRole('button', { name: 'Send invitation' }).focus();
      await Promise.all([page.waitForURL(/done=invited/, { timeout: 30_000 }), page.keyboard.press('Enter')]);
      await page.getByTestId('users-invited').waitFor();
      const row = page.locator(`tr[data-user="${email}"]`);
      expect(await row.getByTestId('user-status').textContent()).toBe('Invited');
      expect(await row.getByText('Approver').count()).toBe(1);
      expect(await axeViolations(page)).toEqual([]);
      await saveScreenshot(page, 'buyer-admin-users-360');

      const mail = await mailTo(mailUrl, email, /^Du er inviteret til Actuate-shoppen$/);
      expect(mail.headers['content-language']).toBe('da');
      expect(mail.text).toContain(email);
      const other = invitee.page;
      await other.goto(linkTo(mail, `${storefront}/da/reset-password?code=`));
      await other.getByLabel('Brugernavn').fill(email);
      await other.getByLabel('Ny adgangskode', { exact: true }).fill(password);
      await other.getByLabel('Gentag den nye adgangskode').fill(password);
      await Promise.all([
        other.waitForURL(/\/da\/sign-in/, { timeout: 30_000 }),
        other.getByRole('button', { name: 'Gem adgangskode' }).click(),
      ]);
      await other.getByLabel(/brugernavn/i).fill(email);
      await other.locator('input[name="password"]').fill(password);
      await Promise.all([
        other.waitForURL((url) => !url.pathname.endsWith('/sign-in'), { timeout: 30_000 }),
        other.locator('form button[type="submit"]').click(),
      ]);
      await other.goto(`${storefront}/da/account`);
      await other.getByTestId('account-invited').waitFor();

      // Her first checkout asks for the terms; accepting them makes the CRM and the ERP know her.
      await quickOrder(other, storefront, 'da', 'A10001');
      await other.goto(`${storefront}/da/checkout`);
      await other.getByTestId('checkout-terms-first').waitFor();
      await Promise.all([
        other.waitForURL(/\/da\/terms$/),
        other.getByRole('link', { name: 'Læs og acceptér vilkårene' }).click(),
      ]);
      await other.getByTestId('terms-welcome').waitFor();
      expect(await axeViolations(other)).toEqual([]);
      await other.getByLabel(/Jeg accepterer handelsbetingelserne/).check();
      await other.getByLabel(/Jeg accepterer privatlivspolitikken/).check();
      await other.getByRole('button', { name: 'Acceptér' }).click();
      await other
        .locator('[data-testid="terms-acceptance"][data-current="true"]')
        .waitFor({ timeout: 30_000 });

      await prepareCheckout(other, storefront, 'da');
      await other.locator('#customer-reference').fill('PO-IDA-1');
      await other.locator('#pay-PurchaseOrder').check();
      await Promise.all([
        other.waitForURL(/\/da\/checkout\/confirmation/, { timeout: 60_000 }),
        other.locator('section[aria-labelledby="place-order-heading"] button[type="submit"]').click(),
      ]);

      // With her password set, she counts as active.
      await page.reload();
      expect(await row.getByTestId('user-status').textContent()).toBe('Active');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'bo deactivates her while she is signed in: her next page load sends her to sign in',
    async () => {
      const { page } = admin;
      await page.goto(`${storefront}/en/account/users`);
      await page.locator(`tr[data-user="${email}"]`).getByRole('link').click();
      await page.getByTestId('user-page').waitFor();
      expect(await axeViolations(page)).toEqual([]);
      await Promise.all([
        page.waitForURL(/done=deactivate/, { timeout: 30_000 }),
        page.getByRole('button', { name: 'Deactivate' }).click(),
      ]);
      await page.getByTestId('user-done').waitFor();
      expect(await page.getByRole('button', { name: 'Activate' }).count()).toBe(1);

      const other = invitee.page;
      await other.goto(`${storefront}/da/account`);
      await other.waitForURL((url) => url.pathname === '/da/sign-in', { timeout: 30_000 });
      // The revoked session's cookie is still there (the sign-in page then offers no form): drop it.
      await invitee.context.clearCookies();
      await other.goto(`${storefront}/da/sign-in`);
      await other.getByLabel(/brugernavn/i).fill(email);
      await other.locator('input[name="password"]').fill(password);
      await other.locator('form button[type="submit"]').click();
      await other.getByRole('alert').first().waitFor();
      expect(new URL(other.url()).pathname).toBe('/da/sign-in');
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'anna, a shopper, has no users link and cannot open the page',
    async () => {
      const { page } = admin;
      await signIn(page, storefront, 'anna@acme-dk.example');
      await page.goto(`${storefront}/en/account`);
      await page.getByTestId('account-page').waitFor();
      expect(await page.locator('a[href="/en/account/users"]').count()).toBe(0);
      const response = await page.goto(`${storefront}/en/account/users`);
      expect(response?.status()).toBe(404);
      expect(await page.getByTestId('users-page').count()).toBe(0);
      const one = await page.goto(`${storefront}/en/account/users/acme-dk-bo`);
      expect(one?.status()).toBe(404);
    },
    TEST_TIMEOUT_MS,
  );
});
