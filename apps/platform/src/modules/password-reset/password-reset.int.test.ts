/**
 * Password reset (OrderCloud's ForgottenPassword): the request answers the same whatever it names,
 * the message reaches the middleware (a stand-in here) signed and retried, and the code sets a
 * password once, for its own user, before it expires, ending the user's sessions.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FAKE_MIDDLEWARE_HASH_KEY, fakeMiddleware } from '../../testing/fake-middleware.ts';
import {
  call,
  createBuyerWithUser,
  errorCode,
  loginAs,
  type Platform,
  requestToken,
  startPlatform,
} from '../../testing/harness.ts';
import { STOREFRONT_CLIENT_ID } from '../auth/bootstrap.ts';
import { passwordResets } from './schema.ts';
import { FORGOTTEN_PASSWORD_PATH } from './service.ts';

vi.setConfig({ testTimeout: 60_000 });

let platform: Platform;
const middleware = fakeMiddleware();
const NEW_PASSWORD = 'a-new-password-42';

const requestReset = (body: Record<string, unknown>) =>
  platform.app.inject({ method: 'POST', url: '/v1/password/reset', payload: body });
const useCode = (code: string, body: Record<string, unknown>) =>
  platform.app.inject({
    method: 'PUT',
    url: `/v1/password/reset/${encodeURIComponent(code)}`,
    payload: body,
  });
const messages = () => middleware.calls.filter((entry) => entry.path === FORGOTTEN_PASSWORD_PATH);

async function codeFor(username: string): Promise<string> {
  const before = messages().length;
  const response = await requestReset({
    ClientID: STOREFRONT_CLIENT_ID,
    Username: username,
    URL: 'http://shop.test/en/reset-password',
  });
  expect(response.statusCode).toBe(204);
  const until = Date.now() + 30_000;
  while (messages().length <= before) {
    if (Date.now() > until) throw new Error('no ForgottenPassword message');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const body = messages().at(-1)?.body as { EventBody: { PasswordRenewalVerificationCode: string } };
  return body.EventBody.PasswordRenewalVerificationCode;
}

beforeAll(async () => {
  await new Promise<void>((resolve) => middleware.server.listen(0, '127.0.0.1', resolve));
  const { port } = middleware.server.address() as AddressInfo;
  middleware.state.answers[FORGOTTEN_PASSWORD_PATH] = { status: 200, body: { outcome: 'sent' } };
  platform = await startPlatform({
    MIDDLEWARE_URL: `http://127.0.0.1:${port}`,
    CHECKOUT_INTEGRATION_HASH_KEY: FAKE_MIDDLEWARE_HASH_KEY,
    JOB_POLLING_INTERVAL_SECONDS: '1',
    // The per-address limit has its own test; this file makes many requests from one address.
    PASSWORD_RESETS_PER_MINUTE: '1000',
  });
  for (const [userId, username] of [
    ['anna', 'anna@acme.example'],
    ['bo', 'bo@acme.example'],
    ['cleo', 'cleo@acme.example'],
  ]) {
    await createBuyerWithUser(platform, {
      buyerId: 'acme',
      userId: userId as string,
      username: username as string,
    });
  }
});
afterAll(async () => {
  await platform?.close();
  middleware.server.close();
});

describe('POST /v1/password/reset', () => {
  it('sends the ForgottenPassword message, signed, with the user, the code and the URL', async () => {
    const code = await codeFor('anna@acme.example');
    const message = messages().at(-1);
    expect(message?.signatureValid).toBe(true);
    expect(message?.body).toMatchObject({
      MessageType: 'ForgottenPassword',
      BuyerID: 'acme',
      Recipient: { ID: 'anna', Username: 'anna@acme.example', Email: 'anna@acme.example' },
      EventBody: { Username: 'anna@acme.example', PasswordRenewalUrl: 'http://shop.test/en/reset-password' },
    });
    expect(code.length).toBeGreaterThanOrEqual(40);
    // Only the code's hash is stored.
    const rows = await platform.database.db.select().from(passwordResets);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('answers 204 alike for an unknown user, a wrong e-mail and an unknown client, sending nothing', async () => {
    const before = messages().length;
    for (const body of [
      { ClientID: STOREFRONT_CLIENT_ID, Email: 'nobody@nowhere.example' },
      { ClientID: STOREFRONT_CLIENT_ID, Username: 'nobody' },
      { ClientID: STOREFRONT_CLIENT_ID, Username: 'anna@acme.example', Email: 'other@acme.example' },
      { ClientID: 'no-such-client', Email: 'anna@acme.example' },
    ]) {
      const response = await requestReset(body);
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
    }
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(messages().length).toBe(before);
  });

  it('finds the user by e-mail alone', async () => {
    const before = messages().length;
    expect(
      (await requestReset({ ClientID: STOREFRONT_CLIENT_ID, Email: 'BO@acme.example' })).statusCode,
    ).toBe(204);
    const until = Date.now() + 30_000;
    while (messages().length <= before && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    expect(messages().at(-1)?.body).toMatchObject({ Recipient: { ID: 'bo' } });
  });

  it('retries the message while the middleware does not take it', async () => {
    middleware.state.answers[FORGOTTEN_PASSWORD_PATH] = { status: 503, body: 'down' };
    const before = messages().length;
    await requestReset({ ClientID: STOREFRONT_CLIENT_ID, Username: 'cleo@acme.example' });
    const until = Date.now() + 30_000;
    while (messages().length <= before && Date.now() < until) await new Promise((r) => setTimeout(r, 200));
    middleware.state.answers[FORGOTTEN_PASSWORD_PATH] = { status: 200, body: { outcome: 'sent' } };
    const failed = messages().length;
    const again = Date.now() + 40_000;
    while (messages().length <= failed && Date.now() < again) await new Promise((r) => setTimeout(r, 200));
    expect(messages().length).toBeGreaterThan(failed);
    expect(messages().at(-1)?.body).toMatchObject({ Recipient: { ID: 'cleo' } });
  });

  it('refuses bodies without ClientID or without e-mail and username (400, OrderCloud errors)', async () => {
    for (const body of [
      { Email: 'anna@acme.example' },
      { ClientID: STOREFRONT_CLIENT_ID },
      { ClientID: 5 },
    ]) {
      const response = await requestReset(body);
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('InvalidRequest');
    }
  });
});

it('limits requests per address (429)', async () => {
  const limited = await startPlatform({ PASSWORD_RESETS_PER_MINUTE: '2' });
  try {
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await limited.app.inject({
        method: 'POST',
        url: '/v1/password/reset',
        payload: { ClientID: STOREFRONT_CLIENT_ID, Email: 'anna@acme.example' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([204, 204, 429]);
  } finally {
    await limited.close();
  }
});

describe('PUT /v1/password/reset/{code}', () => {
  it('sets the password once and ends the sessions begun before', async () => {
    const oldToken = await loginAs(platform.app, 'anna@acme.example');
    expect((await call(platform.app, oldToken, 'GET', '/v1/me')).statusCode).toBe(200);
    const code = await codeFor('anna@acme.example');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const body = { ClientID: STOREFRONT_CLIENT_ID, Username: 'anna@acme.example', Password: NEW_PASSWORD };
    const reset = await useCode(code, body);
    expect(reset.statusCode, reset.body).toBe(204);
    expect((await call(platform.app, oldToken, 'GET', '/v1/me')).statusCode).toBe(401);
    await loginAs(platform.app, 'anna@acme.example', NEW_PASSWORD);
    const old = await requestToken(platform.app, {
      grant_type: 'password',
      client_id: STOREFRONT_CLIENT_ID,
      username: 'anna@acme.example',
      password: 'actuate-demo',
    });
    expect(old.statusCode).toBe(400);
    // Single use.
    const again = await useCode(code, { ...body, Password: 'yet-another-password' });
    expect(again.statusCode).toBe(400);
    expect(errorCode(again)).toBe('InvalidVerificationCode');
  });

  it('refuses the code of another user, a wrong client, an unknown code and a short password', async () => {
    const code = await codeFor('bo@acme.example');
    const cases: [string, Record<string, unknown>, string][] = [
      [
        code,
        { ClientID: STOREFRONT_CLIENT_ID, Username: 'anna@acme.example', Password: NEW_PASSWORD },
        'InvalidVerificationCode',
      ],
      [
        code,
        { ClientID: 'other-client', Username: 'bo@acme.example', Password: NEW_PASSWORD },
        'InvalidVerificationCode',
      ],
      [
        'x'.repeat(43),
        { ClientID: STOREFRONT_CLIENT_ID, Username: 'bo@acme.example', Password: NEW_PASSWORD },
        'InvalidVerificationCode',
      ],
      [
        code,
        { ClientID: STOREFRONT_CLIENT_ID, Username: 'bo@acme.example', Password: 'short' },
        'InvalidRequest',
      ],
      [code, { ClientID: STOREFRONT_CLIENT_ID, Username: 'bo@acme.example' }, 'InvalidRequest'],
    ];
    for (const [candidate, body, expected] of cases) {
      const response = await useCode(candidate, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorCode(response)).toBe(expected);
    }
    // Still usable by its own user after all that.
    const ok = await useCode(code, {
      ClientID: STOREFRONT_CLIENT_ID,
      Username: 'bo@acme.example',
      Password: NEW_PASSWORD,
    });
    expect(ok.statusCode).toBe(204);
  });

  it('refuses an expired code', async () => {
    const code = await codeFor('cleo@acme.example');
    await platform.database.db.update(passwordResets).set({ expiresAt: new Date(Date.now() - 1000) });
    const response = await useCode(code, {
      ClientID: STOREFRONT_CLIENT_ID,
      Username: 'cleo@acme.example',
      Password: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('InvalidVerificationCode');
  });
});
