/**
 * E-mail through real SMTP: the real platform, price service, back office and middleware, the
 * middleware sending to maildev in the test process. The mails are read as a person reads them:
 * subject, language, links.
 */
import { DEMO_LOGINS } from '@actuate/catalog-data';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  FORGOTTEN_PASSWORD_PATH,
  NEW_USER_INVITATION_PATH,
} from '../../../../apps/middleware/src/modules/mail/routes.ts';
import { ORDER_CANCELLED_PATH } from '../../../../apps/middleware/src/modules/order-events/routes.ts';
import { call, expectOk, loginAs } from '../../../../apps/platform/src/testing/harness.ts';
import {
  addressBody,
  connectCheckout,
  erpAddress,
  placeOrder,
  platformAdmin,
  requireApprovalOfEveryOrder,
} from '../support/checkout.ts';
import { HASH_KEY, signedPost, startWorld, type World } from '../support/harness.ts';
import { type MailCatcher, startMailCatcher } from '../support/mail-catcher.ts';
import { orderSubmitEvent } from '../support/orders.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 480_000 });

type Body = Record<string, unknown>;
const SHOP = 'http://shop.test';
let world: World;
let catcher: MailCatcher;
let anna: { id: string; email: string; token: string };
let approver: { id: string; email: string };
let acmeAddress: Body;

const demoUser = (username: string) => {
  const user = world.demo.users.find((candidate) => candidate.username === username);
  if (!user) throw new Error(`no demo user ${username}`);
  return user;
};

beforeAll(async () => {
  catcher = await startMailCatcher();
  world = await startWorld(['acme-dk'], {
    backoffice: true,
    platformEnv: { JOB_POLLING_INTERVAL_SECONDS: '1' },
    env: { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(catcher.smtpPort), STOREFRONT_URL: SHOP },
  });
  await connectCheckout(world, [{ id: 'acme-dk', currency: 'DKK' }], ['B10001']);
  const admin = platformAdmin(world);
  await expectOk(
    await admin('POST', '/v1/webhooks', {
      ID: 'ordercancelled',
      Name: 'Order cancelled or declined',
      Url: `${world.middlewareUrl}${ORDER_CANCELLED_PATH}`,
      HashKey: HASH_KEY,
      WebhookRoutes: [{ Route: 'v1/orders/{direction}/{orderID}/decline', Verb: 'POST' }],
    }),
    201,
  );
  // Anna reads Danish, the approver German: each mail follows its reader.
  const shopper = demoUser(DEMO_LOGINS.shopper);
  const admin2 = demoUser(DEMO_LOGINS.buyerAdminApprover);
  for (const [user, language] of [
    [shopper, 'da-DK'],
    [admin2, 'de-DE'],
  ] as const) {
    await expectOk(
      await admin('PATCH', `/v1/buyers/acme-dk/users/${user.id}`, {
        Locale: { Currency: 'DKK', Language: language },
      }),
    );
  }
  anna = { id: shopper.id, email: shopper.email, token: await loginAs(world.platform.app, shopper.username) };
  approver = { id: admin2.id, email: admin2.email };
  acmeAddress = addressBody(erpAddress(world, 'acme-dk'));
});
afterAll(async () => {
  await world?.close();
  await catcher?.close();
});

