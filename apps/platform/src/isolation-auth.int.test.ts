import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STOREFRONT_CLIENT_ID } from './modules/auth/bootstrap.ts';
import {
  callers,
  createBuyerWithUser,
  errorCode,
  expectOk,
  loginAs,
  type Method,
  type Platform,
  startPlatform,
} from './testing/harness.ts';
import { createIsolationCast } from './testing/isolation-cast.ts';

type Attempt = [Method, string, unknown?];

/**
 * Isolation of token revocation, impersonation and API client assignments. Intruders hold misassigned
 * admin roles: ivan of another company, and walt of vera's own company (revoking one's own tokens is
 * scoped by user). A permissive impersonation config (any impersonator, any user, full access) exists,
 * so only the confinement to one's company stands between the intruders and the victim.
 */
describe('isolation of token revocation, impersonation and API client assignments', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  let vera: string;
  let ivan: string;
  let walt: string;

  const assignments = async () =>
    (await expectOk<{ Items: unknown[] }>(await admin('GET', '/v1/apiclients/assignments'))).Items;
  const veraStillSignedIn = async () => expect((await as(vera)('GET', '/v1/me')).statusCode).toBe(200);

  beforeAll(async () => {
    platform = await startPlatform();
    await createIsolationCast(platform, [
      'BuyerAdmin',
      'BuyerUserAdmin',
      'BuyerImpersonation',
      'ApiClientAdmin',
      'SecurityProfileAdmin',
      'SetSecurityProfile',
    ]);
    await expectOk(
      await admin('POST', '/v1/securityprofiles', { ID: 'all', Name: 'All', Roles: ['FullAccess'] }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/impersonationconfig', {
        ID: 'anyone',
        SecurityProfileID: 'all',
        ClientID: STOREFRONT_CLIENT_ID,
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/apiclients', {
        ID: 'victim-portal',
        AppName: 'Victim portal',
        AllowAnyBuyer: false,
      }),
      201,
    );
    await createBuyerWithUser(platform, {
      buyerId: 'intruder',
      userId: 'iris',
      username: 'iris@intruder.example',
    });
    await expectOk(
      await admin('POST', '/v1/apiclients/assignments', { ApiClientID: 'victim-portal', BuyerID: 'victim' }),
      204,
    );
    vera = await loginAs(platform.app, 'vera@victim.example');
    ivan = await loginAs(platform.app, 'ivan@intruder.example');
    walt = await loginAs(platform.app, 'walt@victim.example');
  });
  afterAll(() => platform?.close());

  it('another company’s user cannot revoke the victim’s tokens or impersonate the victim', async () => {
    const attempts: Attempt[] = [
      ['DELETE', '/v1/buyers/victim/users/vera/tokens'],
      [
        'POST',
        '/v1/buyers/victim/users/vera/accesstoken',
        { ClientID: STOREFRONT_CLIENT_ID, Roles: ['FullAccess'] },
      ],
      [
        'POST',
        '/v1/buyers/victim/users/walt/accesstoken',
        { ClientID: STOREFRONT_CLIENT_ID, Roles: ['Shopper'] },
      ],
    ];
    for (const [method, url, body] of attempts) {
      const response = await as(ivan)(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().Errors[0].Data).toEqual({ ObjectType: 'Buyer', ObjectID: 'victim' });
      expect(response.body).not.toContain('access_token');
    }
    await veraStillSignedIn();
  });

  it('no buyer user manages API client assignments, whatever its roles', async () => {
    const before = await assignments();
    const attempts: [string, Attempt, number, string][] = [
      ['ivan', ['GET', '/v1/apiclients/assignments'], 403, 'Auth.InsufficientRoles'],
      [
        'ivan',
        ['POST', '/v1/apiclients/assignments', { ApiClientID: 'victim-portal', BuyerID: 'intruder' }],
        403,
        'Auth.InsufficientRoles',
      ],
      ['ivan', ['DELETE', '/v1/buyers/victim/ApiClients/Assignments/victim-portal'], 404, 'NotFound'],
      [
        'ivan',
        ['DELETE', '/v1/buyers/intruder/ApiClients/Assignments/victim-portal'],
        403,
        'Auth.UserNotAuthorizedToAdmin',
      ],
      [
        'ivan',
        ['PUT', '/v1/apiclients/victim-portal', { AppName: 'Mine', AllowAnyBuyer: true }],
        403,
        'Auth.InsufficientRoles',
      ],
      [
        'ivan',
        ['PATCH', '/v1/securityprofiles/misassigned', { Roles: ['FullAccess'] }],
        403,
        'Auth.InsufficientRoles',
      ],
      [
        'ivan',
        ['POST', '/v1/impersonationconfig', { SecurityProfileID: 'all', ClientID: 'victim-portal' }],
        403,
        'Auth.InsufficientRoles',
      ],
      // Even within its own company: the assignment is the marketplace's.
      [
        'walt',
        ['DELETE', '/v1/buyers/victim/ApiClients/Assignments/victim-portal'],
        403,
        'Auth.UserNotAuthorizedToAdmin',
      ],
    ];
    for (const [who, [method, url, body], status, code] of attempts) {
      const response = await as(who === 'ivan' ? ivan : walt)(method, url, body);
      expect(response.statusCode, `${who} ${method} ${url}`).toBe(status);
      expect(errorCode(response)).toBe(code);
    }
    expect(await assignments()).toEqual(before);
    expect(await expectOk(await admin('GET', '/v1/apiclients/victim-portal'))).toMatchObject({
      AppName: 'Victim portal',
      AllowAnyBuyer: false,
    });
    expect(await expectOk(await admin('GET', '/v1/securityprofiles/misassigned'))).toMatchObject({
      Roles: expect.not.arrayContaining(['FullAccess']),
    });
  });

  it('an impersonation inside the intruder’s own company, even with FullAccess, stays in that company', async () => {
    const issued = await expectOk<{ access_token: string }>(
      await as(ivan)('POST', '/v1/buyers/intruder/users/iris/accesstoken', {
        ClientID: STOREFRONT_CLIENT_ID,
        Roles: ['FullAccess'],
      }),
    );
    const asIris = as(issued.access_token);
    for (const [method, url, body] of [
      ['GET', '/v1/buyers/victim/users'],
      ['DELETE', '/v1/buyers/victim/users/vera/tokens'],
      ['DELETE', '/v1/buyers/victim/ApiClients/Assignments/victim-portal'],
    ] as Attempt[]) {
      expect((await asIris(method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await asIris('GET', '/v1/apiclients/assignments')).statusCode).toBe(403);
    const chained = await asIris('POST', '/v1/buyers/intruder/users/ivan/accesstoken', {
      ClientID: STOREFRONT_CLIENT_ID,
      Roles: ['FullAccess'],
    });
    expect(errorCode(chained)).toBe('Auth.UserNotAuthorizedToAdmin');
    await veraStillSignedIn();
  });

  it('a colleague’s DELETE /me/tokens ends only the colleague’s sessions', async () => {
    await expectOk(await as(walt)('DELETE', '/v1/me/tokens'), 204);
    expect((await as(walt)('GET', '/v1/me')).statusCode).toBe(401);
    await veraStillSignedIn();
    expect((await as(ivan)('GET', '/v1/me')).statusCode).toBe(200);
  });
});
