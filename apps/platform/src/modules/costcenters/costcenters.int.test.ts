import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  adminWithRoles,
  callers,
  createBuyerWithUser,
  createUserGroup,
  errorCode,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

type Body = Record<string, unknown>;
type Page = { Items: Body[]; Meta: Body };

describe('cost centers: /v1/buyers/{id}/costcenters, assignments and /v1/me/costcenters', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  let anna: string;
  let bo: string;
  const base = '/v1/buyers/acme/costcenters';
  const ids = (page: Page) => page.Items.map((item) => item.ID);

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'bo', username: 'bo@acme.example' });
    await createUserGroup(platform, { buyerId: 'acme', groupId: 'workshop', userIds: ['anna'] });
    await createUserGroup(platform, { buyerId: 'acme', groupId: 'office', userIds: [] });
    await seedSmallCatalog(platform, ['acme']);
    [anna, bo] = await Promise.all([
      loginAs(platform.app, 'anna@acme.example'),
      loginAs(platform.app, 'bo@acme.example'),
    ]);
  });
  afterAll(() => platform?.close());

  it('creates, lists, replaces, patches and deletes cost centers', async () => {
    const created = await expectOk<Body>(
      await admin('POST', base, {
        ID: 'cc-tools',
        Name: 'Tools',
        Description: 'Hand tools',
        xp: { Ledger: 4100 },
      }),
      201,
    );
    expect(created).toEqual({
      ID: 'cc-tools',
      Name: 'Tools',
      Description: 'Hand tools',
      xp: { Ledger: 4100 },
    });
    await expectOk(await admin('POST', base, { ID: 'cc-travel', Name: 'Travel' }), 201);
    await expectOk(await admin('POST', base, { ID: 'cc-all', Name: 'All staff' }), 201);
    const duplicate = await admin('POST', base, { ID: 'cc-tools', Name: 'Again' });
    expect(duplicate.statusCode).toBe(409);
    expect(errorCode(duplicate)).toBe('IdExists');

    expect(ids(await expectOk<Page>(await admin('GET', base)))).toEqual(['cc-all', 'cc-tools', 'cc-travel']);
    expect(ids(await expectOk<Page>(await admin('GET', `${base}?search=hand`)))).toEqual(['cc-tools']);
    expect(ids(await expectOk<Page>(await admin('GET', `${base}?xp.Ledger=4100`)))).toEqual(['cc-tools']);
    expect(ids(await expectOk<Page>(await admin('GET', `${base}?sortBy=!ID&pageSize=1&page=2`)))).toEqual([
      'cc-tools',
    ]);

    expect(
      await expectOk<Body>(await admin('PUT', `${base}/cc-travel`, { Name: 'Travel and stays' })),
    ).toEqual({
      ID: 'cc-travel',
      Name: 'Travel and stays',
      Description: null,
      xp: {},
    });
    expect(
      await expectOk<Body>(
        await admin('PATCH', `${base}/cc-tools`, { Description: 'Tools', xp: { Owner: 'bo' } }),
      ),
    ).toEqual({ ID: 'cc-tools', Name: 'Tools', Description: 'Tools', xp: { Ledger: 4100, Owner: 'bo' } });
    await expectOk(await admin('PUT', `${base}/cc-temp`, { Name: 'Temporary' }));
    await expectOk(await admin('DELETE', `${base}/cc-temp`), 204);
    const gone = await admin('GET', `${base}/cc-temp`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().Errors[0].Data).toEqual({ ObjectType: 'CostCenter', ObjectID: 'cc-temp' });
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const before = await expectOk<Body>(await admin('GET', `${base}/cc-tools`));
    for (const body of [
      {},
      { Name: '' },
      { Name: 7 },
      { Name: 'x', xp: 'not an object' },
      { ID: 'bad id', Name: 'x' },
    ]) {
      const response = await admin('POST', base, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorCode(response)).toBe('InvalidRequest');
    }
    expect(errorCode(await admin('PATCH', `${base}/cc-tools`, { Name: null }))).toBe('InvalidRequest');
    expect(await expectOk<Body>(await admin('GET', `${base}/cc-tools`))).toEqual(before);
    for (const url of ['/v1/buyers/nobody/costcenters', '/v1/buyers/nobody/costcenters/assignments']) {
      const response = await admin('GET', url);
      expect(response.statusCode).toBe(404);
      expect(response.json().Errors[0].Data).toMatchObject({ ObjectType: 'Buyer' });
    }
    expect((await admin('POST', '/v1/buyers/nobody/costcenters', { Name: 'x' })).statusCode).toBe(404);
  });

  it('assigns to groups or the whole company, and lists and removes assignments', async () => {
    const assign = (body: Body) => admin('POST', `${base}/assignments`, body);
    await expectOk(await assign({ CostCenterID: 'cc-tools', UserGroupID: 'workshop' }), 204);
    await expectOk(await assign({ CostCenterID: 'cc-tools', UserGroupID: 'workshop' }), 204);
    await expectOk(await assign({ CostCenterID: 'cc-travel', UserGroupID: 'office' }), 204);
    await expectOk(await assign({ CostCenterID: 'cc-all' }), 204);
    const all = await expectOk<Page>(await admin('GET', `${base}/assignments`));
    expect(all.Items).toEqual([
      { CostCenterID: 'cc-tools', UserGroupID: 'workshop' },
      { CostCenterID: 'cc-travel', UserGroupID: 'office' },
      { CostCenterID: 'cc-all', UserGroupID: null },
    ]);
    expect(all.Meta).toMatchObject({ TotalCount: 3, Page: 1 });
    const list = async (query: string) =>
      (await expectOk<Page>(await admin('GET', `${base}/assignments?${query}`))).Items;
    expect(await list('level=Company')).toEqual([{ CostCenterID: 'cc-all', UserGroupID: null }]);
    expect(await list('level=Group&userGroupID=office')).toEqual([
      { CostCenterID: 'cc-travel', UserGroupID: 'office' },
    ]);
    expect(await list('costCenterID=cc-tools')).toHaveLength(1);
    expect(await list('pageSize=2&page=2')).toHaveLength(1);
    expect(await list('userID=anna')).toEqual([]);
    expect(errorCode(await admin('GET', `${base}/assignments?level=User2`))).toBe('InvalidRequest');

    const refusals: [Body, number, string][] = [
      [{ UserGroupID: 'workshop' }, 400, 'InvalidRequest'],
      [{ CostCenterID: 'nope', UserGroupID: 'workshop' }, 404, 'NotFound'],
      [{ CostCenterID: 'cc-tools', UserGroupID: 'ghosts' }, 404, 'NotFound'],
      [{ CostCenterID: 'cc-tools', UserID: 'anna' }, 400, 'PartyAssignment.UserLevelNotAllowed'],
    ];
    for (const [body, status, code] of refusals) {
      const response = await assign(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorCode(response)).toBe(code);
    }
    expect((await expectOk<Page>(await admin('GET', `${base}/assignments`))).Items).toHaveLength(3);

    const unassign = (query: string) => admin('DELETE', `${base}/cc-travel/assignments${query}`);
    expect(errorCode(await unassign('?userID=bo'))).toBe('PartyAssignment.UserLevelNotAllowed');
    expect((await unassign('')).statusCode).toBe(404);
    await expectOk(await unassign('?userGroupID=office'), 204);
    const again = await unassign('?userGroupID=office');
    expect(again.statusCode).toBe(404);
    expect(again.json().Errors[0].Data).toMatchObject({ ObjectType: 'CostCenterAssignment' });
  });

  it('shows a user the cost centers of their groups and company, and no others', async () => {
    const mine = (token: string, query = '') => as(token)('GET', `/v1/me/costcenters${query}`);
    expect(ids(await expectOk<Page>(await mine(anna)))).toEqual(['cc-all', 'cc-tools']);
    expect(ids(await expectOk<Page>(await mine(bo)))).toEqual(['cc-all']);
    expect(ids(await expectOk<Page>(await mine(anna, '?search=Tools')))).toEqual(['cc-tools']);
    // Joining a group shows its cost centers from the next request on.
    await expectOk(
      await admin('POST', '/v1/buyers/acme/usergroups/assignments', {
        UserGroupID: 'workshop',
        UserID: 'bo',
      }),
      204,
    );
    expect(ids(await expectOk<Page>(await mine(bo)))).toEqual(['cc-all', 'cc-tools']);
    await expectOk(await admin('DELETE', '/v1/buyers/acme/usergroups/workshop/assignments/bo'), 204);
    expect(ids(await expectOk<Page>(await mine(bo)))).toEqual(['cc-all']);
    // An admin user has no company: nothing is theirs.
    expect((await expectOk<Page>(await admin('GET', '/v1/me/costcenters'))).Items).toEqual([]);
  });

  it('deletes a cost center’s assignments with it', async () => {
    await expectOk(await admin('DELETE', `${base}/cc-tools`), 204);
    expect(
      (await expectOk<Page>(await admin('GET', `${base}/assignments?costCenterID=cc-tools`))).Items,
    ).toEqual([]);
    await expectOk(await admin('PUT', `${base}/cc-tools`, { Name: 'Tools again' }));
    expect(ids(await expectOk<Page>(await as(anna)('GET', '/v1/me/costcenters')))).toEqual(['cc-all']);
  });

  it('takes CostCenterReader to read and CostCenterAdmin to write', async () => {
    const reader = await adminWithRoles(platform, 'CostCenterReader');
    await expectOk(await as(reader)('GET', base));
    await expectOk(await as(reader)('GET', `${base}/assignments`));
    for (const [method, url, body] of [
      ['POST', base, { Name: 'x' }],
      ['PATCH', `${base}/cc-all`, { Name: 'x' }],
      ['DELETE', `${base}/cc-all`],
      ['POST', `${base}/assignments`, { CostCenterID: 'cc-all', UserGroupID: 'office' }],
      ['DELETE', `${base}/cc-all/assignments`],
    ] as const) {
      const response = await as(reader)(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().Errors[0].Data).toEqual({ SufficientRoles: ['CostCenterAdmin'] });
    }
    // A shopper reads their own cost centers only, not the company's list.
    expect((await as(anna)('GET', base)).statusCode).toBe(403);
    expect((await expectOk<Body>(await admin('GET', `${base}/cc-all`))).Name).toBe('All staff');
    expect((await expectOk<Page>(await admin('GET', `${base}/assignments`))).Items).toEqual([
      { CostCenterID: 'cc-all', UserGroupID: null },
    ]);
  });

  it('does not check a line item’s CostCenter against them (OrderCloud does not either)', async () => {
    const order = await expectOk<Body>(await as(bo)('POST', '/v1/orders/Outgoing', {}), 201);
    const line = await expectOk<Body>(
      await as(bo)('POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, {
        ProductID: 'la-48-hall',
        Quantity: 1,
        CostCenter: 'cc-not-assigned-to-bo',
      }),
      201,
    );
    expect(line.CostCenter).toBe('cc-not-assigned-to-bo');
  });
});
