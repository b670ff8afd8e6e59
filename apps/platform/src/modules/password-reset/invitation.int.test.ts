/**
 * Inviting a user (our NewUserInvitation): a buyer admin creates a user without a password and asks
 * for the invitation; the middleware (a stand-in here) gets the signed message with a week-long
 * single-use code, which sets the first password like a reset. Only BuyerUserAdmin, only for the own
 * company, only for an active user who has no password yet.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAKE_MIDDLEWARE_HASH_KEY, fakeMiddleware } from '../../testing/fake-middleware.ts';
import {
  callers,
  createBuyerWithUser,
  errorCode,
  expectOk,
  loginAs,
  type Platform,
  requestToken,
  startPlatform,
} from '../../testing/harness.ts';
import { STOREFRONT_CLIENT_ID } from '../auth/bootstrap.ts';
import { NEW_USER_INVITATION_PATH } from './service.ts';

vi.setConfig({ testTimeout: 60_000 });

let platform: Platform;
const middleware = fakeMiddleware();
const { as, admin } = callers(() => platform);
const USER_ADMIN_PROFILE = 'test-user-admin';
const invitations = () => middleware.calls.filter((entry) => entry.path === NEW_USER_INVITATION_PATH);
let boToken: string;

const invite = (token: string, buyerId: string, userId: string) =>
  as(token)('POST', `/v1/buyers/${buyerId}/users/${userId}/invitation`, {
    ClientID: STOREFRONT_CLIENT_ID,
    URL: 'http://shop.test/da/reset-password',
  });

async function waitForInvitation(before: number) {
  const until = Date.now() + 30_000;
  while (invitations().length <= before) {
    if (Date.now() > until) throw new Error('no NewUserInvitation message');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return invitations().at(-1);
}

beforeAll(async () => {
  await new Promise<void>((resolve) => middleware.server.listen(0, '127.0.0.1', resolve));
  const { port } = middleware.server.address() as AddressInfo;
  middleware.state.answers[NEW_USER_INVITATION_PATH] = { status: 200, body: { outcome: 'sent' } };
  platform = await startPlatform({
    MIDDLEWARE_URL: `http://127.0.0.1:${port}`,
    CHECKOUT_INTEGRATION_HASH_KEY: FAKE_MIDDLEWARE_HASH_KEY,
    JOB_POLLING_INTERVAL_SECONDS: '1',
  });
  await expectOk(
    await admin('POST', '/v1/securityprofiles', {
      ID: USER_ADMIN_PROFILE,
      Name: 'User admin',
      Roles: ['BuyerUserAdmin', 'UserGroupAdmin'],
    }),
    201,
  );
  await createBuyerWithUser(platform, {
    buyerId: 'acme',
    userId: 'bo',
    username: 'bo@acme.example',
    profiles: [USER_ADMIN_PROFILE],
  });
  await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
  await createBuyerWithUser(platform, {
    buyerId: 'bauer',
    userId: 'otto',
    username: 'otto@bauer.example',
    profiles: [USER_ADMIN_PROFILE],
  });
  boToken = await loginAs(platform.app, 'bo@acme.example');
});
afterAll(async () => {
  await platform?.close();
  middleware.server.close();
});

describe('POST /v1/buyers/{buyerID}/users/{userID}/invitation', () => {
  it('mails a week-long code to a user created without a password, who sets it once and signs in', async () => {
    await expectOk(
      await as(boToken)('POST', '/v1/buyers/acme/users', {
        ID: 'ida',
        Username: 'ida@acme.example',
        FirstName: 'Ida',
        LastName: 'Invited',
        Email: 'ida@acme.example',
        Active: true,
        Locale: { Language: 'da-DK', Currency: 'DKK' },
      }),
      201,
    );
    // No password: no sign-in yet.
    const early = await requestToken(platform.app, {
      grant_type: 'password',
      client_id: STOREFRONT_CLIENT_ID,
      username: 'ida@acme.example',
      password: 'anything-at-all-1',
    });
    expect(early.statusCode).toBe(400);

    const before = invitations().length;
    expect((await invite(boToken, 'acme', 'ida')).statusCode).toBe(204);
    const message = await waitForInvitation(before);
    expect(message?.signatureValid).toBe(true);
    const body = message?.body as {
      MessageType: string;
      Recipient: { ID: string; Email: string };
      EventBody: {
        PasswordRenewalVerificationCode: string;
        ExpiresInMinutes: number;
        PasswordRenewalUrl: string;
      };
    };
    expect(body).toMatchObject({
      MessageType: 'NewUserInvitation',
      Recipient: { ID: 'ida', Email: 'ida@acme.example' },
      EventBody: { PasswordRenewalUrl: 'http://shop.test/da/reset-password' },
    });
    expect(body.EventBody.ExpiresInMinutes).toBeGreaterThan(7 * 24 * 60 - 5);

    const code = body.EventBody.PasswordRenewalVerificationCode;
    const set = (password: string) =>
      platform.app.inject({
        method: 'PUT',
        url: `/v1/password/reset/${encodeURIComponent(code)}`,
        payload: { ClientID: STOREFRONT_CLIENT_ID, Username: 'ida@acme.example', Password: password },
      });
    expect((await set('ida-first-password-1')).statusCode).toBe(204);
    const ida = await loginAs(platform.app, 'ida@acme.example', 'ida-first-password-1');
    // (No profile in this world, so 403, but the token is good.)
    expect((await as(ida)('GET', '/v1/me')).statusCode).not.toBe(401);
    // Single use.
    const again = await set('ida-second-password-2');
    expect(again.statusCode).toBe(400);
    expect(errorCode(again)).toBe('InvalidVerificationCode');

    // She has no extension yet (xp.Kind is the CRM's): her admin still edits and deactivates her, at once.
    await expectOk(
      await as(boToken)('PATCH', '/v1/buyers/acme/users/ida', {
        Phone: '+45 11 22 33 44',
        Locale: { Language: 'de-DE', Currency: 'DKK' },
      }),
    );
    await expectOk(await as(boToken)('PATCH', '/v1/buyers/acme/users/ida', { Active: false }));
    expect((await as(ida)('GET', '/v1/me')).statusCode).toBe(401);
  });

  it('refuses a user who has a password already (409) and an inactive one', async () => {
    const response = await invite(boToken, 'acme', 'anna');
    expect(response.statusCode).toBe(409);
    expect(errorCode(response)).toBe('User.NotInvitable');
    await expectOk(
      await as(boToken)('POST', '/v1/buyers/acme/users', {
        ID: 'gone',
        Username: 'gone@acme.example',
        FirstName: 'G',
        LastName: 'One',
        Email: 'gone@acme.example',
        Active: false,
      }),
      201,
    );
    expect((await invite(boToken, 'acme', 'gone')).statusCode).toBe(409);
  });

  it('refuses a shopper (403), another company (404) and an unknown user (404), sending nothing', async () => {
    const before = invitations().length;
    const anna = await loginAs(platform.app, 'anna@acme.example');
    const shopper = await invite(anna, 'acme', 'gone');
    expect(shopper.statusCode).toBe(403);
    expect(errorCode(shopper)).toBe('Auth.InsufficientRoles');
    const otto = await loginAs(platform.app, 'otto@bauer.example');
    expect((await invite(otto, 'acme', 'gone')).statusCode).toBe(404);
    expect((await invite(otto, 'bauer', 'gone')).statusCode).toBe(404);
    expect((await invite(boToken, 'acme', 'nobody')).statusCode).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(invitations().length).toBe(before);
  });
});
