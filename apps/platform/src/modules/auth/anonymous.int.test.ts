import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  call,
  createBuyerWithUser,
  decodeClaims,
  errorCode,
  expectOk,
  loginAs,
  type Platform,
  requestToken,
  startPlatform,
} from '../../testing/harness.ts';
import { STOREFRONT_CLIENT_ID } from './bootstrap.ts';

/**
 * OrderCloud's anonymous shopping: an IsAnonBuyer client's client_credentials grant without a secret
 * gives a token of its anonymous template user (DefaultContextUserName), at most Shopper.
 */
describe('auth: anonymous buyer tokens', () => {
  let platform: Platform;
  const admin = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    call(platform.app, platform.adminToken, method, url, body);
  const anonymousToken = async (scope?: string) => {
    const response = await requestToken(platform.app, {
      grant_type: 'client_credentials',
      client_id: 'anon-client',
      ...(scope ? { scope } : {}),
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { access_token: string; refresh_token: string | null; expires_in: number };
  };

  beforeAll(async () => {
    platform = await startPlatform();
    // The anonymous user holds the base profile (MeAdmin among others): the grant must still cut it to Shopper.
    await createBuyerWithUser(platform, {
      buyerId: 'anonymous',
      userId: 'anon-user',
      username: 'anonymous@actuate.example',
      currency: 'EUR',
    });
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await seedSmallCatalog(platform, ['anonymous', 'acme']);
    await expectOk(
      await admin('POST', '/v1/apiclients', {
        ID: 'anon-client',
        AppName: 'Anonymous shop',
        IsAnonBuyer: true,
        DefaultContextUserName: 'anon-user',
        AccessTokenDuration: 60,
      }),
      201,
    );
  });
  afterAll(() => platform?.close());

  it('keeps IsAnonBuyer on the API client', async () => {
    const client = await expectOk(await admin('GET', '/v1/apiclients/anon-client'));
    expect(client).toMatchObject({ IsAnonBuyer: true, DefaultContextUserName: 'anon-user' });
    const storefront = await expectOk(await admin('GET', `/v1/apiclients/${STOREFRONT_CLIENT_ID}`));
    expect(storefront.IsAnonBuyer).toBe(false);
  });

  it('issues a Shopper-only token of the anonymous user without a secret, with no refresh token', async () => {
    const body = await anonymousToken('Shopper MeAdmin MeAddressAdmin');
    expect(body.refresh_token).toBeNull();
    expect(body.expires_in).toBe(3600);
    const claims = decodeClaims(body.access_token);
    expect(claims).toMatchObject({ u: 'anon-user', bid: 'anonymous', cid: 'anon-client', role: ['Shopper'] });
    // Without a scope: still only Shopper.
    expect(decodeClaims((await anonymousToken()).access_token).role).toEqual(['Shopper']);
  });

  it('refuses client_credentials without a secret for a client that is not IsAnonBuyer', async () => {
    const response = await requestToken(platform.app, {
      grant_type: 'client_credentials',
      client_id: STOREFRONT_CLIENT_ID,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_client' });
    expect(errorCode(response)).toBe('Auth.InvalidClient');
  });

  it('lets the anonymous token browse its catalogue but not write or read other buyers', async () => {
    const token = (await anonymousToken('Shopper')).access_token;
    const products = await expectOk(await call(platform.app, token, 'GET', '/v1/me/products'));
    expect((products.Items as unknown[]).length).toBeGreaterThan(0);
    expect((await call(platform.app, token, 'PATCH', '/v1/me', { FirstName: 'Mallory' })).statusCode).toBe(
      403,
    );
    expect(
      (await call(platform.app, token, 'POST', '/v1/me/addresses', { Street1: 'x', City: 'y' })).statusCode,
    ).toBe(403);
    expect((await call(platform.app, token, 'GET', '/v1/buyers/acme/users')).statusCode).toBe(403);
    expect((await call(platform.app, token, 'GET', '/v1/buyers/acme/users/anna')).statusCode).toBe(403);
    // A signed-in buyer's own data stays theirs.
    const anna = await loginAs(platform.app, 'anna@acme.example');
    const annaMe = await expectOk(await call(platform.app, anna, 'GET', '/v1/me'));
    expect(annaMe.ID).toBe('anna');
  });

  it('refuses the anonymous grant when the client is deactivated', async () => {
    await expectOk(await admin('PATCH', '/v1/apiclients/anon-client', { Active: false }));
    const response = await requestToken(platform.app, {
      grant_type: 'client_credentials',
      client_id: 'anon-client',
    });
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('Auth.InvalidClient');
    await expectOk(await admin('PATCH', '/v1/apiclients/anon-client', { Active: true }));
  });
});
