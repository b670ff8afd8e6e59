import {
  Auth,
  Buyers,
  CostCenters,
  CreditCards,
  Incrementors,
  Me,
  Orders,
  SecurityProfiles,
  Tokens,
  UserGroups,
  Users,
} from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BUYER_BASE_PROFILE_ID,
  MIDDLEWARE_CLIENT_ID,
  STOREFRONT_CLIENT_ID,
} from './modules/auth/bootstrap.ts';
import {
  createBuyerWithUser,
  DEMO_PASSWORD,
  MIDDLEWARE_SECRET,
  type Platform,
  startPlatform,
} from './testing/harness.ts';
import { sdkFailure, serveToSdk } from './testing/sdk.ts';

/**
 * The official OrderCloud JavaScript SDK (v12) against the platform on a loopback port, for buyer
 * users (unlock, move, list across buyers), buyer credit cards, cost centers and incrementors. The
 * SDK holds the admin's token; buyer users' calls pass their own (`{ accessToken }`).
 */
describe('ordercloud-javascript-sdk: users, credit cards, cost centers, incrementors', () => {
  let platform: Platform;
  let anna: { accessToken: string };

  beforeAll(async () => {
    platform = await startPlatform({ LOGIN_MAX_FAILURES: '2' });
    await createBuyerWithUser(platform, {
      buyerId: 'acme-dk',
      userId: 'anna',
      username: 'anna@acme-dk.example',
    });
    await createBuyerWithUser(platform, { buyerId: 'acme-dk', userId: 'bo', username: 'bo@acme-dk.example' });
    await createBuyerWithUser(platform, {
      buyerId: 'globex',
      userId: 'gina',
      username: 'gina@globex.example',
    });
    await serveToSdk(platform);
    const admin = await Auth.ClientCredentials(MIDDLEWARE_SECRET, MIDDLEWARE_CLIENT_ID, ['FullAccess']);
    Tokens.SetAccessToken(admin.access_token);
    const login = await Auth.Login('anna@acme-dk.example', DEMO_PASSWORD, STOREFRONT_CLIENT_ID, []);
    anna = { accessToken: login.access_token };
    await UserGroups.Create('acme-dk', { ID: 'workshop', Name: 'Workshop' });
    await UserGroups.SaveUserAssignment('acme-dk', { UserGroupID: 'workshop', UserID: 'anna' });
  });
  afterAll(() => platform?.close());

  it('Users.ListAcrossBuyers lists the users of every buyer, with filters', async () => {
    const all = await Users.ListAcrossBuyers({ sortBy: ['ID'] });
    expect(all.Items.map((user) => [user.ID, user.CompanyID])).toEqual([
      ['anna', 'acme-dk'],
      ['bo', 'acme-dk'],
      ['gina', 'globex'],
    ]);
    expect(all.Meta).toMatchObject({ Page: 1, TotalCount: 3 });
    const globex = await Users.ListAcrossBuyers({ filters: { CompanyID: 'globex' } });
    expect(globex.Items.map((user) => user.ID)).toEqual(['gina']);
    const denied = await sdkFailure(Users.ListAcrossBuyers({}, anna));
    expect(denied.errorCode).toBe('Auth.InsufficientRoles');
  });

  it('Users.UnlockUserAccount lets a locked user log in again', async () => {
    for (let i = 0; i < 2; i++)
      await sdkFailure(Auth.Login('bo@acme-dk.example', 'wrong-password', STOREFRONT_CLIENT_ID, []));
    const locked = await sdkFailure(
      Auth.Login('bo@acme-dk.example', DEMO_PASSWORD, STOREFRONT_CLIENT_ID, []),
    );
    expect(locked.status).toBe(429);
    await Users.UnlockUserAccount('acme-dk', 'bo');
    const token = await Auth.Login('bo@acme-dk.example', DEMO_PASSWORD, STOREFRONT_CLIENT_ID, []);
    expect(token.access_token).toEqual(expect.any(String));
    expect((await sdkFailure(Users.UnlockUserAccount('acme-dk', 'ghost'))).errorCode).toBe('NotFound');
  });

  it('Users.Move moves a user to another buyer', async () => {
    await SecurityProfiles.SaveAssignment({ SecurityProfileID: BUYER_BASE_PROFILE_ID, BuyerID: 'globex' });
    const moved = await Users.Move('acme-dk', 'bo', 'globex', { orders: 'None' });
    expect(moved).toMatchObject({ ID: 'bo', CompanyID: 'globex' });
    expect((await Users.Get('globex', 'bo')).CompanyID).toBe('globex');
    expect((await sdkFailure(Users.Get('acme-dk', 'bo'))).status).toBe(404);
    const invalid = await sdkFailure(Users.Move('globex', 'bo', 'acme-dk', { orders: 'Some' as 'None' }));
    expect(invalid.errorCode).toBe('InvalidRequest');
    const token = await Auth.Login('bo@acme-dk.example', DEMO_PASSWORD, STOREFRONT_CLIENT_ID, []);
    expect((await Me.Get({ accessToken: token.access_token })).Buyer?.ID).toBe('globex');
  });

  it('CreditCards: company cards, their assignments, and Me.ListCreditCards', async () => {
    const card = await CreditCards.Create('acme-dk', {
      ID: 'corp',
      Token: 'gw_tok_corp',
      CardType: 'Visa',
      PartialAccountNumber: '4242',
      CardholderName: 'ACME',
    });
    expect(card).toMatchObject({ ID: 'corp', PartialAccountNumber: '4242' });
    expect((await CreditCards.Get('acme-dk', 'corp')).Token).toBe('gw_tok_corp');
    expect(
      (await CreditCards.List('acme-dk', { search: 'ACME', searchOn: ['CardholderName'] })).Items,
    ).toHaveLength(1);
    expect((await CreditCards.Save('acme-dk', 'corp', { Token: 'gw_tok_2', CardType: 'Visa' })).Token).toBe(
      'gw_tok_2',
    );
    expect((await CreditCards.Patch('acme-dk', 'corp', { CardholderName: 'ACME A/S' })).CardholderName).toBe(
      'ACME A/S',
    );
    const pan = await sdkFailure(
      CreditCards.Patch('acme-dk', 'corp', { xp: { Pan: '4111 1111 1111 1111' } }),
    );
    expect(pan.errorCode).toBe('InvalidRequest');

    await CreditCards.SaveAssignment('acme-dk', { CreditCardID: 'corp', UserID: 'anna' });
    await CreditCards.SaveAssignment('acme-dk', { CreditCardID: 'corp', UserGroupID: 'workshop' });
    const users = await CreditCards.ListAssignments('acme-dk', { creditCardID: 'corp', level: 'User' });
    expect(users.Items).toEqual([{ CreditCardID: 'corp', UserID: 'anna', UserGroupID: null }]);
    const visible = await Me.ListCreditCards({}, anna);
    expect(visible.Items.map((item) => [item.ID, item.Editable])).toEqual([['corp', false]]);
    expect((await Me.GetCreditCard('corp', anna)).CardholderName).toBe('ACME A/S');
    const readOnly = await sdkFailure(Me.PatchCreditCard('corp', { CardholderName: 'Anna' }, anna));
    expect(readOnly.errorCode).toBe('CreditCard.CannotEditPublic');

    await CreditCards.DeleteAssignment('acme-dk', 'corp', { userID: 'anna' });
    await CreditCards.DeleteAssignment('acme-dk', 'corp', { userGroupID: 'workshop' });
    expect((await CreditCards.ListAssignments('acme-dk')).Items).toEqual([]);
    expect((await sdkFailure(Me.GetCreditCard('corp', anna))).status).toBe(404);
    await CreditCards.Delete('acme-dk', 'corp');
    expect((await sdkFailure(CreditCards.Get('acme-dk', 'corp'))).errorCode).toBe('NotFound');
  });

  it('CostCenters: CRUD, group and company assignments, and Me.ListCostCenters', async () => {
    expect(await CostCenters.Create('acme-dk', { ID: 'cc-1', Name: 'Workshop tools' })).toEqual({
      ID: 'cc-1',
      Name: 'Workshop tools',
      Description: null,
      xp: {},
    });
    await CostCenters.Save('acme-dk', 'cc-2', { Name: 'Travel', Description: 'Trips' });
    expect((await CostCenters.Patch('acme-dk', 'cc-2', { xp: { Ledger: 7 } })).xp).toEqual({ Ledger: 7 });
    expect((await CostCenters.Get('acme-dk', 'cc-2')).Description).toBe('Trips');
    expect((await CostCenters.List('acme-dk', { sortBy: ['!ID'] })).Items.map((item) => item.ID)).toEqual([
      'cc-2',
      'cc-1',
    ]);
    await CostCenters.SaveAssignment('acme-dk', { CostCenterID: 'cc-1', UserGroupID: 'workshop' });
    await CostCenters.SaveAssignment('acme-dk', { CostCenterID: 'cc-2' });
    expect((await CostCenters.ListAssignments('acme-dk', { level: 'Group' })).Items).toEqual([
      { CostCenterID: 'cc-1', UserGroupID: 'workshop' },
    ]);
    expect((await Me.ListCostCenters({}, anna)).Items.map((item) => item.ID)).toEqual(['cc-2', 'cc-1']);
    expect((await Me.ListCostCenters({ search: 'Travel' }, anna)).Items.map((item) => item.ID)).toEqual([
      'cc-2',
    ]);
    const userLevel = await sdkFailure(
      CostCenters.SaveAssignment('acme-dk', { CostCenterID: 'cc-1', UserID: 'anna' } as never),
    );
    expect(userLevel.errorCode).toBe('PartyAssignment.UserLevelNotAllowed');
    await CostCenters.DeleteAssignment('acme-dk', 'cc-1', { userGroupID: 'workshop' });
    expect((await Me.ListCostCenters({}, anna)).Items.map((item) => item.ID)).toEqual(['cc-2']);
    await CostCenters.Delete('acme-dk', 'cc-2');
    expect((await Me.ListCostCenters({}, anna)).Items).toEqual([]);
    expect((await sdkFailure(CostCenters.Get('acme-dk', 'cc-2'))).errorCode).toBe('NotFound');
    expect((await sdkFailure(CostCenters.List('acme-dk', {}, anna))).errorCode).toBe(
      'Auth.InsufficientRoles',
    );
  });

  it('Incrementors: CRUD, and order IDs from a template', async () => {
    expect(
      await Incrementors.Create({ ID: 'sdk', Name: 'SDK', LastNumber: 41, LeftPaddingCount: 4 }),
    ).toEqual({
      ID: 'sdk',
      Name: 'SDK',
      LastNumber: 41,
      LeftPaddingCount: 4,
    });
    const order = await Orders.Create('Outgoing', { ID: 'SDK-{sdk}' }, anna);
    expect(order.ID).toBe('SDK-0042');
    expect((await Incrementors.Get('sdk')).LastNumber).toBe(42);
    expect((await Incrementors.List({ search: 'SDK' })).Items.map((item) => item.ID)).toEqual(['sdk']);
    expect((await Incrementors.Patch('sdk', { LeftPaddingCount: 2 })).LeftPaddingCount).toBe(2);
    expect(await Incrementors.Save('sdk', { LastNumber: 0, LeftPaddingCount: 0 })).toMatchObject({
      Name: null,
      LastNumber: 0,
    });
    await Incrementors.Delete('sdk');
    expect((await sdkFailure(Incrementors.Get('sdk'))).errorCode).toBe('NotFound');
    expect((await sdkFailure(Orders.Create('Outgoing', { ID: 'SDK-{sdk}' }, anna))).errorCode).toBe(
      'NotFound',
    );
    expect((await sdkFailure(Incrementors.List({}, anna))).errorCode).toBe('Auth.InsufficientRoles');
    expect((await Buyers.Get('acme-dk')).ID).toBe('acme-dk');
  });
});
