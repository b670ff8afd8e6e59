/**
 * Token revocation with stateless access tokens, on two instances of the platform on one database:
 * a revocation through one instance refuses the user's earlier tokens on the other from its next
 * request, although both had verified (and remembered) them, and the refresh tokens stop refreshing.
 */
import type { ServiceApp } from '@actuate/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  call,
  createBuyerWithUser,
  DEMO_PASSWORD,
  errorCode,
  expectOk,
  loginAs,
  type Platform,
  requestToken,
  startPlatform,
  startSecondInstance,
} from '../../testing/harness.ts';
import { statementsDuring } from '../../testing/statement-log.ts';
import { STOREFRONT_CLIENT_ID } from './bootstrap.ts';

describe('token revocation across instances', () => {
  let platform: Platform;
  /** A second instance on the same database. */
  let other: ServiceApp;
  let instances: ServiceApp[];

  const passwordLogin = async (app: ServiceApp, username: string) =>
    expectOk<{ access_token: string; refresh_token: string }>(
      await requestToken(app, {
        grant_type: 'password',
        client_id: STOREFRONT_CLIENT_ID,
        username,
        password: DEMO_PASSWORD,
      }),
    );
  const refresh = (app: ServiceApp, refreshToken: string) =>
    requestToken(app, {
      grant_type: 'refresh_token',
      client_id: STOREFRONT_CLIENT_ID,
      refresh_token: refreshToken,
    });
  const meStatus = async (app: ServiceApp, token: string) =>
    (await call(app, token, 'GET', '/v1/me')).statusCode;
  /** The token is refused as revoked on every instance. */
  const expectRevokedEverywhere = async (token: string) => {
    for (const app of instances) {
      const response = await call(app, token, 'GET', '/v1/me');
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe('Auth.TokenRevoked');
    }
  };
  const expectWorksEverywhere = async (token: string) => {
    for (const app of instances) expect(await meStatus(app, token)).toBe(200);
  };

  beforeAll(async () => {
    platform = await startPlatform();
    other = await startSecondInstance(platform);
    instances = [platform.app, other];
    await expectOk(
      await call(platform.app, platform.adminToken, 'POST', '/v1/securityprofiles', {
        ID: 'user-admins',
        Name: 'Buyer user admins',
        Roles: ['BuyerUserAdmin'],
      }),
      201,
    );
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, {
      buyerId: 'acme',
      userId: 'bo',
      username: 'bo@acme.example',
      profiles: ['user-admins'],
    });
    await createBuyerWithUser(platform, { buyerId: 'globex', userId: 'gus', username: 'gus@globex.example' });
    await seedSmallCatalog(platform, ['acme']);
  });
  afterAll(async () => {
    await other?.close();
    await platform?.close();
  });

  it('DELETE /v1/me/tokens refuses every earlier token of the user on every instance and ends refreshing', async () => {
    const first = await passwordLogin(platform.app, 'anna@acme.example');
    const second = await passwordLogin(other, 'anna@acme.example');
    const rotated = await expectOk<{ access_token: string; refresh_token: string }>(
      await refresh(other, second.refresh_token),
    );
    const gus = await loginAs(platform.app, 'gus@globex.example');
    // Both instances verify (and remember) every token first.
    for (const token of [first.access_token, second.access_token, rotated.access_token]) {
      await expectWorksEverywhere(token);
    }

    await expectOk(await call(other, first.access_token, 'DELETE', '/v1/me/tokens'), 204);

    for (const token of [first.access_token, second.access_token, rotated.access_token]) {
      await expectRevokedEverywhere(token);
    }
    for (const [app, refreshToken] of [
      [platform.app, first.refresh_token],
      [other, rotated.refresh_token],
    ] as const) {
      const refused = await refresh(app, refreshToken);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error: 'invalid_grant',
        Errors: [{ ErrorCode: 'Auth.TokenRevoked' }],
      });
    }
    // Signing in again works everywhere, refreshing included; other users never noticed.
    const again = await passwordLogin(other, 'anna@acme.example');
    await expectWorksEverywhere(again.access_token);
    const refreshed = await expectOk<{ access_token: string }>(
      await refresh(platform.app, again.refresh_token),
    );
    await expectWorksEverywhere(refreshed.access_token);
    await expectWorksEverywhere(gus);
  });

  it('lets an admin, or a BuyerUserAdmin of the company, revoke a buyer user’s tokens', async () => {
    const anna = await loginAs(platform.app, 'anna@acme.example');
    const bo = await loginAs(platform.app, 'bo@acme.example');
    await expectWorksEverywhere(anna);
    await expectOk(await call(platform.app, bo, 'DELETE', '/v1/buyers/acme/users/anna/tokens'), 204);
    await expectRevokedEverywhere(anna);
    await expectWorksEverywhere(bo);

    const annaAgain = await loginAs(other, 'anna@acme.example');
    await expectWorksEverywhere(annaAgain);
    await expectOk(
      await call(other, platform.adminToken, 'DELETE', '/v1/buyers/acme/users/anna/tokens'),
      204,
    );
    await expectRevokedEverywhere(annaAgain);
  });

  it('refuses unknown users, another company’s users and callers without the role, revoking nothing', async () => {
    const anna = await loginAs(platform.app, 'anna@acme.example');
    const bo = await loginAs(platform.app, 'bo@acme.example');
    const gus = await loginAs(platform.app, 'gus@globex.example');
    const admin = platform.adminToken;

    const unknown = await call(platform.app, admin, 'DELETE', '/v1/buyers/acme/users/nope/tokens');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Errors[0].Data).toEqual({ ObjectType: 'User', ObjectID: 'nope' });
    // gus is a user of globex, not of acme.
    expect((await call(platform.app, admin, 'DELETE', '/v1/buyers/acme/users/gus/tokens')).statusCode).toBe(
      404,
    );
    const denied = await call(platform.app, anna, 'DELETE', '/v1/buyers/acme/users/bo/tokens');
    expect(denied.statusCode).toBe(403);
    expect(errorCode(denied)).toBe('Auth.InsufficientRoles');
    expect((await platform.app.inject({ method: 'DELETE', url: '/v1/me/tokens' })).statusCode).toBe(401);

    for (const token of [anna, bo, gus]) await expectWorksEverywhere(token);
  });

  it('costs the add-line-item request no database round trip while nothing new is revoked', async () => {
    const anna = await loginAs(platform.app, 'anna@acme.example');
    const order = await expectOk<{ ID: string }>(
      await call(other, anna, 'POST', '/v1/orders/Outgoing', {}),
      201,
    );
    const addLine = async () =>
      expectOk(
        await call(other, anna, 'POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, {
          ProductID: 'la-24-pot',
          Quantity: 1,
          Specs: [{ SpecID: 'stroke', OptionID: '100' }],
        }),
        201,
      );
    const reads = (statements: string[], table: string) =>
      statements.filter((statement) => statement.includes(`"${table}"`)).length;
    await addLine();

    // The counters are read once per request anyway (the catalogue and price caches use them).
    const quiet = await statementsDuring(platform.database, addLine);
    expect(reads(quiet, 'cache_generations')).toBe(1);
    expect(reads(quiet, 'token_revocations')).toBe(0);

    // A revocation (of someone else) is read once by the next request, then known.
    await expectOk(
      await call(platform.app, platform.adminToken, 'DELETE', '/v1/buyers/globex/users/gus/tokens'),
      204,
    );
    const catchingUp = await statementsDuring(platform.database, addLine);
    expect(reads(catchingUp, 'cache_generations')).toBe(1);
    expect(reads(catchingUp, 'token_revocations')).toBe(1);
    expect(catchingUp).toHaveLength(quiet.length + 1);
    const after = await statementsDuring(platform.database, addLine);
    expect(after).toHaveLength(quiet.length);
    expect(reads(after, 'token_revocations')).toBe(0);
  });
});
