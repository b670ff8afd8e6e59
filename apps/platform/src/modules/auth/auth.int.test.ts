import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createBuyerWithUser,
  DEMO_PASSWORD,
  decodeClaims,
  loginAs,
  MIDDLEWARE_SECRET,
  type Platform,
  requestToken,
  startPlatform,
} from '../../testing/harness.ts';
import { MIDDLEWARE_CLIENT_ID, STOREFRONT_CLIENT_ID } from './bootstrap.ts';

describe('auth: token endpoint, roles, refresh rotation, throttling', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform({ LOGIN_MAX_FAILURES: '3' });
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'locky', username: 'locky@acme.example' });
  });
  afterAll(() => platform?.close());

  const passwordLogin = (username: string, password: string, scope?: string) =>
    requestToken(platform.app, {
      grant_type: 'password',
      client_id: STOREFRONT_CLIENT_ID,
      username,
      password,
      ...(scope ? { scope } : {}),
    });

  it('issues an OrderCloud token response for the password grant', async () => {
    const response = await passwordLogin('ANNA@acme.example', DEMO_PASSWORD);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 36_000 });
    expect(typeof body.refresh_token).toBe('string');
    const claims = decodeClaims(body.access_token);
    expect(claims).toMatchObject({
      usr: 'anna@acme.example',
      cid: STOREFRONT_CLIENT_ID,
      u: 'anna',
      bid: 'acme',
      cur: 'DKK',
    });
    expect(claims.role).toEqual(expect.arrayContaining(['Shopper', 'MeAdmin', 'MeAddressAdmin']));
    expect(typeof claims.exp).toBe('number');
  });

  it('narrows the roles to the requested scope', async () => {
    const response = await passwordLogin('anna@acme.example', DEMO_PASSWORD, 'Shopper OrderAdmin');
    expect(decodeClaims(response.json().access_token).role).toEqual(['Shopper']);
  });

  it('refuses a wrong password with invalid_grant in both error shapes', async () => {
    const response = await passwordLogin('anna@acme.example', 'wrong-password');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'invalid_grant',
      Errors: [{ ErrorCode: 'Auth.InvalidGrant' }],
    });
    expect((await passwordLogin('nobody@acme.example', 'whatever-pass')).statusCode).toBe(400);
  });

  it('refuses an unknown client and an unsupported grant', async () => {
    const unknown = await requestToken(platform.app, {
      grant_type: 'password',
      client_id: 'nope',
      username: 'anna@acme.example',
      password: DEMO_PASSWORD,
    });
    expect(unknown.json()).toMatchObject({ error: 'invalid_client' });
    const grant = await requestToken(platform.app, {
      grant_type: 'implicit',
      client_id: STOREFRONT_CLIENT_ID,
    });
    expect(grant.json()).toMatchObject({ error: 'unsupported_grant_type' });
    const missing = await platform.app.inject({ method: 'POST', url: '/oauth/token', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().Errors[0].ErrorCode).toBe('InvalidRequest');
  });

  it('locks an account after repeated failures, even for the right password', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await passwordLogin('locky@acme.example', 'bad-password')).statusCode).toBe(400);
    }
    const locked = await passwordLogin('locky@acme.example', DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().Errors[0].ErrorCode).toBe('Auth.TooManyLoginAttempts');
  });

  it('rotates refresh tokens and revokes the family when a rotated token is reused', async () => {
    const first = (await passwordLogin('anna@acme.example', DEMO_PASSWORD)).json();
    const refresh = (token: string) =>
      requestToken(platform.app, {
        grant_type: 'refresh_token',
        client_id: STOREFRONT_CLIENT_ID,
        refresh_token: token,
      });
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const rotated = second.json().refresh_token;
    expect(rotated).not.toBe(first.refresh_token);
    // The old token again: a theft signal, so the new one dies too.
    expect((await refresh(first.refresh_token)).statusCode).toBe(400);
    expect((await refresh(rotated)).statusCode).toBe(400);
  });

  it('gives the middleware a FullAccess token by client credentials, and refuses a wrong secret', async () => {
    const ok = await requestToken(platform.app, {
      grant_type: 'client_credentials',
      client_id: MIDDLEWARE_CLIENT_ID,
      client_secret: MIDDLEWARE_SECRET,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().refresh_token).toBeNull();
    expect(decodeClaims(ok.json().access_token)).toMatchObject({ usrtype: 'admin', role: ['FullAccess'] });
    const bad = await requestToken(platform.app, {
      grant_type: 'client_credentials',
      client_id: MIDDLEWARE_CLIENT_ID,
      client_secret: 'wrong-secret-wrong-secret',
    });
    expect(bad.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('answers 401 without or with a forged token, 403 Auth.InsufficientRoles without the role', async () => {
    expect((await platform.app.inject({ url: '/v1/me' })).statusCode).toBe(401);
    const token = await loginAs(platform.app, 'anna@acme.example');
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('forged').toString('base64url')}`;
    const forgedResponse = await call(platform.app, forged, 'GET', '/v1/me');
    expect(forgedResponse.statusCode).toBe(401);
    expect(forgedResponse.json().Errors[0].ErrorCode).toBe('InvalidToken');
    const denied = await call(platform.app, token, 'GET', '/v1/buyers');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({
      Errors: [
        {
          ErrorCode: 'Auth.InsufficientRoles',
          Message: expect.any(String),
          Data: { SufficientRoles: ['BuyerAdmin', 'BuyerReader'] },
        },
      ],
    });
  });

  it('grants roles through a group assignment and custom roles through profiles', async () => {
    const { app, adminToken } = platform;
    await call(app, adminToken, 'POST', '/v1/buyers/acme/usergroups', { ID: 'approvers', Name: 'Approvers' });
    await call(app, adminToken, 'POST', '/v1/buyers/acme/usergroups/assignments', {
      UserGroupID: 'approvers',
      UserID: 'anna',
    });
    const saved = await call(app, adminToken, 'POST', '/v1/securityprofiles/assignments', {
      SecurityProfileID: 'actuate-order-approver',
      BuyerID: 'acme',
      UserGroupID: 'approvers',
    });
    expect(saved.statusCode).toBe(204);
    const token = await loginAs(app, 'anna@acme.example');
    expect(decodeClaims(token).role).toContain('OrderApprover');
  });

  it('manages security profiles and refuses unknown API roles', async () => {
    const { app, adminToken } = platform;
    const created = await call(app, adminToken, 'POST', '/v1/securityprofiles', {
      ID: 'readers',
      Name: 'Readers',
      Roles: ['BuyerReader'],
    });
    expect(created.statusCode).toBe(201);
    expect(
      (await call(app, adminToken, 'POST', '/v1/securityprofiles', { ID: 'readers', Name: 'x' })).json()
        .Errors[0].ErrorCode,
    ).toBe('IdExists');
    const invalid = await call(app, adminToken, 'POST', '/v1/securityprofiles', {
      Name: 'Bad',
      Roles: ['Superuser'],
    });
    expect(invalid.statusCode).toBe(400);
    const list = await call(app, adminToken, 'GET', '/v1/securityprofiles?search=read');
    expect(list.json().Items.map((item: { ID: string }) => item.ID)).toEqual(['readers']);
    const assignments = await call(
      app,
      adminToken,
      'GET',
      '/v1/securityprofiles/assignments?buyerID=acme&userID=anna',
    );
    expect(assignments.json().Meta.TotalCount).toBe(1);
  });
});
