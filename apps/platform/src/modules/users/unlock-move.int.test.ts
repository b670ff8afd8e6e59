import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  adminWithRoles,
  callers,
  createBuyerWithUser,
  createUserGroup,
  DEMO_PASSWORD,
  errorCode,
  expectOk,
  loginAs,
  type Platform,
  requestToken,
  startPlatform,
} from '../../testing/harness.ts';
import { BUYER_BASE_PROFILE_ID, STOREFRONT_CLIENT_ID } from '../auth/bootstrap.ts';

type Body = Record<string, unknown>;
type Page = { Items: Body[]; Meta: Body };

const address = (id: string) => ({
  ID: id,
  Street1: 'Main street 1',
  City: 'Aarhus',
  State: 'Region',
  Zip: '8000',
  Country: 'DK',
});

describe('buyer users: unlock, move to another buyer, list across buyers', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  const login = (username: string, password = DEMO_PASSWORD) =>
    requestToken(platform.app, {
      grant_type: 'password',
      client_id: STOREFRONT_CLIENT_ID,
      username,
      password,
    });

  beforeAll(async () => {
    // Three failed logins lock an account.
    platform = await startPlatform({ LOGIN_MAX_FAILURES: '3' });
    for (const [buyerId, userId] of [
      ['acme', 'anna'],
      ['acme', 'bo'],
      ['acme', 'carl'],
      ['globex', 'gina'],
    ] as const)
      await createBuyerWithUser(platform, { buyerId, userId, username: `${userId}@${buyerId}.example` });
    await seedSmallCatalog(platform, ['acme', 'globex']);
  });
  afterAll(() => platform?.close());

  describe('POST /v1/buyers/{buyerID}/users/{userID}/unlock', () => {
    const failLogins = async (username: string, times: number) => {
      for (let i = 0; i < times; i++) expect((await login(username, 'wrong-password')).statusCode).toBe(400);
    };

    it('unlocks a user locked by failed logins, who then logs in at once', async () => {
      await failLogins('ANNA@acme.example', 3);
      const locked = await login('anna@acme.example');
      expect(locked.statusCode).toBe(429);
      expect(errorCode(locked)).toBe('Auth.TooManyLoginAttempts');
      await expectOk(await admin('POST', '/v1/buyers/acme/users/anna/unlock'), 204);
      await expectOk(await login('anna@acme.example'));
    });

    it('clears the failure count too: the next failures start from zero', async () => {
      await failLogins('bo@acme.example', 2);
      await expectOk(await admin('POST', '/v1/buyers/acme/users/bo/unlock'), 204);
      await failLogins('bo@acme.example', 2);
      await expectOk(await login('bo@acme.example'));
    });

    it('is 404 for an unknown user or a user of another buyer, and takes BuyerUserAdmin', async () => {
      await failLogins('carl@acme.example', 3);
      for (const url of ['/v1/buyers/acme/users/ghost/unlock', '/v1/buyers/globex/users/carl/unlock']) {
        const response = await admin('POST', url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json().Errors[0].Data).toMatchObject({ ObjectType: 'User' });
      }
      const reader = await adminWithRoles(platform, 'BuyerUserReader');
      const refused = await as(reader)('POST', '/v1/buyers/acme/users/carl/unlock');
      expect(refused.statusCode).toBe(403);
      expect(refused.json().Errors[0].Data).toEqual({ SufficientRoles: ['BuyerUserAdmin'] });
      // A shopper of the same company cannot unlock anyone either.
      const anna = await loginAs(platform.app, 'anna@acme.example');
      expect((await as(anna)('POST', '/v1/buyers/acme/users/carl/unlock')).statusCode).toBe(403);
      expect((await login('carl@acme.example')).statusCode).toBe(429);
      await expectOk(await admin('POST', '/v1/buyers/acme/users/carl/unlock'), 204);
      await expectOk(await login('carl@acme.example'));
    });
  });

  describe('GET /v1/buyerusers', () => {
    it('lists the users of every buyer (no admin users), with filters, search, sorting and pages', async () => {
      const page = await expectOk<Page>(await admin('GET', '/v1/buyerusers'));
      expect(page.Items.map((user) => user.ID).sort()).toEqual(['anna', 'bo', 'carl', 'gina']);
      expect(page.Items.find((user) => user.ID === 'gina')).toMatchObject({
        CompanyID: 'globex',
        Username: 'gina@globex.example',
      });
      expect(JSON.stringify(page)).not.toContain('argon2');
      const ids = async (query: string) =>
        (await expectOk<Page>(await admin('GET', `/v1/buyerusers?${query}`))).Items.map((user) => user.ID);
      expect(await ids('CompanyID=globex')).toEqual(['gina']);
      expect(await ids('CompanyID=!globex&sortBy=!ID')).toEqual(['carl', 'bo', 'anna']);
      expect(await ids('search=gina&searchOn=Email')).toEqual(['gina']);
      expect(await ids('sortBy=ID&page=2&pageSize=3')).toEqual(['gina']);
      expect(errorCode(await admin('GET', '/v1/buyerusers?Nope=1'))).toBe('InvalidRequest');
    });

    it('takes BuyerUserAdmin or BuyerUserReader, and buyer users never reach it', async () => {
      await expectOk(await as(await adminWithRoles(platform, 'BuyerUserReader'))('GET', '/v1/buyerusers'));
      expect(
        (await as(await adminWithRoles(platform, 'OrderAdmin'))('GET', '/v1/buyerusers')).statusCode,
      ).toBe(403);
      await expectOk(
        await admin('POST', '/v1/securityprofiles', {
          ID: 'user-admin',
          Name: 'User admin',
          Roles: ['BuyerUserAdmin'],
        }),
        201,
      );
      await expectOk(
        await admin('POST', '/v1/securityprofiles/assignments', {
          SecurityProfileID: 'user-admin',
          BuyerID: 'acme',
          UserID: 'carl',
        }),
        204,
      );
      const carl = await loginAs(platform.app, 'carl@acme.example');
      const response = await as(carl)('GET', '/v1/buyerusers');
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('gina');
    });
  });

  describe('POST /v1/buyers/{buyerID}/users/{userID}/moveto/{newBuyerID}', () => {
    const move = (user: string, to: string, query = '?orders=None') =>
      admin('POST', `/v1/buyers/acme/users/${user}/moveto/${to}${query}`);
    let annaRefreshToken: string;
    let annaAccessToken: string;
    let annaCart: string;

    beforeAll(async () => {
      // What anna has at acme: a group, a user-level address assignment, a personal address, a
      // budget, a company card and a card of her own, a cart; and a refresh token.
      await createUserGroup(platform, { buyerId: 'acme', groupId: 'workshop', userIds: ['anna', 'bo'] });
      await expectOk(await admin('POST', '/v1/buyers/acme/addresses', address('acme-hq')), 201);
      await expectOk(
        await admin('POST', '/v1/buyers/acme/addresses/assignments', {
          AddressID: 'acme-hq',
          UserID: 'anna',
          IsShipping: true,
          IsBilling: true,
        }),
        204,
      );
      await expectOk(
        await admin('POST', '/v1/buyers/acme/spendingaccounts', { ID: 'budget', Name: 'B', Balance: 100 }),
        201,
      );
      await expectOk(
        await admin('POST', '/v1/buyers/acme/spendingaccounts/assignments', {
          SpendingAccountID: 'budget',
          UserID: 'anna',
        }),
        204,
      );
      await expectOk(
        await admin('POST', '/v1/buyers/acme/creditcards', { ID: 'acme-card', Token: 'tok' }),
        201,
      );
      await expectOk(
        await admin('POST', '/v1/buyers/acme/creditcards/assignments', {
          CreditCardID: 'acme-card',
          UserID: 'anna',
        }),
        204,
      );
      const issued = await expectOk<{ access_token: string; refresh_token: string }>(
        await login('anna@acme.example'),
      );
      annaRefreshToken = issued.refresh_token;
      annaAccessToken = issued.access_token;
      const anna = issued.access_token;
      await expectOk(await as(anna)('POST', '/v1/me/addresses', address('anna-home')), 201);
      await expectOk(await as(anna)('POST', '/v1/me/creditcards', { ID: 'annas-card', Token: 'own' }), 201);
      annaCart = (await expectOk<Body>(await as(anna)('POST', '/v1/orders/Outgoing', {}), 201)).ID as string;
      // Globex gives its users the buyer base profile company-wide.
      await expectOk(
        await admin('POST', '/v1/securityprofiles/assignments', {
          SecurityProfileID: BUYER_BASE_PROFILE_ID,
          BuyerID: 'globex',
        }),
        204,
      );
    });

    it('refuses bad input and unknown parties with a 4xx, and changes nothing', async () => {
      const refusals: [string, string, string, number, string][] = [
        ['anna', 'globex', '', 400, 'InvalidRequest'],
        ['anna', 'globex', '?orders=Some', 400, 'InvalidRequest'],
        ['anna', 'nowhere', '?orders=None', 404, 'NotFound'],
        ['ghost', 'globex', '?orders=None', 404, 'NotFound'],
      ];
      for (const [user, to, query, status, code] of refusals) {
        const response = await move(user, to, query);
        expect(response.statusCode, `${user} ${to} ${query}`).toBe(status);
        expect(errorCode(response)).toBe(code);
      }
      expect((await admin('POST', '/v1/buyers/globex/users/anna/moveto/acme?orders=None')).statusCode).toBe(
        404,
      );
      const reader = await adminWithRoles(platform, 'BuyerUserReader');
      expect(
        (await as(reader)('POST', '/v1/buyers/acme/users/anna/moveto/globex?orders=None')).statusCode,
      ).toBe(403);
      await expectOk(await admin('GET', '/v1/buyers/acme/users/anna'));
    });

    it('moving to the same buyer changes nothing', async () => {
      expect(await expectOk<Body>(await move('anna', 'acme'), 201)).toMatchObject({
        ID: 'anna',
        CompanyID: 'acme',
      });
      expect(
        (await expectOk<Page>(await admin('GET', '/v1/buyers/acme/usergroups/assignments?userID=anna')))
          .Items,
      ).toHaveLength(1);
    });

    it('refuses a user with an open order (User.CannotMoveeWithOpenOrder), and changes nothing', async () => {
      const bo = await loginAs(platform.app, 'bo@acme.example');
      const order = await expectOk<Body>(await as(bo)('POST', '/v1/orders/Outgoing', {}), 201);
      const url = `/v1/orders/Outgoing/${order.ID}`;
      await expectOk(await as(bo)('POST', `${url}/lineitems`, { ProductID: 'la-48-hall', Quantity: 1 }), 201);
      await expectOk(await as(bo)('POST', `${url}/submit`));
      for (const orders of ['None', 'Unsubmitted', 'All']) {
        const response = await move('bo', 'globex', `?orders=${orders}`);
        expect(response.statusCode).toBe(400);
        expect(errorCode(response)).toBe('User.CannotMoveeWithOpenOrder');
      }
      await expectOk(await admin('GET', '/v1/buyers/acme/users/bo'));
      expect(
        (await expectOk<Page>(await admin('GET', '/v1/buyers/acme/usergroups/assignments?userID=bo'))).Items,
      ).toHaveLength(1);
    });

    it('refuses an API client’s default context user (User.CannotMoveDefaultContextUser)', async () => {
      await expectOk(
        await admin('POST', '/v1/apiclients', {
          ID: 'kiosk',
          AppName: 'Kiosk',
          DefaultContextUserName: 'carl',
        }),
        201,
      );
      const response = await move('carl', 'globex');
      expect(response.statusCode).toBe(400);
      expect(errorCode(response)).toBe('User.CannotMoveDefaultContextUser');
      await expectOk(await admin('GET', '/v1/buyers/acme/users/carl'));
      await expectOk(await admin('DELETE', '/v1/apiclients/kiosk'), 204);
    });

    it('takes the user’s orders along as asked: Unsubmitted moves the unsubmitted ones, All every one', async () => {
      await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'dora', username: 'dora@acme.example' });
      const dora = await loginAs(platform.app, 'dora@acme.example');
      const cart = (await expectOk<Body>(await as(dora)('POST', '/v1/orders/Outgoing', {}), 201))
        .ID as string;
      const dropped = (await expectOk<Body>(await as(dora)('POST', '/v1/orders/Outgoing', {}), 201))
        .ID as string;
      await expectOk(await as(dora)('POST', `/v1/orders/Outgoing/${dropped}/cancel`));
      const companyOf = async (orderId: string) =>
        (await expectOk<Body>(await admin('GET', `/v1/orders/Incoming/${orderId}`))).FromCompanyID;

      await expectOk(await move('dora', 'globex', '?orders=Unsubmitted'), 201);
      expect([await companyOf(cart), await companyOf(dropped)]).toEqual(['globex', 'acme']);
      await expectOk(await admin('POST', '/v1/buyers/globex/users/dora/moveto/acme?orders=None'), 201);
      expect([await companyOf(cart), await companyOf(dropped)]).toEqual(['globex', 'acme']);
      await expectOk(await move('dora', 'globex', '?orders=All'), 201);
      expect([await companyOf(cart), await companyOf(dropped)]).toEqual(['globex', 'globex']);
      const again = await loginAs(platform.app, 'dora@acme.example');
      const mine = await expectOk<Page>(await as(again)('GET', '/v1/me/orders'));
      expect(mine.Items.map((order) => order.ID).sort()).toEqual([cart, dropped].sort());
    });

    it('refuses when a personal address ID is taken in the new buyer', async () => {
      await expectOk(await admin('POST', '/v1/buyers/globex/addresses', address('anna-home')), 201);
      const response = await move('anna', 'globex');
      expect(response.statusCode).toBe(409);
      expect(response.json().Errors[0]).toMatchObject({
        ErrorCode: 'IdExists',
        Data: { ObjectType: 'Address', ObjectID: 'anna-home' },
      });
      await expectOk(await admin('GET', '/v1/buyers/acme/users/anna'));
      await expectOk(await admin('DELETE', '/v1/buyers/globex/addresses/anna-home'), 204);
    });

    it('moves the user with orders=None: what was the old company’s goes, what is theirs follows', async () => {
      const moved = await expectOk<Body>(await move('anna', 'globex'), 201);
      expect(moved).toMatchObject({ ID: 'anna', CompanyID: 'globex', Username: 'anna@acme.example' });
      expect((await admin('GET', '/v1/buyers/acme/users/anna')).statusCode).toBe(404);
      await expectOk(await admin('GET', '/v1/buyers/globex/users/anna'));
      const acmeItems = async (url: string) => (await expectOk<Page>(await admin('GET', url))).Items;
      // The old company's groups, assignments and profiles are gone.
      expect(await acmeItems('/v1/buyers/acme/usergroups/assignments?userID=anna')).toEqual([]);
      expect(await acmeItems('/v1/buyers/acme/usergroups/assignments?userID=bo')).toHaveLength(1);
      expect(await acmeItems('/v1/buyers/acme/addresses/assignments?userID=anna')).toEqual([]);
      expect(await acmeItems('/v1/buyers/acme/spendingaccounts/assignments')).toEqual([]);
      expect(await acmeItems('/v1/buyers/acme/creditcards/assignments?userID=anna')).toEqual([]);
      expect(await acmeItems('/v1/securityprofiles/assignments?userID=anna')).toEqual([]);
      // Her cart stays with acme.
      expect(await expectOk<Body>(await admin('GET', `/v1/orders/Incoming/${annaCart}`))).toMatchObject({
        FromCompanyID: 'acme',
        FromUserID: 'anna',
      });
      // Her tokens are revoked (they name acme): she signs in again, and the next token names globex.
      expect((await as(annaAccessToken)('GET', '/v1/me')).statusCode).toBe(401);
      const refreshed = await requestToken(platform.app, {
        grant_type: 'refresh_token',
        client_id: STOREFRONT_CLIENT_ID,
        refresh_token: annaRefreshToken,
      });
      expect(refreshed.statusCode).toBe(400);
      const anna = await loginAs(platform.app, 'anna@acme.example');
      expect(await expectOk<Body>(await as(anna)('GET', '/v1/me'))).toMatchObject({
        CompanyID: 'globex',
        Buyer: { ID: 'globex' },
      });
      // Her own address and card came along; acme's are no longer hers.
      const mine = async (url: string) =>
        (await expectOk<Page>(await as(anna)('GET', url))).Items.map((item) => item.ID);
      expect(await mine('/v1/me/addresses')).toEqual(['anna-home']);
      expect(await mine('/v1/me/creditcards')).toEqual(['annas-card']);
      expect(await mine('/v1/me/spendingaccounts')).toEqual([]);
      expect(await mine('/v1/me/usergroups')).toEqual([]);
      await expectOk(await admin('GET', '/v1/buyers/globex/addresses/anna-home'));
      // She shops at globex now.
      const order = await expectOk<Body>(await as(anna)('POST', '/v1/orders/Outgoing', {}), 201);
      expect(order.FromCompanyID).toBe('globex');
    });
  });
});
