/**
 * The mails of the business events through real SMTP: the real platform, price service, back office
 * and middleware, maildev in the test process. Each mail is caused by its event (an ERP callback, a
 * registration, a join request's decline, the subscription hooks, the reminder sweep), arrives once
 * in the reader's language and links to the storefront's page.
 */
import {
  BUYER_ADMIN_ROLES,
  CURRENT_PRIVACY_VERSION,
  CURRENT_TERMS_VERSION,
  DEMO_LOGINS,
} from '@actuate/catalog-data';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, expectOk, loginAs } from '../../../../apps/platform/src/testing/harness.ts';
import {
  addressBody,
  adminKey,
  backoffice,
  connectCheckout,
  erpAddress,
  placeOrder,
  platformAdmin,
  settledSubmission,
  storefrontKey,
} from '../support/checkout.ts';
import { signedPost, startWorld, type World } from '../support/harness.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail-catcher.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 480_000 });

type Body = Record<string, unknown>;
const SHOP = 'http://shop.test';
let world: World;
let catcher: MailCatcher;
let anna: { id: string; email: string; token: string };
let bo: { id: string; email: string; token: string };

const demoUser = (username: string) => {
  const user = world.demo.users.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`no demo user ${username}`);
  return user;
};

beforeAll(async () => {
  catcher = await startMailCatcher();
  world = await startWorld(['acme-dk'], {
    backoffice: true,
    backofficeEnv: { CRM_REGISTRATION_DELAY_SECONDS: '0' },
    env: {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(catcher.smtpPort),
      STOREFRONT_URL: SHOP,
      REGISTRATIONS_PER_MINUTE: '50',
    },
  });
  await connectCheckout(world, [{ id: 'acme-dk', currency: 'DKK' }], ['B10001']);
  const admin = platformAdmin(world);
  // Anna reads Danish, bo (ACME's administrator) German.
  const shopper = demoUser(DEMO_LOGINS.shopper);
  const administrator = demoUser(DEMO_LOGINS.buyerAdminApprover);
  for (const [user, language] of [
    [shopper, 'da-DK'],
    [administrator, 'de-DE'],
  ] as const) {
    await expectOk(
      await admin('PATCH', `/v1/buyers/acme-dk/users/${user.id}`, {
        Locale: { Currency: 'DKK', Language: language },
      }),
    );
  }
  // The harness gives every demo user the base profile; bo gets the buyer-admin roles too.
  await expectOk(
    await admin('POST', '/v1/securityprofiles', {
      ID: 'mail-buyer-admin',
      Name: 'Admin',
      Roles: BUYER_ADMIN_ROLES,
    }),
    201,
  );
  await expectOk(
    await admin('POST', '/v1/securityprofiles/assignments', {
      SecurityProfileID: 'mail-buyer-admin',
      BuyerID: 'acme-dk',
      UserID: administrator.id,
    }),
    204,
  );
  anna = { id: shopper.id, email: shopper.email, token: await loginAs(world.platform.app, shopper.username) };
  bo = {
    id: administrator.id,
    email: administrator.email,
    token: await loginAs(world.platform.app, administrator.username),
  };
});
afterAll(async () => {
  await world?.close();
  await catcher?.close();
});

