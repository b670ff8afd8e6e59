import {
  ApiClients,
  Auth,
  ImpersonationConfigs,
  Me,
  SecurityProfiles,
  Tokens,
  Users,
} from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIDDLEWARE_CLIENT_ID, STOREFRONT_CLIENT_ID } from './modules/auth/bootstrap.ts';
import {
  createBuyerWithUser,
  DEMO_PASSWORD,
  decodeClaims,
  MIDDLEWARE_SECRET,
  type Platform,
  startPlatform,
} from './testing/harness.ts';
import { sdkFailure, serveToSdk } from './testing/sdk.ts';

/** What a failed SDK call rejects with, for asserting on the code and status. */
/**
 * The official SDK (v12) against the platform on a loopback port, for API clients and their
 * assignments, security profile PATCH, impersonation configs, impersonation and token revocation.
 */
describe('ordercloud-javascript-sdk: API clients, impersonation, token revocation', () => {
  let platform: Platform;

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, {
      buyerId: 'acme-dk',
      userId: 'anna',
      username: 'anna@acme-dk.example',
    });
    await serveToSdk(platform);
    const admin = await Auth.ClientCredentials(MIDDLEWARE_SECRET, MIDDLEWARE_CLIENT_ID, ['FullAccess']);
    Tokens.SetAccessToken(admin.access_token);
  });
  afterAll(() => platform?.close());

  it('saves an API client and assigns it to a buyer; only then do its users log in through it', async () => {
    const saved = await ApiClients.Save('partner', {
      AppName: 'Partner portal',
      AccessTokenDuration: 60,
      AllowAnyBuyer: false,
    });
    expect(saved).toMatchObject({ ID: 'partner', AllowAnyBuyer: false, AccessTokenDuration: 60 });
    const refused = await sdkFailure(
      Auth.Login('anna@acme-dk.example', DEMO_PASSWORD, 'partner', ['Shopper']),
    );
    expect(refused.status).toBe(400);
    expect(refused.errorCode).toBe('Auth.InvalidGrant');

    await ApiClients.SaveAssignment({ ApiClientID: 'partner', BuyerID: 'acme-dk' });
    const assignments = await ApiClients.ListAssignments({ apiClientID: 'partner' });
    expect(assignments.Meta.TotalCount).toBe(1);
    expect(assignments.Items).toEqual([{ ApiClientID: 'partner', BuyerID: 'acme-dk', SupplierID: null }]);
    const token = await Auth.Login('anna@acme-dk.example', DEMO_PASSWORD, 'partner', ['Shopper']);
    expect(decodeClaims(token.access_token)).toMatchObject({ cid: 'partner', u: 'anna' });

    await ApiClients.DeleteBuyerAssignment('partner', 'acme-dk');
    expect((await ApiClients.ListAssignments({ buyerID: 'acme-dk' })).Items).toEqual([]);
    await sdkFailure(Auth.Login('anna@acme-dk.example', DEMO_PASSWORD, 'partner', ['Shopper']));
  });

  it('patches a security profile', async () => {
    await SecurityProfiles.Create({ ID: 'assist', Name: 'Assisted shopping', Roles: ['Shopper'] });
    const patched = await SecurityProfiles.Patch('assist', { CustomRoles: ['Assisted'] });
    expect(patched).toMatchObject({ ID: 'assist', Roles: ['Shopper'], CustomRoles: ['Assisted'] });
  });

  it('manages impersonation configs', async () => {
    const created = await ImpersonationConfigs.Create({
      ID: 'call-centre',
      BuyerID: 'acme-dk',
      SecurityProfileID: 'assist',
      ClientID: STOREFRONT_CLIENT_ID,
    });
    expect(created).toMatchObject({ ID: 'call-centre', BuyerID: 'acme-dk', UserID: null });
    expect(await ImpersonationConfigs.Get('call-centre')).toEqual(created);
    expect((await ImpersonationConfigs.List({ filters: { BuyerID: 'acme-dk' } })).Items).toHaveLength(1);
    await ImpersonationConfigs.Save('spare', {
      BuyerID: 'acme-dk',
      UserID: 'anna',
      SecurityProfileID: 'assist',
      ClientID: STOREFRONT_CLIENT_ID,
    });
    expect(
      await ImpersonationConfigs.Patch('spare', { ImpersonationUserID: 'actuate-middleware' }),
    ).toMatchObject({
      UserID: 'anna',
      ImpersonationUserID: 'actuate-middleware',
    });
    await ImpersonationConfigs.Delete('spare');
    expect((await sdkFailure(ImpersonationConfigs.Get('spare'))).status).toBe(404);
  });

  it('impersonates a buyer user with Users.GetAccessToken and calls as them with .As()', async () => {
    const token = await Users.GetAccessToken('acme-dk', 'anna', {
      ClientID: STOREFRONT_CLIENT_ID,
      Roles: ['Shopper'],
      CustomRoles: ['Assisted'],
    });
    expect(token).toMatchObject({ token_type: 'bearer', refresh_token: null });
    expect(decodeClaims(token.access_token)).toMatchObject({ u: 'anna', imp: 'actuate-middleware' });
    Tokens.SetImpersonationToken(token.access_token);
    const me = await Me.As().Get();
    expect(me).toMatchObject({ ID: 'anna', AvailableRoles: ['Shopper', 'Assisted'] });

    await Users.RevokeUserTokens('acme-dk', 'anna');
    const revoked = await sdkFailure(Me.As().Get());
    expect(revoked.status).toBe(401);
    expect(revoked.errorCode).toBe('Auth.TokenRevoked');
    Tokens.RemoveImpersonationToken();
  });

  it('revokes the current user’s tokens with Me.RevokeTokens', async () => {
    const anna = await Auth.Login('anna@acme-dk.example', DEMO_PASSWORD, STOREFRONT_CLIENT_ID, ['Shopper']);
    const own = { accessToken: anna.access_token };
    expect((await Me.Get(own)).ID).toBe('anna');
    await Me.RevokeTokens(own);
    expect((await sdkFailure(Me.Get(own))).errorCode).toBe('Auth.TokenRevoked');
    const refresh = await sdkFailure(Auth.RefreshToken(anna.refresh_token, STOREFRONT_CLIENT_ID));
    expect(refresh.errorCode).toBe('Auth.TokenRevoked');
  });
});
