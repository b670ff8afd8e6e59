import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createBuyerWithUser,
  DEMO_PASSWORD,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';
import { STOREFRONT_CLIENT_ID } from './bootstrap.ts';

describe('login throttle: per account and source, with an account-wide ceiling', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform({ LOGIN_ACCOUNT_MAX_FAILURES: '8' });
    for (const userId of ['owner', 'spread', 'direct', 'unlockme']) {
      await createBuyerWithUser(platform, { buyerId: 'acme', userId, username: `${userId}@acme.example` });
    }
  });
  afterAll(() => platform?.close());

  /** A password login as the storefront's server would send it for a visitor at `source`. */
  const login = (username: string, password: string, source: string, peer = '127.0.0.1') =>
    platform.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress: peer,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': source },
      payload: new URLSearchParams({
        grant_type: 'password',
        client_id: STOREFRONT_CLIENT_ID,
        username,
        password,
      }).toString(),
    });

  it('five wrong passwords from source A lock A out, while the owner signs in from source B', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login('owner@acme.example', 'wrong', '198.51.100.1')).statusCode).toBe(400);
    }
    const attacker = await login('owner@acme.example', DEMO_PASSWORD, '198.51.100.1');
    expect(attacker.statusCode).toBe(429);
    expect(attacker.json().Errors[0].ErrorCode).toBe('Auth.TooManyLoginAttempts');

    const owner = await login('OWNER@acme.example', DEMO_PASSWORD, '203.0.113.7');
    expect(owner.statusCode).toBe(200);
    // Source A stays throttled after the owner's success.
    expect((await login('owner@acme.example', DEMO_PASSWORD, '198.51.100.1')).statusCode).toBe(429);
  });

  it('locks unknown sources once failures from many sources reach the account ceiling, not known ones', async () => {
    expect((await login('spread@acme.example', DEMO_PASSWORD, '203.0.113.20')).statusCode).toBe(200);
    for (let source = 1; source <= 4; source++) {
      for (let attempt = 0; attempt < 2; attempt++) {
        expect((await login('spread@acme.example', 'wrong', `198.51.100.${10 + source}`)).statusCode).toBe(
          400,
        );
      }
    }
    // Eight failures from four sources: no single source reached five, the account ceiling is reached.
    expect((await login('spread@acme.example', DEMO_PASSWORD, '198.51.100.99')).statusCode).toBe(429);
    // Where the owner signed in before still works.
    expect((await login('spread@acme.example', DEMO_PASSWORD, '203.0.113.20')).statusCode).toBe(200);
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const response = await login(
        'direct@acme.example',
        'wrong',
        `192.0.2.${attempt + 1}`,
        '198.51.100.200',
      );
      expect(response.statusCode).toBe(400);
    }
    const rotated = await login('direct@acme.example', DEMO_PASSWORD, '192.0.2.77', '198.51.100.200');
    expect(rotated.statusCode).toBe(429);
    expect(
      (await login('direct@acme.example', DEMO_PASSWORD, '192.0.2.77', '198.51.100.201')).statusCode,
    ).toBe(200);
  });

  it("an administrator's unlock lifts the per-source locks", async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      await login('unlockme@acme.example', 'wrong', '198.51.100.50');
    }
    expect((await login('unlockme@acme.example', DEMO_PASSWORD, '198.51.100.50')).statusCode).toBe(429);
    const unlocked = await call(
      platform.app,
      platform.adminToken,
      'POST',
      '/v1/buyers/acme/users/unlockme/unlock',
    );
    expect(unlocked.statusCode).toBe(204);
    expect((await login('unlockme@acme.example', DEMO_PASSWORD, '198.51.100.50')).statusCode).toBe(200);
  });
});
