import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  callers,
  createBuyerWithUser,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

const completeXp = {
  Kind: 'Complete',
  AzureObjectId: '6f1c1a3e-9a55-4d67-8d3e-0f3f5d2b6a11',
  CrmId: 'CRM-1',
  ErpId: 'ACD-000123',
  SalesCompanyId: 'ACD',
  PrivacyVersionApproved: 1,
  TermsVersionApproved: 2,
};

describe('users, user groups and /me', () => {
  let platform: Platform;
  const { admin } = callers(() => platform);

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
  });
  afterAll(() => platform?.close());

  it('creates users with each extension variant and never returns the password', async () => {
    const variants = [
      { Kind: 'Anonymous' },
      completeXp,
      { Kind: 'Pending', CompanyName: 'New GmbH', Country: 'DE' },
      { Kind: 'Directory', DirectoryObjectId: 'abc', Provider: 'entra' },
    ];
    for (const [index, xp] of variants.entries()) {
      const created = await expectOk(
        await admin('POST', '/v1/buyers/acme/users', {
          ID: `variant-${index}`,
          Username: `variant-${index}@acme.example`,
          Password: 'long-enough-password',
          FirstName: 'V',
          LastName: String(index),
          Email: `variant-${index}@acme.example`,
          Active: true,
          xp,
        }),
        201,
      );
      expect(created).toMatchObject({ ID: `variant-${index}`, CompanyID: 'acme', xp });
      expect(created).not.toHaveProperty('Password');
      expect(JSON.stringify(created)).not.toContain('argon2');
    }
    const invalid = await admin('POST', '/v1/buyers/acme/users', {
      Username: 'x@acme.example',
      FirstName: 'X',
      LastName: 'X',
      Email: 'x',
      Active: true,
      xp: { ...completeXp, ErpId: 'wrong' },
    });
    expect(invalid.statusCode).toBe(400);
  });

  it('refuses a duplicate username whatever its case, and a short password', async () => {
    const duplicate = await admin('POST', '/v1/buyers/acme/users', {
      Username: 'ANNA@acme.example',
      FirstName: 'A',
      LastName: 'B',
      Email: 'a@b.c',
      Active: true,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().Errors[0].ErrorCode).toBe('User.UsernameMustBeUnique');
    const short = await admin('POST', '/v1/buyers/acme/users', {
      Username: 'short@acme.example',
      Password: 'short',
      FirstName: 'A',
      LastName: 'B',
      Email: 'a@b.c',
      Active: true,
    });
    expect(short.statusCode).toBe(400);
  });

  it('lists users with filters and 404s an unknown buyer', async () => {
    const list = await expectOk<{ Items: { ID: string }[] }>(
      await admin('GET', '/v1/buyers/acme/users?xp.Kind=Pending|Directory'),
    );
    expect(list.Items.map((user) => user.ID)).toEqual(['variant-2', 'variant-3']);
    expect((await admin('GET', '/v1/buyers/none/users')).statusCode).toBe(404);
  });

  it('manages user groups and assignments', async () => {
    await expectOk(
      await admin('POST', '/v1/buyers/acme/usergroups', { ID: 'loc-1', Name: 'Location 1' }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/buyers/acme/usergroups/assignments', { UserGroupID: 'loc-1', UserID: 'anna' }),
      204,
    );
    const assignments = await expectOk<{ Items: unknown[] }>(
      await admin('GET', '/v1/buyers/acme/usergroups/assignments?userID=anna'),
    );
    expect(assignments.Items).toEqual([{ UserGroupID: 'loc-1', UserID: 'anna' }]);
    const unknownUser = await admin('POST', '/v1/buyers/acme/usergroups/assignments', {
      UserGroupID: 'loc-1',
      UserID: 'ghost',
    });
    expect(unknownUser.statusCode).toBe(404);
    const token = await loginAs(platform.app, 'anna@acme.example');
    const members = await expectOk<{ Items: { ID: string }[] }>(
      await admin('GET', '/v1/buyers/acme/users?userGroupID=loc-1'),
    );
    expect(members.Items.map((user) => user.ID)).toEqual(['anna']);
    const mine = await expectOk<{ Items: { ID: string }[] }>(
      await call(platform.app, token, 'GET', '/v1/me/usergroups'),
    );
    expect(mine.Items.map((group) => group.ID)).toEqual(['loc-1']);
    expect((await admin('DELETE', '/v1/buyers/acme/usergroups/loc-1/assignments/anna')).statusCode).toBe(204);
    expect((await call(platform.app, token, 'GET', '/v1/me/usergroups')).json().Items).toEqual([]);
  });

  it('GET /me returns the caller with AvailableRoles and its own company as Buyer, with xp', async () => {
    const token = await loginAs(platform.app, 'anna@acme.example');
    await expectOk(
      await call(platform.app, platform.adminToken, 'PATCH', '/v1/buyers/acme', {
        xp: { ErpId: 'ADK-100001' },
      }),
    );
    const me = await expectOk(await call(platform.app, token, 'GET', '/v1/me'));
    expect(me).toMatchObject({ ID: 'anna', Username: 'anna@acme.example', CompanyID: 'acme' });
    expect(me.AvailableRoles).toEqual(expect.arrayContaining(['Shopper', 'MeAdmin']));
    expect(me.Buyer).toMatchObject({ ID: 'acme', xp: { ErpId: 'ADK-100001' } });
  });

  it('PATCH /me merges xp, keeps Active, and needs MeXpAdmin for xp', async () => {
    const token = await loginAs(platform.app, 'anna@acme.example');
    // The extension's ERP and CRM fields are the integration's to write; the user adds her own.
    await expectOk(await admin('PATCH', '/v1/buyers/acme/users/anna', { xp: completeXp }));
    await expectOk(await call(platform.app, token, 'PATCH', '/v1/me', { xp: { Extra: { a: 1 } } }));
    const patched = await expectOk(
      await call(platform.app, token, 'PATCH', '/v1/me', {
        FirstName: 'Anna',
        Active: false,
        xp: { Extra: { b: 2 } },
      }),
    );
    expect(patched).toMatchObject({
      FirstName: 'Anna',
      Active: true,
      xp: { ...completeXp, Extra: { a: 1, b: 2 } },
    });
    const scoped = await platform.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        'grant_type=password&client_id=actuate-storefront&username=anna%40acme.example&password=actuate-demo&scope=MeAdmin%20Shopper',
    });
    const noXp = await call(platform.app, scoped.json().access_token, 'PATCH', '/v1/me', {
      xp: { Extra: 1 },
    });
    expect(noXp.statusCode).toBe(403);
    expect(noXp.json().Errors[0].ErrorCode).toBe('User.XPNotAllowed');
  });

  it('an inactive user cannot log in', async () => {
    await expectOk(await admin('PATCH', '/v1/buyers/acme/users/variant-0', { Active: false }));
    const response = await platform.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload:
        'grant_type=password&client_id=actuate-storefront&username=variant-0%40acme.example&password=long-enough-password',
    });
    expect(response.statusCode).toBe(400);
  });
});
