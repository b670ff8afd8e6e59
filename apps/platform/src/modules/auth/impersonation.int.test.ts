import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callers,
  createBuyerWithUser,
  createUserGroup,
  decodeClaims,
  errorCode,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';
import { MIDDLEWARE_USER_ID, STOREFRONT_CLIENT_ID } from './bootstrap.ts';

type TokenBody = {
  access_token: string;
  token_type: string;
  expires_in: number;
  refresh_token: string | null;
};

/**
 * Impersonation (`POST /buyers/{buyerID}/users/{userID}/accesstoken`) and the impersonation configs
 * that decide who may impersonate whom through which client, with which roles.
 */
describe('impersonation', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  /** carla: a buyer user of acme holding BuyerImpersonation (the company's service desk). */
  let carla: string;
  let anna: string;

  const impersonate = (token: string, buyerId: string, userId: string, body: unknown) =>
    as(token)('POST', `/v1/buyers/${buyerId}/users/${userId}/accesstoken`, body);

  beforeAll(async () => {
    platform = await startPlatform();
    const profile = (ID: string, Roles: string[], CustomRoles: string[] = []) =>
      admin('POST', '/v1/securityprofiles', { ID, Name: ID, Roles, CustomRoles });
    await expectOk(await profile('impersonator', ['BuyerImpersonation']), 201);
    await expectOk(await profile('shop-as', ['Shopper', 'MeAdmin'], ['Assisted']), 201);
    await expectOk(await profile('everything', ['FullAccess']), 201);
    await expectOk(await profile('unused', ['Shopper']), 201);
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'ben', username: 'ben@acme.example' });
    await createBuyerWithUser(platform, {
      buyerId: 'acme',
      userId: 'carla',
      username: 'carla@acme.example',
      profiles: ['impersonator'],
    });
    await createBuyerWithUser(platform, { buyerId: 'globex', userId: 'gus', username: 'gus@globex.example' });
    await createUserGroup(platform, { buyerId: 'acme', groupId: 'assisted', userIds: ['ben'] });
    for (const client of [
      { ID: 'assist', AppName: 'Assisted ordering' },
      { ID: 'closed', AppName: 'Closed', AllowAnyBuyer: false },
    ]) {
      await expectOk(await admin('POST', '/v1/apiclients', client), 201);
    }
    carla = await loginAs(platform.app, 'carla@acme.example');
    anna = await loginAs(platform.app, 'anna@acme.example');
  });
  afterAll(() => platform?.close());

  describe('impersonation configs', () => {
    const desk = {
      ID: 'desk',
      ImpersonationBuyerID: 'acme',
      ImpersonationUserID: 'carla',
      BuyerID: 'acme',
      GroupID: 'assisted',
      SecurityProfileID: 'shop-as',
      ClientID: 'assist',
    };

    it('creates, reads, lists, replaces, patches and deletes configs', async () => {
      const created = await expectOk(await admin('POST', '/v1/impersonationconfig', desk), 201);
      expect(created).toEqual({ ...desk, ImpersonationGroupID: null, UserID: null });
      expect(await expectOk(await admin('GET', '/v1/impersonationconfig/desk'))).toEqual(created);
      const listed = await expectOk<{ Items: { ID: string }[] }>(
        await admin('GET', '/v1/impersonationconfig?ClientID=assist'),
      );
      expect(listed.Items.map((item) => item.ID)).toEqual(['desk']);

      const { ID: _, ...body } = desk;
      const replaced = await expectOk(
        await admin('PUT', '/v1/impersonationconfig/desk', { ...body, GroupID: null, UserID: 'ben' }),
      );
      expect(replaced).toMatchObject({ ID: 'desk', GroupID: null, UserID: 'ben' });
      const patched = await expectOk(
        await admin('PATCH', '/v1/impersonationconfig/desk', { GroupID: 'assisted', UserID: null }),
      );
      expect(patched).toEqual(created);

      await expectOk(await admin('PUT', '/v1/impersonationconfig/temporary', { ...body, UserID: 'ben' }));
      await expectOk(await admin('DELETE', '/v1/impersonationconfig/temporary'), 204);
      expect((await admin('GET', '/v1/impersonationconfig/temporary')).statusCode).toBe(404);
    });

    it('refuses unknown references, groups without their buyer, duplicates and callers without the role', async () => {
      const { ID: _, ...body } = desk;
      const cases: [Record<string, unknown>, number, string][] = [
        [{ SecurityProfileID: 'nope' }, 404, 'NotFound'],
        [{ ClientID: 'nope' }, 404, 'NotFound'],
        [{ BuyerID: 'nope' }, 404, 'NotFound'],
        [{ GroupID: 'nope' }, 404, 'NotFound'],
        [{ UserID: 'gus' }, 404, 'NotFound'],
        [{ ImpersonationUserID: 'nope' }, 404, 'NotFound'],
        [{ BuyerID: null }, 400, 'InvalidRequest'],
        [{ ClientID: undefined }, 400, 'InvalidRequest'],
        [{ UserID: 7 }, 400, 'InvalidRequest'],
        [{}, 409, 'ImpersonationConfig.ConflictingImpersonationConfigExists'],
      ];
      for (const [change, status, code] of cases) {
        const response = await admin('POST', '/v1/impersonationconfig', { ...body, ID: 'bad', ...change });
        expect(response.statusCode, JSON.stringify(change)).toBe(status);
        expect(errorCode(response)).toBe(code);
      }
      expect((await admin('PATCH', '/v1/impersonationconfig/desk', { ClientID: 'nope' })).statusCode).toBe(
        404,
      );
      expect((await admin('PATCH', '/v1/impersonationconfig/nope', { UserID: null })).statusCode).toBe(404);
      expect((await as(carla)('GET', '/v1/impersonationconfig')).statusCode).toBe(403);
      expect((await as(carla)('POST', '/v1/impersonationconfig', { ...body, ID: 'mine' })).statusCode).toBe(
        403,
      );
      const listed = await expectOk<{ Items: { ID: string }[] }>(
        await admin('GET', '/v1/impersonationconfig'),
      );
      expect(listed.Items.map((item) => item.ID)).toEqual(['desk']);
      expect(await expectOk(await admin('GET', '/v1/impersonationconfig/desk'))).toMatchObject({
        ClientID: 'assist',
        GroupID: 'assisted',
      });
    });

    it('keeps the profile and the client of a config from being deleted', async () => {
      const profile = await admin('DELETE', '/v1/securityprofiles/shop-as');
      expect(profile.statusCode).toBe(409);
      expect(errorCode(profile)).toBe('Impersonation.CannotDeleteSecurityProfile');
      const client = await admin('DELETE', '/v1/apiclients/assist');
      expect(client.statusCode).toBe(409);
      expect(errorCode(client)).toBe('ApiClient.UsedByImpersonationConfig');
      expect((await admin('GET', '/v1/securityprofiles/shop-as')).statusCode).toBe(200);
      expect((await admin('GET', '/v1/apiclients/assist')).statusCode).toBe(200);
      // An unused profile still goes.
      await expectOk(await admin('DELETE', '/v1/securityprofiles/unused'), 204);
    });
  });

  describe('impersonation tokens', () => {
    beforeAll(async () => {
      // Admin users may act as any acme user through the storefront with the shop-as roles.
      await expectOk(
        await admin('POST', '/v1/impersonationconfig', {
          ID: 'call-centre',
          BuyerID: 'acme',
          SecurityProfileID: 'shop-as',
          ClientID: STOREFRONT_CLIENT_ID,
          ImpersonationUserID: MIDDLEWARE_USER_ID,
        }),
        201,
      );
    });

    it('acts as the user with the requested roles the config grants, shows the impersonator, gives no refresh token', async () => {
      const issued = await expectOk<TokenBody>(
        await impersonate(platform.adminToken, 'acme', 'anna', {
          ClientID: STOREFRONT_CLIENT_ID,
          Roles: ['Shopper', 'OrderAdmin'],
          CustomRoles: ['Assisted', 'Boss'],
        }),
      );
      expect(issued).toMatchObject({ token_type: 'bearer', expires_in: 36_000, refresh_token: null });
      const claims = decodeClaims(issued.access_token);
      expect(claims).toMatchObject({
        u: 'anna',
        usr: 'anna@acme.example',
        usrtype: 'buyer',
        bid: 'acme',
        cid: STOREFRONT_CLIENT_ID,
        imp: MIDDLEWARE_USER_ID,
      });
      // Never more than asked for (MeAdmin is granted but was not requested), nor more than granted.
      expect(claims.role).toEqual(['Shopper', 'Assisted']);

      const me = await expectOk(await as(issued.access_token)('GET', '/v1/me'));
      expect(me).toMatchObject({ ID: 'anna', AvailableRoles: ['Shopper', 'Assisted'] });
      const order = await expectOk(await as(issued.access_token)('POST', '/v1/orders/Outgoing', {}), 201);
      expect(order).toMatchObject({ FromUserID: 'anna', FromCompanyID: 'acme' });
      // Roles not in the token are refused as for anna herself.
      expect((await as(issued.access_token)('PATCH', '/v1/me', { FirstName: 'X' })).statusCode).toBe(403);
    });

    it('confines the token to the impersonated user’s company, whatever roles it carries', async () => {
      await expectOk(
        await admin('POST', '/v1/impersonationconfig', {
          ID: 'all-powerful',
          BuyerID: 'acme',
          SecurityProfileID: 'everything',
          ClientID: STOREFRONT_CLIENT_ID,
        }),
        201,
      );
      const issued = await expectOk<TokenBody>(
        await impersonate(platform.adminToken, 'acme', 'ben', {
          ClientID: STOREFRONT_CLIENT_ID,
          Roles: ['FullAccess'],
        }),
      );
      expect(decodeClaims(issued.access_token).role).toEqual(['FullAccess']);
      const ben = as(issued.access_token);
      expect((await ben('GET', '/v1/buyers')).statusCode).toBe(403);
      expect((await ben('GET', '/v1/buyers/globex/users')).statusCode).toBe(404);
      expect((await ben('GET', '/v1/apiclients')).statusCode).toBe(403);
      expect((await ben('GET', '/v1/buyers/acme/users')).statusCode).toBe(200);
      // An impersonation token never impersonates again.
      const chained = await impersonate(issued.access_token, 'acme', 'anna', {
        ClientID: STOREFRONT_CLIENT_ID,
        Roles: ['Shopper'],
      });
      expect(chained.statusCode).toBe(403);
      expect(errorCode(chained)).toBe('Auth.UserNotAuthorizedToAdmin');
      await expectOk(await admin('DELETE', '/v1/impersonationconfig/all-powerful'), 204);
    });

    it('follows the config’s parties: a buyer user impersonates only whom and where it names', async () => {
      const deskFor = (userId: string) =>
        impersonate(carla, 'acme', userId, { ClientID: 'assist', Roles: ['Shopper'] });
      const issued = await expectOk<TokenBody>(await deskFor('ben'));
      expect(decodeClaims(issued.access_token)).toMatchObject({ u: 'ben', imp: 'carla', cid: 'assist' });
      // anna is not in the group `assisted`; the admin is not carla; gus is another company's.
      const notInGroup = await deskFor('anna');
      expect(notInGroup.statusCode).toBe(400);
      expect(errorCode(notInGroup)).toBe('Impersonation.ConfigError');
      const notCarla = await impersonate(platform.adminToken, 'acme', 'ben', {
        ClientID: 'assist',
        Roles: ['Shopper'],
      });
      expect(errorCode(notCarla)).toBe('Impersonation.ConfigError');
      const otherCompany = await impersonate(carla, 'globex', 'gus', {
        ClientID: 'assist',
        Roles: ['Shopper'],
      });
      expect(otherCompany.statusCode).toBe(404);
      // Nor roles the profile does not hold.
      const notGranted = await impersonate(carla, 'acme', 'ben', {
        ClientID: 'assist',
        Roles: ['OrderAdmin'],
      });
      expect(errorCode(notGranted)).toBe('Impersonation.ConfigError');
    });

    it('refuses unknown or unassigned clients, unknown or inactive users, bad bodies and callers without the role', async () => {
      await expectOk(
        await admin('POST', '/v1/impersonationconfig', {
          ID: 'closed-door',
          BuyerID: 'acme',
          SecurityProfileID: 'shop-as',
          ClientID: 'closed',
        }),
        201,
      );
      await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'gone', username: 'gone@acme.example' });
      await expectOk(await admin('PATCH', '/v1/buyers/acme/users/gone', { Active: false }));
      const token = platform.adminToken;
      const shopper = { ClientID: STOREFRONT_CLIENT_ID, Roles: ['Shopper'] };
      const cases: [string, string, unknown, number, string][] = [
        ['acme', 'anna', { ClientID: 'nope', Roles: ['Shopper'] }, 404, 'Impersonation.ClientIDNotFound'],
        ['acme', 'anna', { ClientID: 'closed', Roles: ['Shopper'] }, 400, 'Impersonation.BuyerNotAssigned'],
        ['acme', 'nope', shopper, 404, 'NotFound'],
        ['acme', 'gus', shopper, 404, 'NotFound'],
        ['acme', 'gone', shopper, 400, 'Auth.UserNotActive'],
        ['globex', 'gus', shopper, 400, 'Impersonation.ConfigError'],
        ['acme', 'anna', { ClientID: STOREFRONT_CLIENT_ID, Roles: ['Superuser'] }, 400, 'InvalidRequest'],
        ['acme', 'anna', { ClientID: STOREFRONT_CLIENT_ID, Roles: [] }, 400, 'InvalidRequest'],
        ['acme', 'anna', { Roles: ['Shopper'] }, 400, 'InvalidRequest'],
        ['acme', 'anna', { ClientID: STOREFRONT_CLIENT_ID }, 400, 'InvalidRequest'],
      ];
      for (const [buyerId, userId, body, status, code] of cases) {
        const response = await impersonate(token, buyerId, userId, body);
        expect(response.statusCode, `${userId} ${JSON.stringify(body)}`).toBe(status);
        expect(errorCode(response)).toBe(code);
      }
      // Once the company is assigned to the closed client, it impersonates there too.
      await expectOk(
        await admin('POST', '/v1/apiclients/assignments', { ApiClientID: 'closed', BuyerID: 'acme' }),
        204,
      );
      await expectOk(await impersonate(token, 'acme', 'anna', { ClientID: 'closed', Roles: ['Shopper'] }));
      const denied = await impersonate(anna, 'acme', 'ben', shopper);
      expect(denied.statusCode).toBe(403);
      expect(errorCode(denied)).toBe('Auth.InsufficientRoles');
    });

    it('is revoked with the impersonated user’s tokens, and with the impersonator’s', async () => {
      const asAnna = await expectOk<TokenBody>(
        await impersonate(platform.adminToken, 'acme', 'anna', {
          ClientID: STOREFRONT_CLIENT_ID,
          Roles: ['Shopper'],
        }),
      );
      await expectOk(await admin('DELETE', '/v1/buyers/acme/users/anna/tokens'), 204);
      const revoked = await as(asAnna.access_token)('GET', '/v1/me');
      expect(revoked.statusCode).toBe(401);
      expect(errorCode(revoked)).toBe('Auth.TokenRevoked');

      const carlaNow = await loginAs(platform.app, 'carla@acme.example');
      const benOwn = await loginAs(platform.app, 'ben@acme.example');
      const asBen = await expectOk<TokenBody>(
        await impersonate(carlaNow, 'acme', 'ben', { ClientID: 'assist', Roles: ['Shopper'] }),
      );
      expect((await as(asBen.access_token)('GET', '/v1/me')).statusCode).toBe(200);
      // carla signs out everywhere: what she did as ben ends with it; ben's own session does not.
      await expectOk(await as(carlaNow)('DELETE', '/v1/me/tokens'), 204);
      expect((await as(asBen.access_token)('GET', '/v1/me')).statusCode).toBe(401);
      expect((await as(benOwn)('GET', '/v1/me')).statusCode).toBe(200);
    });
  });
});