/** The mails to `address` whose subject matches, once `count` have arrived. */
async function mailsAbout(address: string, subject: RegExp, count = 1, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await catcher.mailsTo(address, 0)).filter((mail) => subject.test(mail.subject));
    if (found.length >= count) return found;
    if (Date.now() > until) throw new Error(`${found.length} of ${count} mails "${subject}" to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 2000));

describe('the ERP’s shipments and invoice', () => {
  it('mails the buyer each shipment with its tracking link, and the company’s invoice address the invoice', async () => {
    const order = await placeOrder(
      world,
      anna.token,
      [{ product: 'B10001', quantity: 2 }],
      addressBody(erpAddress(world, 'acme-dk')),
    );
    expect(order.submit.statusCode, order.submit.body).toBe(200);
    const submission = await settledSubmission(world, order.id);
    const orderNumber = submission.OrderNumber as string;
    const erp = backoffice(world);
    for (const step of ['confirm', 'ship', 'ship', 'invoice']) {
      const response = await erp('POST', `/erp/sales-orders/${orderNumber}/${step}`, {});
      expect(response.statusCode, response.body).toBe(200);
    }
    const shipments = await mailsAbout(anna.email, new RegExp(`^Ordre ${order.id} er afsendt$`), 2);
    const tracked = shipments.map((mail) => mail.html.match(/href="([^"]*\/tracking\/[^"]+)"/)?.[1]);
    expect(tracked.every(Boolean)).toBe(true);
    expect(new Set(tracked).size).toBe(2);
    expect(shipments.map((mail) => mail.text.includes('resten følger'))).toEqual([true, false]);
    for (const mail of shipments) {
      expect(mail.headers['content-language']).toBe('da');
      expect(mail.html).toContain(`href="${SHOP}/da/orders/${order.id}"`);
      expect(mail.text).toContain(`Ordrenummer: ${orderNumber}`);
    }

    const [invoice] = await mailsAbout('invoices@acme-dk.example', /^Faktura INV-/);
    const invoiceNumber = invoice?.subject.match(/^Faktura (\S+) er klar$/)?.[1];
    expect(invoiceNumber).toMatch(/^INV-/);
    expect(invoice?.headers['content-language']).toBe('da');
    expect(invoice?.html).toContain(`href="${SHOP}/da/invoices/${invoiceNumber}"`);
    expect(invoice?.text).toMatch(/Beløb til betaling: [\d.]+,\d\d\s?kr\./);
    // Nobody else is mailed the invoice; each mail went once.
    await settle();
    expect(await mailsAbout('invoices@acme-dk.example', /^Faktura INV-/)).toHaveLength(1);
    expect(await mailsAbout(anna.email, new RegExp(`^Ordre ${order.id} er afsendt$`))).toHaveLength(2);

    // An operator credits part of the invoice: the same address gets a "credit note available" mail.
    const credited = await erp('POST', `/erp/invoices/${invoiceNumber}/credit-notes`, {
      reason: 'Beskadiget ved levering',
      lines: [{ lineNumber: 10, quantity: 1 }],
    });
    expect(credited.statusCode, credited.body).toBe(201);
    const creditNoteNumber = credited.json().invoiceNumber as string;
    const [note] = await mailsAbout('invoices@acme-dk.example', /^Kreditnota CN-/);
    expect(note?.subject).toBe(`Kreditnota ${creditNoteNumber} er klar`);
    expect(note?.headers['content-language']).toBe('da');
    expect(note?.html).toContain(`href="${SHOP}/da/invoices/${creditNoteNumber}"`);
    expect(note?.text).toContain(`Krediterer faktura: ${invoiceNumber}`);
    expect(note?.text).toContain('Beskadiget ved levering');
    expect(note?.text).toMatch(/Krediteret beløb: [\d.]+,\d\d\s?kr\./);
  });
});

describe('registrations and join requests', () => {
  let address = 0;
  const register = async (body: Body) => {
    const response = await world.middleware.inject({
      method: 'POST',
      url: '/registrations',
      headers: storefrontKey,
      remoteAddress: `10.2.0.${++address}`,
      payload: {
        country: 'DK',
        firstName: 'Mia',
        lastName: 'Mail',
        password: 'a-long-password',
        termsVersionApproved: CURRENT_TERMS_VERSION,
        privacyVersionApproved: CURRENT_PRIVACY_VERSION,
        ...body,
      },
    });
    expect(response.statusCode, response.body).toBe(202);
    return response.json() as Body;
  };

  it('tells a new company its registration is received and, once the ERP completes it, approved', async () => {
    const created = await register({
      companyName: 'Postkassen ApS',
      vatNumber: 'DK51234567',
      email: 'mia@postkassen.example',
      locale: 'de',
    });
    const [received] = await mailsAbout('mia@postkassen.example', /^Wir haben Ihre Registrierung erhalten$/);
    expect(received?.html).toContain(`href="${SHOP}/de/register/${created.ID}"`);
    const boId = await waitForValue(async () => {
      const current = await world.middleware.inject({
        url: `/registrations/${created.ID}`,
        headers: storefrontKey,
      });
      return (current.json() as Body).BackofficeRegistrationID as string | null;
    });
    const erp = backoffice(world);
    expect((await erp('POST', `/crm/registrations/${boId}/complete`)).statusCode).toBe(200);
    const [approved] = await mailsAbout('mia@postkassen.example', /^Ihr Actuate-Konto ist bereit$/);
    expect(approved?.text).toContain(`${SHOP}/de/sign-in`);
  });

  it('asks the company’s administrator to decide a join request, and tells the registrant of the decline', async () => {
    const acme = await expectOk<Body>(await platformAdmin(world)('GET', '/v1/buyers/acme-dk'));
    const created = await register({
      companyName: 'ACME',
      vatNumber: (acme.xp as Body).VatNumber,
      email: 'jonas@acme-dk.example',
      firstName: 'Jonas',
      lastName: '<Joiner>',
      locale: 'da',
    });
    const [received] = await mailsAbout('jonas@acme-dk.example', /^Vi har modtaget din registrering$/);
    expect(received?.text).toContain('Din virksomhed har allerede en konto');
    const [request] = await mailsAbout(bo.email, /möchte Ihrem Unternehmen beitreten$/);
    expect(request?.subject).toBe('Jonas <Joiner> möchte Ihrem Unternehmen beitreten');
    expect(request?.html).toContain('Jonas &lt;Joiner&gt;');
    expect(request?.html).toContain(`href="${SHOP}/de/account/join-requests"`);
    // Only administrators are asked.
    expect(await catcher.mailsTo(anna.email, 0)).not.toContainEqual(
      expect.objectContaining({ subject: expect.stringContaining('Joiner') }),
    );

    const declined = await world.middleware.inject({
      method: 'POST',
      url: `/join-requests/${created.ID}/decline`,
      headers: { ...storefrontKey, authorization: `Bearer ${bo.token}` },
      payload: { reason: 'Not one of us' },
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const [mail] = await mailsAbout('jonas@acme-dk.example', /^Din Actuate-registrering blev ikke godkendt$/);
    expect(mail?.text).toContain('Begrundelse: Not one of us');
    expect(mail?.html).toContain(`href="${SHOP}/da/register"`);
  });
});

describe('subscriptions', () => {
  const subscribe = async (id: string, nextOrderDate: Date) => {
    await expectOk(
      await call(world.platform.app, anna.token, 'POST', '/v1/me/subscriptions', {
        ID: id,
        Frequency: 1,
        Interval: 'Weeks',
        NextOrderDate: nextOrderDate.toISOString(),
        Payment: { Type: 'PurchaseOrder' },
        xp: { Name: `Refill ${id}` },
      }),
      201,
    );
  };

  it('reminds the buyer once, the notification days before the next order', async () => {
    const admin = platformAdmin(world);
    await expectOk(
      await admin('PUT', '/v1/integrations/subscription', {
        Url: `${world.middlewareUrl}/subscriptions`,
        HashKey: 'reminder-hash-key',
        NotificationDays: 3,
        Active: false,
      }),
    );
    await subscribe('soon', new Date(Date.now() + 2 * 86_400_000));
    await subscribe('later', new Date(Date.now() + 10 * 86_400_000));
    for (let run = 0; run < 2; run++) {
      const response = await world.middleware.inject({
        method: 'POST',
        url: '/mail/subscription-reminders/run',
        headers: adminKey,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ due: 1 });
    }
    const [reminder] = await mailsAbout(anna.email, /^Dit abonnement bestiller igen den /);
    expect(reminder?.text).toContain('“Refill soon”');
    expect(reminder?.html).toContain(`href="${SHOP}/da/subscriptions/soon"`);
    await settle();
    expect(await mailsAbout(anna.email, /^Dit abonnement bestiller igen/)).toHaveLength(1);
    const unauthorised = await world.middleware.inject({
      method: 'POST',
      url: '/mail/subscription-reminders/run',
    });
    expect(unauthorised.statusCode).toBe(401);
  });

  it('tells the buyer once when the subscription’s order is refused, however often the platform retries', async () => {
    await subscribe('refused', new Date(Date.now() - 60_000));
    // The subscription's order as the platform would hand it over, but with no line, address or
    // payment: the platform refuses its submission.
    const as = (method: 'GET' | 'POST', url: string, body?: unknown) =>
      call(world.platform.app, anna.token, method, url, body);
    const order = await expectOk<Body>(await as('POST', '/v1/orders/Outgoing', { xp: {} }), 201);
    const worksheet = await expectOk<Body>(await as('GET', `/v1/orders/Outgoing/${order.ID}/worksheet`));
    const payload = {
      Environment: 'Sandbox',
      OrderCloudAccessToken: null,
      UnavailableProductIDs: [],
      OrderWorksheet: { ...worksheet, Order: { ...(worksheet.Order as Body), SubscriptionID: 'refused' } },
    };
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await signedPost(world.middleware, '/subscriptions/success', payload);
      expect(response.json()).toMatchObject({ HttpStatusCode: 422 });
    }
    const [mail] = await mailsAbout(anna.email, /^Dit abonnement “Refill refused” kunne ikke bestille$/);
    expect(mail?.text).toContain(`Ordren ${order.ID} blev ikke afgivet`);
    expect(mail?.html).toContain(`href="${SHOP}/da/subscriptions/refused"`);
    await settle();
    expect(await mailsAbout(anna.email, /Refill refused/)).toHaveLength(1);
  });
});

async function waitForValue<T>(probe: () => Promise<T | null | undefined>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
