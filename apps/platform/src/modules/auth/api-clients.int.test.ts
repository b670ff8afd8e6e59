import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  callers,
  createBuyerWithUser,
  DEMO_PASSWORD,
  errorCode,
  expectOk,
  loginAs,
  MIDDLEWARE_SECRET,
  type Platform,
  requestToken,
  startPlatform,
  startSecondInstance,
} from '../../testing/harness.ts';
import { MIDDLEWARE_CLIENT_ID, MIDDLEWARE_USER_ID, STOREFRONT_CLIENT_ID } from './bootstrap.ts';

/** `PUT /apiclients/{id}`, API client assignments and the token endpoint, `PATCH /securityprofiles/{id}`. */
describe('API clients, their buyer assignments, and security profile PATCH', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);

  const login = (clientId: string, username: string) =>
    requestToken(platform.app, {
      grant_type: 'password',
      client_id: clientId,
      username,
      password: DEMO_PASSWORD,
    });
  const refresh = (clientId: string, refreshToken: string) =>
    requestToken(platform.app, {
      grant_type: 'refresh_token',
      client_id: clientId,
      refresh_token: refreshToken,
    });
  const machineLogin = (clientId: string, secret: string) =>
    requestToken(platform.app, {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: secret,
    });

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'globex', userId: 'gus', username: 'gus@globex.example' });
  });
  afterAll(() => platform?.close());

  describe('PUT /v1/apiclients/{id}', () => {
    const kiosk = {
      AppName: 'Kiosk',
      AccessTokenDuration: 60,
      AllowAnyBuyer: false,
      AllowSeller: true,
      DefaultContextUserName: MIDDLEWARE_USER_ID,
      ClientSecret: 'kiosk-secret-0123456789',
    };

    it('creates the client, then replaces it; the write-only secret stays unless sent', async () => {
      const created = await expectOk(await admin('PUT', '/v1/apiclients/kiosk', kiosk));
      expect(created).toMatchObject({
        ID: 'kiosk',
        AppName: 'Kiosk',
        AccessTokenDuration: 60,
        AllowAnyBuyer: false,
      });
      expect(created).not.toHaveProperty('ClientSecret');
      expect((await machineLogin('kiosk', kiosk.ClientSecret)).statusCode).toBe(200);

      const { ClientSecret: _, ...withoutSecret } = kiosk;
      const replaced = await expectOk(
        await admin('PUT', '/v1/apiclients/kiosk', {
          ...withoutSecret,
          AppName: 'Kiosk 2',
          AccessTokenDuration: 30,
        }),
      );
      expect(replaced).toMatchObject({ ID: 'kiosk', AppName: 'Kiosk 2', AccessTokenDuration: 30 });
      expect(await expectOk(await admin('GET', '/v1/apiclients/kiosk'))).toEqual(replaced);
      expect((await machineLogin('kiosk', kiosk.ClientSecret)).statusCode).toBe(200);

      // A replacement resets what it leaves out to the defaults, and `ClientSecret: null` drops the secret.
      const reset = await expectOk(
        await admin('PUT', '/v1/apiclients/kiosk', { AppName: 'Kiosk 3', ClientSecret: null }),
      );
      expect(reset).toMatchObject({ AppName: 'Kiosk 3', AllowAnyBuyer: true, AllowSeller: false });
      expect(reset.DefaultContextUserName).toBeNull();
      expect((await machineLogin('kiosk', kiosk.ClientSecret)).json()).toMatchObject({
        error: 'invalid_client',
      });
    });

    it('refuses what a create refuses and changes nothing', async () => {
      const before = await expectOk(await admin('GET', '/v1/apiclients/kiosk'));
      for (const body of [
        { AppName: 'Too long', AccessTokenDuration: 5000 },
        { AccessTokenDuration: 60 },
        { AppName: 'Short secret', ClientSecret: 'short' },
        { AppName: 'Bad type', AllowAnyBuyer: 'yes' },
      ]) {
        const response = await admin('PUT', '/v1/apiclients/kiosk', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
        expect(errorCode(response)).toBe('InvalidRequest');
      }
      expect(await expectOk(await admin('GET', '/v1/apiclients/kiosk'))).toEqual(before);
      const anna = await loginAs(platform.app, 'anna@acme.example');
      const denied = await as(anna)('PUT', '/v1/apiclients/kiosk', { AppName: 'Mine' });
      expect(denied.statusCode).toBe(403);
      expect(await expectOk(await admin('GET', '/v1/apiclients/kiosk'))).toEqual(before);
    });
  });

  describe('PATCH /v1/securityprofiles/{id}', () => {
    it('merges into the stored profile and validates the result as a PUT', async () => {
      await expectOk(
        await admin('POST', '/v1/securityprofiles', {
          ID: 'desk',
          Name: 'Service desk',
          Roles: ['BuyerReader'],
          CustomRoles: ['Desk'],
        }),
        201,
      );
      const patched = await expectOk(
        await admin('PATCH', '/v1/securityprofiles/desk', {
          Roles: ['BuyerReader', 'OrderReader'],
          ID: 'other',
        }),
      );
      expect(patched).toEqual({
        ID: 'desk',
        Name: 'Service desk',
        Roles: ['BuyerReader', 'OrderReader'],
        CustomRoles: ['Desk'],
        IsExternalRoleGroup: false,
      });
      expect((await admin('GET', '/v1/securityprofiles/other')).statusCode).toBe(404);
    });

    it('refuses unknown roles, an empty name and unknown profiles, changing nothing', async () => {
      const before = await expectOk(await admin('GET', '/v1/securityprofiles/desk'));
      for (const patch of [{ Roles: ['Superuser'] }, { Name: '' }, { CustomRoles: 'Desk' }]) {
        const response = await admin('PATCH', '/v1/securityprofiles/desk', patch);
        expect(response.statusCode, JSON.stringify(patch)).toBe(400);
        expect(errorCode(response)).toBe('InvalidRequest');
      }
      expect(await expectOk(await admin('GET', '/v1/securityprofiles/desk'))).toEqual(before);
      const missing = await admin('PATCH', '/v1/securityprofiles/nope', { Name: 'x' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().Errors[0].Data).toEqual({ ObjectType: 'SecurityProfile', ObjectID: 'nope' });
      const anna = await loginAs(platform.app, 'anna@acme.example');
      expect((await as(anna)('PATCH', '/v1/securityprofiles/desk', { Name: 'Mine' })).statusCode).toBe(403);
      expect(await expectOk(await admin('GET', '/v1/securityprofiles/desk'))).toEqual(before);
    });
  });

  describe('API client assignments', () => {
    beforeAll(async () => {
      await expectOk(
        await admin('POST', '/v1/apiclients', {
          ID: 'partner',
          AppName: 'Partner portal',
          AllowAnyBuyer: false,
        }),
        201,
      );
    });

    it('lets only users of assigned buyers get a token through a client that allows no buyer', async () => {
      const refused = await login('partner', 'anna@acme.example');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        error: 'invalid_grant',
        Errors: [{ ErrorCode: 'Auth.InvalidGrant' }],
      });

      await expectOk(
        await admin('POST', '/v1/apiclients/assignments', { ApiClientID: 'partner', BuyerID: 'acme' }),
        204,
      );
      // Saving it again is harmless.
      await expectOk(
        await admin('POST', '/v1/apiclients/assignments', { ApiClientID: 'partner', BuyerID: 'acme' }),
        204,
      );
      const allowed = await login('partner', 'anna@acme.example');
      expect(allowed.statusCode).toBe(200);
      expect((await login('partner', 'gus@globex.example')).json()).toMatchObject({ error: 'invalid_grant' });

      const listed = await expectOk(await admin('GET', '/v1/apiclients/assignments?apiClientID=partner'));
      expect(listed).toEqual({
        Meta: expect.objectContaining({ Page: 1, TotalCount: 1, TotalPages: 1, ItemRange: [1, 1] }),
        Items: [{ ApiClientID: 'partner', BuyerID: 'acme', SupplierID: null }],
      });
      const none = await expectOk<{ Items: unknown[] }>(
        await admin('GET', '/v1/apiclients/assignments?buyerID=globex'),
      );
      expect(none.Items).toEqual([]);
      const suppliers = await expectOk<{ Items: unknown[] }>(
        await admin('GET', '/v1/apiclients/assignments?supplierID=acme'),
      );
      expect(suppliers.Items).toEqual([]);

      // The refresh token still refreshes while the company is assigned, and stops once it is not.
      const refreshed = await refresh('partner', allowed.json().refresh_token);
      expect(refreshed.statusCode).toBe(200);
      await expectOk(await admin('DELETE', '/v1/buyers/acme/ApiClients/Assignments/partner'), 204);
      expect((await login('partner', 'anna@acme.example')).statusCode).toBe(400);
      expect((await refresh('partner', refreshed.json().refresh_token)).json()).toMatchObject({
        error: 'invalid_grant',
      });
      const again = await admin('DELETE', '/v1/buyers/acme/ApiClients/Assignments/partner');
      expect(again.statusCode).toBe(404);
      expect(errorCode(again)).toBe('NotFound');
    });

    it('refuses assignments of unknown clients or buyers, suppliers, and malformed bodies', async () => {
      await expectOk(
        await admin('POST', '/v1/apiclients/assignments', { ApiClientID: 'partner', BuyerID: 'globex' }),
        204,
      );
      const cases: [unknown, number, string][] = [
        [{ ApiClientID: 'nope', BuyerID: 'acme' }, 404, 'NotFound'],
        [{ ApiClientID: 'partner', BuyerID: 'nope' }, 404, 'NotFound'],
        [{ ApiClientID: 'partner', SupplierID: 'sup' }, 400, 'InvalidRequest'],
        [{ ApiClientID: 'partner' }, 400, 'InvalidRequest'],
        [{ BuyerID: 'acme' }, 400, 'InvalidRequest'],
        [{ ApiClientID: 42, BuyerID: 'acme' }, 400, 'InvalidRequest'],
      ];
      for (const [body, status, code] of cases) {
        const response = await admin('POST', '/v1/apiclients/assignments', body);
        expect(response.statusCode, JSON.stringify(body)).toBe(status);
        expect(errorCode(response)).toBe(code);
      }
      const listed = await expectOk<{ Items: unknown[] }>(await admin('GET', '/v1/apiclients/assignments'));
      expect(listed.Items).toEqual([{ ApiClientID: 'partner', BuyerID: 'globex', SupplierID: null }]);
      expect((await admin('DELETE', '/v1/buyers/globex/ApiClients/Assignments/nope')).statusCode).toBe(404);
    });

    it('deletes a client’s assignments with the client', async () => {
      await expectOk(
        await admin('POST', '/v1/apiclients', {
          ID: 'short-lived',
          AppName: 'Short-lived',
          AllowAnyBuyer: false,
        }),
        201,
      );
      await expectOk(
        await admin('POST', '/v1/apiclients/assignments', { ApiClientID: 'short-lived', BuyerID: 'acme' }),
        204,
      );
      await expectOk(await admin('DELETE', '/v1/apiclients/short-lived'), 204);
      const listed = await expectOk<{ Items: unknown[] }>(
        await admin('GET', '/v1/apiclients/assignments?apiClientID=short-lived'),
      );
      expect(listed.Items).toEqual([]);
    });
  });

  describe('built-in clients at start-up', () => {
    it('keep what an operator set on them; only the middleware secret follows the settings', async () => {
      await expectOk(
        await admin('PATCH', `/v1/apiclients/${STOREFRONT_CLIENT_ID}`, {
          AccessTokenDuration: 45,
          xp: { SetBy: 'operator' },
        }),
      );
      const rotated = 'rotated-middleware-secret-5678';
      const restarted = await startSecondInstance(platform, { MIDDLEWARE_CLIENT_SECRET: rotated });
      try {
        const token = (secret: string) =>
          requestToken(restarted, {
            grant_type: 'client_credentials',
            client_id: MIDDLEWARE_CLIENT_ID,
            client_secret: secret,
          });
        expect((await token(MIDDLEWARE_SECRET)).statusCode).toBe(400);
        const admin2 = (await token(rotated)).json().access_token as string;
        const storefront = await expectOk(
          await call(restarted, admin2, 'GET', `/v1/apiclients/${STOREFRONT_CLIENT_ID}`),
        );
        expect(storefront).toMatchObject({ AccessTokenDuration: 45, xp: { SetBy: 'operator' } });
      } finally {
        await restarted.close();
      }
    });
  });
});
