import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  adminToken,
  buyerToken,
  call,
  ensureSubscriptionIntegration,
  placeOrder,
  progress,
  signIn,
  waitFor,
} from './account-helpers.ts';
import { type Browser, openBrowser } from './browser.ts';
import { linkTo, mailsTo, mailTo } from './mail-helpers.ts';

/*
 * The mails of the shop, each caused by the real business event and read from the stack's mail
 * catcher in the reader's language; every link is opened in the browser and lands on the right page.
 * Registration (received, approved) and a password reset end to end in German; a join request (to
 * ACME's administrator) and its decline in Danish; shipments and the invoice of an order of anna's;
 * a subscription reminder and a subscription order that fails.
 */
const TEST_TIMEOUT_MS = 180_000;
const ACME_VAT_NUMBER = 'DK 29 40 31 87';
const STOREFRONT_SCOPE = 'Shopper MeAdmin MeAddressAdmin MeXpAdmin MeSubscriptionAdmin MeCreditCardAdmin';

describe('storefront mails', () => {
  const urls = inject('urls');
  const mailUrl = inject('mailUrl');
  const storefront = urls.STOREFRONT_URL as string;
  const platform = urls.PLATFORM_URL as string;
  const backoffice = urls.BACKOFFICE_URL as string;
  const middleware = urls.MIDDLEWARE_URL as string;
  let browser: Browser;
  const unique = Date.now().toString().slice(-8);

  beforeAll(async () => {
    browser = await openBrowser({ locale: 'da-DK' });
  });

  afterAll(async () => {
    await browser?.close();
  });

  /** The platform's password grant, as the storefront's sign-in asks it. */
  const passwordGrant = (username: string, password: string) =>
    fetch(`${platform}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'password',
        client_id: 'actuate-storefront',
        username,
        password,
        scope: STOREFRONT_SCOPE,
      }),
    });

  async function signInWith(username: string, password: string, locale: string) {
    const { page } = browser;
    await page.getByLabel(/benutzername|brugernavn|username/i).fill(username);
    await page.locator('input[name="password"]').fill(password);
    await Promise.all([
      page.waitForURL((url) => !url.pathname.endsWith('/sign-in'), { timeout: 30_000 }),
      page.locator('form button[type="submit"]').click(),
    ]);
    expect(new URL(page.url()).pathname.startsWith(`/${locale}`)).toBe(true);
  }

  it(
    'tells a new company of its registration and approval in German, and resets its password end to end',
    async () => {
      const { page, context } = browser;
      await context.clearCookies();
      const email = `greta.${unique}@mail-gmbh.example`;
      const password = 'erstes-passwort-1';
      await page.goto(`${storefront}/de/register`);
      await page.getByLabel('Name des Unternehmens').fill(`Mail ${unique} GmbH`);
      await page.getByLabel('USt-IdNr.').fill(`DE${unique}7`);
      await page.getByLabel('Land', { exact: true }).selectOption('DE');
      await page.getByLabel('Vorname').fill('Greta');
      await page.getByLabel('Nachname').fill('Post');
      await page.getByLabel('E-Mail', { exact: true }).fill(email);
      await page.getByLabel('Passwort', { exact: true }).fill(password);
      await page.getByLabel(/Ich akzeptiere/).check();
      await Promise.all([
        page.waitForURL(/\/de\/register\/[0-9a-f-]{36}$/, { timeout: 30_000 }),
        page.getByRole('button', { name: 'Registrieren' }).click(),
      ]);
      const registrationId = new URL(page.url()).pathname.split('/').pop() as string;

      const received = await mailTo(mailUrl, email, /^Wir haben Ihre Registrierung erhalten$/);
      expect(received.headers['content-language']).toBe('de');
      expect(received.text).toContain(`Mail ${unique} GmbH`);
      await page.goto(linkTo(received, `${storefront}/de/register/${registrationId}`));
      await page.getByTestId('registration-status').waitFor();

      const approved = await mailTo(mailUrl, email, /^Ihr Actuate-Konto ist bereit$/);
      await page.goto(linkTo(approved, `${storefront}/de/sign-in`));
      await signInWith(email, password, 'de');

      // Forgot password → mail → link → new password; the sessions of the old password end.
      const before = (await (await passwordGrant(email, password)).json()) as { access_token: string };
      await context.clearCookies();
      await page.goto(`${storefront}/de/forgot-password`);
      await page.getByLabel('E-Mail oder Benutzername').fill(email);
      await page.getByRole('button', { name: 'Link senden' }).click();
      await page.getByText(/Wenn es zu Ihrer Eingabe ein Konto gibt/).waitFor();
      const reset = await mailTo(mailUrl, email, /^Ihr Actuate-Passwort zurücksetzen$/);
      await page.goto(linkTo(reset, `${storefront}/de/reset-password?code=`));
      const newPassword = 'zweites-passwort-2';
      await page.getByLabel('Benutzername').fill(email);
      await page.getByLabel('Neues Passwort', { exact: true }).fill(newPassword);
      await page.getByLabel('Neues Passwort wiederholen').fill(newPassword);
      await Promise.all([
        page.waitForURL(/\/de\/sign-in/, { timeout: 30_000 }),
        page.getByRole('button', { name: 'Passwort speichern' }).click(),
      ]);
      await page.getByText('Ihr Passwort wurde geändert').waitFor();
      await signInWith(email, newPassword, 'de');
      expect((await passwordGrant(email, password)).status).toBe(400);
      const oldSession = await fetch(`${platform}/v1/me`, {
        headers: { authorization: `Bearer ${before.access_token}` },
      });
      expect(oldSession.status).toBe(401);
      // The link works once.
      await context.clearCookies();
      await page.goto(linkTo(reset, `${storefront}/de/reset-password?code=`));
      await page.getByLabel('Benutzername').fill(email);
      await page.getByLabel('Neues Passwort', { exact: true }).fill('drittes-passwort-3');
      await page.getByLabel('Neues Passwort wiederholen').fill('drittes-passwort-3');
      await page.getByRole('button', { name: 'Passwort speichern' }).click();
      await page
        .getByText(/ungültig|abgelaufen/)
        .first()
        .waitFor();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'asks ACME’s administrator in Danish to decide a join request, and tells the registrant of the decline',
    async () => {
      const { page, context } = browser;
      await context.clearCookies();
      const email = `mette.${unique}@acme-dk.example`;
      await page.goto(`${storefront}/da/register`);
      await page.getByLabel('Virksomhedens navn').fill('ACME Industri A/S');
      await page.getByLabel('Momsnummer').fill(ACME_VAT_NUMBER);
      await page.getByLabel('Land', { exact: true }).selectOption('DK');
      await page.getByLabel('Fornavn').fill('Mette');
      await page.getByLabel('Efternavn').fill(`Mailsen${unique}`);
      await page.getByLabel('E-mail', { exact: true }).fill(email);
      await page.getByLabel('Adgangskode', { exact: true }).fill('e2e-secret-password');
      await page.getByLabel(/Jeg accepterer/).check();
      await Promise.all([
        page.waitForURL(/\/da\/register\/[0-9a-f-]{36}$/, { timeout: 30_000 }),
        page.getByRole('button', { name: 'Registrér' }).click(),
      ]);
      const id = new URL(page.url()).pathname.split('/').pop() as string;
      const received = await mailTo(mailUrl, email, /^Vi har modtaget din registrering$/);
      expect(received.text).toContain('Din virksomhed har allerede en konto');

      const name = `Mette Mailsen${unique}`;
      const request = await mailTo(mailUrl, 'bo@acme-dk.example', new RegExp(`^${name} beder om`));
      expect(request.headers['content-language']).toBe('da');
      expect(request.text).toContain(email);
      const link = linkTo(request, `${storefront}/da/account/join-requests`);
      await signIn(page, storefront, 'bo@acme-dk.example', 'da');
      await page.goto(link);
      const card = page.locator(`[data-request-id="${id}"]`);
      await card.waitFor();
      await card.getByLabel(`Begrundelse for afvisning (vises for ${name})`).fill('Ukendt hos os');
      await card.getByRole('button', { name: `Afvis anmodningen fra ${name}` }).click();
      await card.getByText('Anmodningen er afvist.').waitFor();

      const declined = await mailTo(mailUrl, email, /^Din Actuate-registrering blev ikke godkendt$/);
      expect(declined.text).toContain('Begrundelse: Ukendt hos os');
      await context.clearCookies();
      await page.goto(linkTo(declined, `${storefront}/da/register`));
      await page.getByLabel('Momsnummer').waitFor();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'mails anna each shipment with its tracking link, and ACME’s invoice address the invoice, in Danish',
    async () => {
      const anna = await buyerToken(platform, 'anna@acme-dk.example');
      const order = await placeOrder(platform, anna, { quantity: 2 });
      const orderId = order.ID as string;
      const orderNumber = await waitFor('the ERP order number', async () => {
        const current = await call(platform, anna, 'GET', `/v1/orders/Outgoing/${orderId}`);
        return (current.xp as { OrderNumber?: string } | undefined)?.OrderNumber;
      });
      for (const step of ['confirm', 'ship', 'ship', 'invoice'] as const) {
        await progress(backoffice, orderNumber, step);
      }
      const shipments = await mailsTo(
        mailUrl,
        'anna@acme-dk.example',
        new RegExp(`^Ordre ${orderId} er afsendt$`),
        2,
      );
      expect(shipments).toHaveLength(2);
      const { page } = browser;
      for (const shipment of shipments) {
        expect(shipment.headers['content-language']).toBe('da');
        const tracking = linkTo(shipment, `${backoffice}/tracking/`);
        const trackingNumber = tracking.split('/').pop() as string;
        expect(shipment.text).toContain(`Sporingsnummer: ${trackingNumber}`);
        await page.goto(tracking);
        expect(await page.locator('body').textContent()).toContain(trackingNumber);
      }
      await signIn(page, storefront, 'anna@acme-dk.example', 'da');
      await page.goto(
        linkTo(shipments[0] as (typeof shipments)[number], `${storefront}/da/orders/${orderId}`),
      );
      await page.getByTestId('order-detail').waitFor();

      const invoice = await mailTo(
        mailUrl,
        'invoices@acme-dk.example',
        /^Faktura INV-.* er klar$/,
        `ordre ${orderId}`,
      );
      expect(invoice.headers['content-language']).toBe('da');
      expect(invoice.text).toContain(orderId);
      expect(invoice.text).toMatch(/Beløb til betaling: [\d.,\s]+kr\./);
      const invoiceNumber = invoice.subject.replace('Faktura ', '').replace(' er klar', '');
      await page.goto(linkTo(invoice, `${storefront}/da/invoices/${invoiceNumber}`));
      await page.getByTestId('invoice-detail').waitFor();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'reminds anna of her subscription’s next order, and tells dan his subscription could not order',
    async () => {
      const admin = await adminToken(platform);
      await ensureSubscriptionIntegration(platform, middleware);
      await call(platform, admin, 'PATCH', '/v1/integrations/subscription', { NotificationDays: 3 });
      const subscribe = async (username: string, companyId: string, id: string, nextOrderDate: Date) => {
        const token = await buyerToken(platform, username);
        const addresses = await call<{ Items: { ID: string }[] }>(
          platform,
          admin,
          'GET',
          `/v1/buyers/${companyId}/addresses`,
        );
        const addressId = addresses.Items[0]?.ID;
        await call(platform, token, 'POST', '/v1/me/subscriptions', {
          ID: id,
          Frequency: 1,
          Interval: 'Months',
          NextOrderDate: nextOrderDate.toISOString(),
          Payment: { Type: 'PurchaseOrder' },
          ShippingAddressID: addressId,
          BillingAddressID: addressId,
          xp: { Name: `Mail ${id}`, CustomerReference: `Mail ${unique}` },
        });
        await call(platform, token, 'POST', `/v1/me/subscriptions/${id}/items`, {
          ProductID: 'B10001',
          Quantity: 1,
        });
      };
      const reminded = `reminder-${unique}`;
      await subscribe('anna@acme-dk.example', 'acme-dk', reminded, new Date(Date.now() + 2 * 86_400_000));
      const run = await fetch(`${middleware}/mail/subscription-reminders/run`, {
        method: 'POST',
        headers: { 'x-api-key': process.env.MIDDLEWARE_ADMIN_KEY ?? 'actuate-middleware-admin-demo-key' },
      });
      expect(run.status).toBe(200);
      // Other subscriptions of anna's may be reminded too: this one's reminder names it.
      const reminder = await mailTo(
        mailUrl,
        'anna@acme-dk.example',
        /^Dit abonnement bestiller igen den /,
        `Mail ${reminded}`,
      );
      const { page } = browser;
      await signIn(page, storefront, 'anna@acme-dk.example', 'da');
      await page.goto(linkTo(reminder, `${storefront}/da/subscriptions/${reminded}`));
      await page.getByTestId('subscription-detail').waitFor();

      // dan's company is on credit hold: the order the run creates is refused on submit.
      const failing = `failing-${unique}`;
      await subscribe('dan@hold-dk.example', 'hold-dk', failing, new Date(Date.now() - 60_000));
      await call(platform, admin, 'POST', '/v1/integrations/subscription/run');
      const failed = await mailTo(
        mailUrl,
        'dan@hold-dk.example',
        new RegExp(`^Dit abonnement “Mail ${failing}”`),
      );
      expect(failed.text).toContain('blev ikke afgivet');
      await signIn(page, storefront, 'dan@hold-dk.example', 'da');
      await page.goto(linkTo(failed, `${storefront}/da/subscriptions/${failing}`));
      await page.getByTestId('subscription-detail').waitFor();
    },
    TEST_TIMEOUT_MS,
  );
});
