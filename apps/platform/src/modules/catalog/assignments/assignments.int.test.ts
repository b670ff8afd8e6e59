import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../../testing/catalog-fixtures.ts';
import {
  callers,
  createBuyerWithUser,
  createUserGroup,
  expectOk,
  type Platform,
  startPlatform,
} from '../../../testing/harness.ts';

type Body = Record<string, unknown>;

/**
 * The OrderCloud semantics every assignment kind shares through the generic store: a save creates
 * or replaces the settings (204), a list echoes the stored fields, a delete answers 204 and then 404
 * naming the assignment.
 */
describe('assignment kinds', () => {
  let platform: Platform;
  const { admin } = callers(() => platform);

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await seedSmallCatalog(platform, ['acme']);
    await createUserGroup(platform, { buyerId: 'acme', groupId: 'team', userIds: ['anna'] });
    await expectOk(await admin('POST', '/v1/catalogs', { ID: 'second', Name: 'Second' }), 201);
    await expectOk(await admin('POST', '/v1/catalogs/main/categories', { ID: 'rot', Name: 'Rotary' }), 201);
    await expectOk(await admin('POST', '/v1/specs', { ID: 'colour', Name: 'Colour' }), 201);
  });
  afterAll(() => platform?.close());

  const kinds: {
    name: string;
    path: string;
    filter: string;
    first: Body;
    again: Body;
    echoed: Body;
    deletePath: string;
    objectId: string;
  }[] = [
    {
      name: 'catalog to buyer',
      path: '/v1/catalogs/assignments',
      filter: '?catalogID=second',
      first: { CatalogID: 'second', BuyerID: 'acme' },
      again: { CatalogID: 'second', BuyerID: 'acme', ViewAllProducts: false },
      echoed: { CatalogID: 'second', BuyerID: 'acme', ViewAllCategories: true, ViewAllProducts: false },
      deletePath: '/v1/catalogs/second/assignments?buyerID=acme',
      objectId: 'second/acme',
    },
    {
      name: 'product to catalog',
      path: '/v1/catalogs/productassignments',
      filter: '?catalogID=second',
      first: { CatalogID: 'second', ProductID: 'la-24-pot' },
      again: { CatalogID: 'second', ProductID: 'la-24-pot' },
      echoed: { CatalogID: 'second', ProductID: 'la-24-pot' },
      deletePath: '/v1/catalogs/second/productassignments/la-24-pot',
      objectId: 'second/la-24-pot',
    },
    {
      name: 'product to category',
      path: '/v1/catalogs/main/categories/productassignments',
      filter: '?categoryID=rot',
      first: { CategoryID: 'rot', ProductID: 'la-24-pot' },
      again: { CategoryID: 'rot', ProductID: 'la-24-pot', ListOrder: 5 },
      echoed: { CategoryID: 'rot', ProductID: 'la-24-pot', ListOrder: 5 },
      deletePath: '/v1/catalogs/main/categories/rot/productassignments/la-24-pot',
      objectId: 'rot/la-24-pot',
    },
    {
      name: 'product to a user group',
      path: '/v1/products/assignments',
      filter: '?productID=la-24-pot',
      first: { ProductID: 'la-24-pot', BuyerID: 'acme', UserGroupID: 'team' },
      again: { ProductID: 'la-24-pot', BuyerID: 'acme', UserGroupID: 'team', PriceScheduleID: 'special-dkk' },
      echoed: {
        ProductID: 'la-24-pot',
        BuyerID: 'acme',
        UserGroupID: 'team',
        PriceScheduleID: 'special-dkk',
      },
      deletePath: '/v1/products/la-24-pot/assignments/acme?userGroupID=team',
      // The group is not part of a product assignment's NotFound.
      objectId: 'la-24-pot/acme',
    },
    {
      name: 'spec to product',
      path: '/v1/specs/productassignments',
      filter: '?specID=colour',
      first: { SpecID: 'colour', ProductID: 'la-24-pot' },
      again: { SpecID: 'colour', ProductID: 'la-24-pot', DefaultValue: 'red' },
      echoed: { SpecID: 'colour', ProductID: 'la-24-pot', DefaultValue: 'red', DefaultOptionID: null },
      deletePath: '/v1/specs/colour/productassignments/la-24-pot',
      objectId: 'colour/la-24-pot',
    },
  ];

  it.each(kinds)('saves, replaces, lists and deletes: $name', async (kind) => {
    await expectOk(await admin('POST', kind.path, kind.first), 204);
    await expectOk(await admin('POST', kind.path, kind.again), 204);
    const listed = await expectOk<{ Meta: { TotalCount: number }; Items: Body[] }>(
      await admin('GET', kind.path + kind.filter),
    );
    expect(listed.Items).toEqual([kind.echoed]);
    expect(Object.keys(listed.Items[0] as Body)).toEqual(Object.keys(kind.echoed));
    await expectOk(await admin('DELETE', kind.deletePath), 204);
    const again = await admin('DELETE', kind.deletePath);
    expect(again.statusCode).toBe(404);
    expect(again.json().Errors[0]).toMatchObject({
      ErrorCode: 'NotFound',
      Data: { ObjectID: kind.objectId },
    });
    expect((await expectOk<{ Items: Body[] }>(await admin('GET', kind.path + kind.filter))).Items).toEqual(
      [],
    );
  });

  it('keeps a company’s and a group’s product assignment apart; an empty group names the company’s', async () => {
    await expectOk(
      await admin('POST', '/v1/products/assignments', { ProductID: 'la-12-none', BuyerID: 'acme' }),
      204,
    );
    await expectOk(
      await admin('POST', '/v1/products/assignments', {
        ProductID: 'la-12-none',
        BuyerID: 'acme',
        UserGroupID: 'team',
      }),
      204,
    );
    const listed = await expectOk<{ Items: Body[] }>(
      await admin('GET', '/v1/products/assignments?productID=la-12-none'),
    );
    expect(listed.Items.map((item) => item.UserGroupID).sort()).toEqual([null, 'team'].sort());
    await expectOk(await admin('DELETE', '/v1/products/la-12-none/assignments/acme?userGroupID='), 204);
    const left = await expectOk<{ Items: Body[] }>(
      await admin('GET', '/v1/products/assignments?productID=la-12-none'),
    );
    expect(left.Items.map((item) => item.UserGroupID)).toEqual(['team']);
  });
});