/** The mail to `address` whose subject names the order, once it has arrived. */
async function mailAbout(address: string, orderId: string, subject: RegExp, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mails = await catcher.mailsTo(address, 0);
    const found = mails.filter((mail) => mail.subject.includes(orderId) && subject.test(mail.subject));
    if (found.length > 0) return found;
    if (Date.now() > until) throw new Error(`no mail "${subject}" about ${orderId} to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const approverToken = () => loginAs(world.platform.app, DEMO_LOGINS.buyerAdminApprover);

describe('order mails', () => {
  it('confirms a submitted order to the buyer in her language, with the lines, totals and a link to it', async () => {
    const order = await placeOrder(world, anna.token, [{ product: 'B10001', quantity: 2 }], acmeAddress);
    expect(order.submit.statusCode, order.submit.body).toBe(200);
    const [mail] = await mailAbout(anna.email, order.id, /^Ordrebekræftelse/);
    expect(mail?.subject).toBe(`Ordrebekræftelse ${order.id}`);
    expect(mail?.headers['content-language']).toBe('da');
    expect(mail?.html).toContain(`href="${SHOP}/da/orders/${order.id}"`);
    expect(mail?.html).toContain('B10001');
    expect(mail?.text).toMatch(/2 × .*B10001/);
    expect(mail?.text).toMatch(/I alt: .*kr/);
    expect(mail?.text).toContain('Leveringsadresse');
  });

  describe('with approval', () => {
    let removeRule: () => Promise<void>;
    beforeAll(async () => {
      removeRule = await requireApprovalOfEveryOrder(world);
    });
    afterAll(() => removeRule?.());

    it('asks the approver in his language, and tells the buyer once it is approved', async () => {
      const order = await placeOrder(world, anna.token, [{ product: 'B10001', quantity: 1 }], acmeAddress);
      expect(order.submit.json()).toMatchObject({ Status: 'AwaitingApproval' });
      const [confirmation] = await mailAbout(anna.email, order.id, /^Ordrebekræftelse/);
      expect(confirmation?.text).toContain('skal godkendes');
      const [request] = await mailAbout(approver.email, order.id, /wartet auf Ihre Freigabe$/);
      expect(request?.headers['content-language']).toBe('de');
      expect(request?.html).toContain(`href="${SHOP}/de/approvals"`);
      expect(request?.text).toContain('B10001');

      const approved = await call(
        world.platform.app,
        await approverToken(),
        'POST',
        `/v1/orders/Incoming/${order.id}/approve`,
        { Comments: 'OK' },
      );
      expect(approved.statusCode, approved.body).toBe(200);
      const [mail] = await mailAbout(anna.email, order.id, /er godkendt$/);
      expect(mail?.html).toContain(`${SHOP}/da/orders/${order.id}`);
      // One request to the one approver, one confirmation to the buyer.
      expect(await mailAbout(approver.email, order.id, /Freigabe/)).toHaveLength(1);
      expect(await mailAbout(anna.email, order.id, /^Ordrebekræftelse/)).toHaveLength(1);
    });

    it('tells the buyer when the approver declines', async () => {
      const order = await placeOrder(world, anna.token, [{ product: 'B10001', quantity: 1 }], acmeAddress);
      await mailAbout(approver.email, order.id, /Freigabe/);
      const declined = await call(
        world.platform.app,
        await approverToken(),
        'POST',
        `/v1/orders/Incoming/${order.id}/decline`,
        { Comments: 'Too much' },
      );
      expect(declined.statusCode, declined.body).toBe(200);
      const [mail] = await mailAbout(anna.email, order.id, /er afvist$/);
      expect(mail?.text).toContain(`${SHOP}/da/orders/${order.id}`);
    });
  });

  it('places the order while the mail server is down, and mails once it is back (retried)', async () => {
    await catcher.stop();
    let orderId = '';
    try {
      const order = await placeOrder(world, anna.token, [{ product: 'B10001', quantity: 1 }], acmeAddress);
      orderId = order.id;
      expect(order.submit.statusCode, order.submit.body).toBe(200);
      // Long enough for the first attempt to fail against the closed port.
      await new Promise((resolve) => setTimeout(resolve, 2500));
    } finally {
      await catcher.start();
    }
    const mails = await mailAbout(anna.email, orderId, /^Ordrebekræftelse/, 60_000);
    expect(mails).toHaveLength(1);
  });

  it('mails once per event and recipient, however often the event arrives', async () => {
    const { orderId, event } = orderSubmitEvent(world, [{ salesItemNumber: 'B10001', quantity: 1 }]);
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await signedPost(world.middleware, '/OrderSubmit', event);
      expect(response.statusCode, response.body).toBe(200);
    }
    await mailAbout(anna.email, orderId, /^Ordrebekræftelse/);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await mailAbout(anna.email, orderId, /^Ordrebekræftelse/)).toHaveLength(1);
  });
});

describe('the ForgottenPassword message', () => {
  const message = (code: string, url: string | null) => ({
    MessageType: 'ForgottenPassword',
    BuyerID: 'acme-dk',
    Recipient: {
      ID: 'u-1',
      Username: 'reset-user',
      FirstName: 'Ruth',
      LastName: 'Reset',
      Email: 'ruth@reset.test',
      Locale: { Language: 'de-DE' },
    },
    EventBody: { Username: 'reset-user', PasswordRenewalUrl: url, PasswordRenewalVerificationCode: code },
  });

  it('mails the reset link in the user’s language, once per code', async () => {
    const code = 'a'.repeat(40);
    const body = message(code, `${SHOP}/de/reset-password`);
    const first = await signedPost(world.middleware, FORGOTTEN_PASSWORD_PATH, body);
    expect(first.json()).toEqual({ outcome: 'sent' });
    const again = await signedPost(world.middleware, FORGOTTEN_PASSWORD_PATH, body);
    expect(again.json()).toEqual({ outcome: 'duplicate' });
    const mails = await catcher.mailsTo('ruth@reset.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Ihr Actuate-Passwort zurücksetzen');
    expect(mails[0]?.html).toContain(`href="${SHOP}/de/reset-password?code=${code}"`);
  });

  it('mails a buyer admin’s invitation (NewUserInvitation) in the invitee’s language, with days to use it', async () => {
    const code = 'i'.repeat(40);
    const body = {
      ...message(code, null),
      MessageType: 'NewUserInvitation',
      Recipient: {
        ID: 'u-2',
        Username: 'ina@invite.test',
        FirstName: 'Ina',
        Email: 'ina@invite.test',
        Locale: { Language: 'da-DK' },
      },
      EventBody: {
        Username: 'ina@invite.test',
        PasswordRenewalVerificationCode: code,
        ExpiresInMinutes: 10_080,
      },
    };
    expect((await signedPost(world.middleware, NEW_USER_INVITATION_PATH, body)).json()).toEqual({
      outcome: 'sent',
    });
    expect((await signedPost(world.middleware, NEW_USER_INVITATION_PATH, body)).json()).toEqual({
      outcome: 'duplicate',
    });
    const mails = await catcher.mailsTo('ina@invite.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Du er inviteret til Actuate-shoppen');
    expect(mails[0]?.html).toContain(`href="${SHOP}/da/reset-password?code=${code}"`);
    expect(mails[0]?.text).toContain('7 dage');
    // A ForgottenPassword body is not an invitation.
    const wrong = await signedPost(world.middleware, NEW_USER_INVITATION_PATH, message('j'.repeat(40), null));
    expect(wrong.statusCode).toBe(400);
  });

  it('links only to the storefront, whatever URL the request named', async () => {
    const code = 'b'.repeat(40);
    const response = await signedPost(
      world.middleware,
      FORGOTTEN_PASSWORD_PATH,
      message(code, 'https://evil.test/collect'),
    );
    expect(response.json()).toEqual({ outcome: 'sent' });
    const mails = await catcher.mailsTo('ruth@reset.test', 2);
    const mail = mails.find((candidate) => candidate.text.includes(code));
    expect(mail?.text).toContain(`${SHOP}/de/reset-password?code=${code}`);
    expect(mail?.html).not.toContain('evil.test');
  });

  it('refuses an unsigned message and a malformed one, mailing nothing', async () => {
    const before = (await catcher.mails()).length;
    const unsigned = await world.middleware.inject({
      method: 'POST',
      url: FORGOTTEN_PASSWORD_PATH,
      payload: message('c'.repeat(40), null),
    });
    expect(unsigned.statusCode).toBe(401);
    const malformed = await signedPost(world.middleware, FORGOTTEN_PASSWORD_PATH, {
      ...message('short', null),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.headers['content-type']).toContain('application/problem+json');
    expect((await catcher.mails()).length).toBe(before);
  });

  it('answers 502 while the mail server is down, so the platform retries', async () => {
    await catcher.stop();
    try {
      const response = await signedPost(
        world.middleware,
        FORGOTTEN_PASSWORD_PATH,
        message('d'.repeat(40), null),
      );
      expect(response.statusCode).toBe(502);
    } finally {
      await catcher.start();
    }
    const retried = await signedPost(
      world.middleware,
      FORGOTTEN_PASSWORD_PATH,
      message('d'.repeat(40), null),
    );
    expect(retried.json()).toEqual({ outcome: 'sent' });
  });
});
