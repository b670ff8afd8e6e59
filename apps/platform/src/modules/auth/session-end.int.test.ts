/**
 * What ends a user's sessions besides an explicit revocation: deactivation, a new password, and a
 * change that takes roles away (a profile assignment removed, a profile narrowed, leaving a group
 * that gives roles). The old access token is refused from the next request on (401
 * `Auth.TokenRevoked`) on every instance, the refresh token too; signing in again works.
 */
import type { ServiceApp } from '@actuate/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  callers,
  createBuyerWithUser,
  createUserGroup,
  DEMO_PASSWORD,
  decodeClaims,
  errorCode,
  expectOk,
  type Platform,
  requestToken,
  startPlatform,
  startSecondInstance,
} from '../../testing/harness.ts';
import { STOREFRONT_CLIENT_ID } from './bootstrap.ts';

interface Session {
  access_token: string;
  refresh_token: string;
}

describe('sessions end when access changes', () => {
  let platform: Platform;
  let other: ServiceApp;
  const { admin, as } = callers(() => platform);

  const login = (username: string, password = DEMO_PASSWORD) =>
    requestToken(platform.app, {
      grant_type: 'password',
      client_id: STOREFRONT_CLIENT_ID,
      username,
      password,
    });
  const signIn = async (username: string, password = DEMO_PASSWORD) =>
    expectOk<Session>(await login(username, password));
  const refresh = (session: Session) =>
    requestToken(other, {
      grant_type: 'refresh_token',
      client_id: STOREFRONT_CLIENT_ID,
      refresh_token: session.refresh_token,
    });
  /** Both instances verify (and remember) the token first, as a client in use would have made them. */
  const expectWorks = async (token: string) => {
    for (const app of [platform.app, other])
      expect((await call(app, token, 'GET', '/v1/me')).statusCode).toBe(200);
  };
  const expectEnded = async (session: Session) => {
    for (const app of [platform.app, other]) {
      const response = await call(app, session.access_token, 'GET', '/v1/me');
      expect(response.statusCode).toBe(401);
      expect(errorCode(response)).toBe('Auth.TokenRevoked');
    }
    const refused = await refresh(session);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: 'invalid_grant' });
  };

  beforeAll(async () => {
    platform = await startPlatform();
    other = await startSecondInstance(platform);
    for (const profile of [
      { ID: 'user-admins', Name: 'User admins', Roles: ['BuyerUserAdmin', 'UserGroupAdmin'] },
      { ID: 'approvers', Name: 'Approvers', Roles: ['Shopper'], CustomRoles: ['OrderApprover'] },
      { ID: 'company-extra', Name: 'Company extra', Roles: ['AddressReader', 'CostCenterReader'] },
    ])
      await expectOk(await admin('POST', '/v1/securityprofiles', profile), 201);
    for (const [userId, profiles] of [
      ['anna', []],
      ['bo', ['user-admins']],
      ['carl', []],
      ['dora', []],
    ] as const)
      await createBuyerWithUser(platform, {
        buyerId: 'acme',
        userId,
        username: `${userId}@acme.example`,
        profiles: [...profiles],
      });
    await createBuyerWithUser(platform, { buyerId: 'globex', userId: 'gus', username: 'gus@globex.example' });
    await createUserGroup(platform, { buyerId: 'acme', groupId: 'approvers', userIds: ['carl', 'dora'] });
    await createUserGroup(platform, { buyerId: 'acme', groupId: 'newsletter', userIds: ['carl'] });
    await expectOk(
      await admin('POST', '/v1/securityprofiles/assignments', {
        SecurityProfileID: 'approvers',
        BuyerID: 'acme',
        UserGroupID: 'approvers',
      }),
      204,
    );
    await expectOk(
      await admin('POST', '/v1/securityprofiles/assignments', {
        SecurityProfileID: 'company-extra',
        BuyerID: 'globex',
      }),
      204,
    );
  });
  afterAll(async () => {
    await other?.close();
    await platform?.close();
  });

  it('ends the sessions of a user a buyer admin deactivates; reactivated, she signs in again', async () => {
    const anna = await signIn('anna@acme.example');
    const bo = await signIn('bo@acme.example');
    await expectWorks(anna.access_token);

    await expectOk(await as(bo.access_token)('PATCH', '/v1/buyers/acme/users/anna', { Active: false }));
    await expectEnded(anna);
    expect((await login('anna@acme.example')).statusCode).toBe(400);
    await expectWorks(bo.access_token);

    await expectOk(await as(bo.access_token)('PATCH', '/v1/buyers/acme/users/anna', { Active: true }));
    await expectWorks((await signIn('anna@acme.example')).access_token);
  });

  it('ends every session of a user whose password changes; the new password signs in', async () => {
    const phone = await signIn('dora@acme.example');
    const laptop = await signIn('dora@acme.example');
    await expectWorks(phone.access_token);
    await expectWorks(laptop.access_token);

    await expectOk(await as(laptop.access_token)('PATCH', '/v1/me', { Password: 'a-new-password-2026' }));
    await expectEnded(phone);
    await expectEnded(laptop);
    expect((await login('dora@acme.example')).statusCode).toBe(400);
    const again = await signIn('dora@acme.example', 'a-new-password-2026');
    await expectWorks(again.access_token);

    // Set by an administrator, the same.
    const user = await expectOk<Record<string, unknown>>(await admin('GET', '/v1/buyers/acme/users/dora'));
    await expectOk(await admin('PUT', '/v1/buyers/acme/users/dora', { ...user, Password: DEMO_PASSWORD }));
    await expectEnded(again);
    await expectWorks((await signIn('dora@acme.example')).access_token);
  });

  it('ends the sessions of a member removed from a group that gives roles, not from one that gives none', async () => {
    const bo = await signIn('bo@acme.example');
    const carl = await signIn('carl@acme.example');
    expect(decodeClaims(carl.access_token).role).toContain('OrderApprover');
    await expectWorks(carl.access_token);

    await expectOk(
      await as(bo.access_token)('DELETE', '/v1/buyers/acme/usergroups/newsletter/assignments/carl'),
      204,
    );
    await expectWorks(carl.access_token);

    await expectOk(
      await as(bo.access_token)('DELETE', '/v1/buyers/acme/usergroups/approvers/assignments/carl'),
      204,
    );
    await expectEnded(carl);
    const again = await signIn('carl@acme.example');
    expect(decodeClaims(again.access_token).role).not.toContain('OrderApprover');
    await expectWorks(again.access_token);
  });

  it('ends the sessions of a user whose profile assignment is removed', async () => {
    const bo = await signIn('bo@acme.example');
    const anna = await signIn('anna@acme.example');
    await expectWorks(bo.access_token);
    await expectOk(
      await admin('DELETE', '/v1/securityprofiles/user-admins/assignments?buyerID=acme&userID=bo'),
      204,
    );
    await expectEnded(bo);
    await expectWorks(anna.access_token);
    const again = await signIn('bo@acme.example');
    expect(decodeClaims(again.access_token).role).not.toContain('BuyerUserAdmin');
    expect((await as(again.access_token)('GET', '/v1/buyers/acme/users')).statusCode).toBe(403);
  });

  it('ends the sessions of a company whose profile loses a role; adding one ends none', async () => {
    const gus = await signIn('gus@globex.example');
    const anna = await signIn('anna@acme.example');
    expect(decodeClaims(gus.access_token).role).toContain('CostCenterReader');
    await expectWorks(gus.access_token);

    await expectOk(
      await admin('PATCH', '/v1/securityprofiles/company-extra', {
        Roles: ['AddressReader', 'CostCenterReader', 'PriceScheduleReader'],
      }),
    );
    await expectWorks(gus.access_token);

    await expectOk(await admin('PATCH', '/v1/securityprofiles/company-extra', { Roles: ['AddressReader'] }));
    await expectEnded(gus);
    await expectWorks(anna.access_token);
    const again = await signIn('gus@globex.example');
    expect(decodeClaims(again.access_token).role).not.toContain('CostCenterReader');
    await expectWorks(again.access_token);
  });
});
