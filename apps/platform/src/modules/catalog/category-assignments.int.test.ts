import type { ServiceApp } from '@actuate/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  call,
  callers,
  createBuyerWithUser,
  createUserGroup,
  errorCode,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
  startSecondInstance,
} from '../../testing/harness.ts';

type Body = Record<string, unknown>;
interface Page {
  Meta: { TotalCount: number };
  Items: Body[];
}

const BASE = '/v1/catalogs/main/categories/assignments';

/**
 * Category assignments (`/catalogs/{id}/categories/assignments`) and the visibility they control
 * with the catalog assignment's ViewAllCategories / ViewAllProducts, in `/me/categories` and
 * `/me/products`. Writes go through one instance, the buyers read through another: every write
 * moves the catalog generation.
 */
describe('category assignments', () => {
  let platform: Platform;
  let other: ServiceApp;
  const { as, admin } = callers(() => platform);
  let anna: string;
  let bo: string;
  let carl: string;

  beforeAll(async () => {
    platform = await startPlatform();
    other = await startSecondInstance(platform);
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'bo', username: 'bo@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'other', userId: 'carl', username: 'carl@other.example' });
    await seedSmallCatalog(platform, ['acme', 'other']);
    await createUserGroup(platform, { buyerId: 'acme', groupId: 'team', userIds: ['bo'] });
    await createUserGroup(platform, { buyerId: 'other', groupId: 'other-team', userIds: ['carl'] });
    // main: linear (la-48-hall) and rotary (la-24-hall) ─ rotary-small (la-12-none); la-24-pot in none.
    for (const category of [
      { ID: 'rotary', Name: 'Rotary', ListOrder: 2 },
      { ID: 'rotary-small', Name: 'Small rotary', ParentID: 'rotary', ListOrder: 3 },
    ])
      await expectOk(await admin('POST', '/v1/catalogs/main/categories', category), 201);
    for (const [categoryId, productId] of [
      ['rotary', 'la-24-hall'],
      ['rotary-small', 'la-12-none'],
    ])
      await expectOk(
        await admin('POST', '/v1/catalogs/main/categories/productassignments', {
          CategoryID: categoryId,
          ProductID: productId,
        }),
        204,
      );
    await expectOk(await admin('POST', '/v1/catalogs', { ID: 'spare', Name: 'Spare' }), 201);
    await expectOk(await admin('POST', '/v1/catalogs/spare/categories', { ID: 'misc', Name: 'Misc' }), 201);
    anna = await loginAs(platform.app, 'anna@acme.example');
    bo = await loginAs(platform.app, 'bo@acme.example');
    carl = await loginAs(platform.app, 'carl@other.example');
  });
  afterAll(async () => {
    await other?.close();
    await platform?.close();
  });

  const assignments = async (query = '') =>
    (await expectOk<Page>(await admin('GET', `${BASE}${query}`))).Items;
  /** What a buyer user sees, read through the other instance. */
  const sees = async (token: string) => {
    const ids = async (url: string) =>
      (await expectOk<Page>(await call(other, token, 'GET', url))).Items.map((item) => item.ID as string);
    return { categories: await ids('/v1/me/categories'), products: await ids('/v1/me/products') };
  };
  const setCatalogAssignment = async (viewAllCategories: boolean, viewAllProducts: boolean) =>
    expectOk(
      await admin('POST', '/v1/catalogs/assignments', {
        CatalogID: 'main',
        BuyerID: 'acme',
        ViewAllCategories: viewAllCategories,
        ViewAllProducts: viewAllProducts,
      }),
      204,
    );
  const assign = async (body: Body) => expectOk(await admin('POST', BASE, body), 204);
  const unassign = async (categoryId: string, query: string) =>
    expectOk(await admin('DELETE', `/v1/catalogs/main/categories/${categoryId}/assignments${query}`), 204);

  const EVERYTHING = {
    categories: ['linear', 'rotary', 'rotary-small'],
    products: ['la-12-none', 'la-24-hall', 'la-24-pot', 'la-48-hall', 'la-special'],
  };

  it('shows everything while the catalog assignment views all and nothing is assigned', async () => {
    expect(await sees(anna)).toEqual(EVERYTHING);
    expect(await sees(bo)).toEqual(EVERYTHING);
  });

  it('saves, replaces, lists and deletes assignments of a company or a group', async () => {
    await assign({ CategoryID: 'rotary', BuyerID: 'acme', Visible: true });
    await assign({ CategoryID: 'rotary', BuyerID: 'acme', Visible: false, ViewAllProducts: true });
    await assign({ CategoryID: 'linear', BuyerID: 'acme', UserGroupID: 'team', ViewAllProducts: false });
    await assign({ CategoryID: 'linear', BuyerID: 'other', UserGroupID: 'other-team', Visible: true });
    expect(await assignments()).toEqual([
      { CategoryID: 'linear', BuyerID: 'acme', UserGroupID: 'team', Visible: null, ViewAllProducts: false },
      {
        CategoryID: 'linear',
        BuyerID: 'other',
        UserGroupID: 'other-team',
        Visible: true,
        ViewAllProducts: null,
      },
      { CategoryID: 'rotary', BuyerID: 'acme', UserGroupID: null, Visible: false, ViewAllProducts: true },
    ]);
    const ids = (items: Body[]) => items.map((item) => `${item.CategoryID}/${item.BuyerID}`);
    expect(ids(await assignments('?buyerID=acme'))).toEqual(['linear/acme', 'rotary/acme']);
    expect(ids(await assignments('?categoryID=rotary'))).toEqual(['rotary/acme']);
    expect(ids(await assignments('?userGroupID=team'))).toEqual(['linear/acme']);
    expect(ids(await assignments('?level=Company'))).toEqual(['rotary/acme']);
    expect(ids(await assignments('?level=Group'))).toEqual(['linear/acme', 'linear/other']);
    expect(ids(await assignments('?pageSize=1&page=3'))).toEqual(['rotary/acme']);
    expect(
      await expectOk<Page>(await admin('GET', '/v1/catalogs/spare/categories/assignments')),
    ).toMatchObject({
      Meta: { TotalCount: 0 },
      Items: [],
    });

    // The group's assignment and the company's are different parties.
    await unassign('linear', '?buyerID=acme&userGroupID=team');
    const again = await admin(
      'DELETE',
      '/v1/catalogs/main/categories/linear/assignments?buyerID=acme&userGroupID=team',
    );
    expect(again.statusCode).toBe(404);
    expect(again.json().Errors[0].Data).toEqual({
      ObjectType: 'CategoryAssignment',
      ObjectID: 'linear/acme/team',
    });
    expect(
      (await admin('DELETE', '/v1/catalogs/main/categories/rotary/assignments?buyerID=acme&userGroupID=team'))
        .statusCode,
    ).toBe(404);
    await unassign('rotary', '?buyerID=acme');
    await unassign('linear', '?buyerID=other&userGroupID=other-team');
    expect(await assignments()).toEqual([]);
  });

  it('refuses bad assignments and foreign IDs, changing nothing', async () => {
    const attempts: [string, Body, number, string?][] = [
      ['/v1/catalogs/nope/categories/assignments', { CategoryID: 'linear', BuyerID: 'acme' }, 404, 'Catalog'],
      [BASE, { CategoryID: 'nope', BuyerID: 'acme' }, 404, 'Category'],
      // A category of another catalog.
      [BASE, { CategoryID: 'misc', BuyerID: 'acme' }, 404, 'Category'],
      [BASE, { CategoryID: 'linear', BuyerID: 'nope' }, 404, 'Buyer'],
      // A group of another company.
      [BASE, { CategoryID: 'linear', BuyerID: 'acme', UserGroupID: 'other-team' }, 404, 'UserGroup'],
      [BASE, { CategoryID: 'linear' }, 400],
      [BASE, { BuyerID: 'acme' }, 400],
      [BASE, { CategoryID: 'linear', BuyerID: 'acme', Visible: 'yes' }, 400],
      [BASE, { CategoryID: 'linear', BuyerID: 'acme', ViewAllProducts: 1 }, 400],
    ];
    for (const [url, body, status, objectType] of attempts) {
      const response = await admin('POST', url, body);
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(status);
      if (objectType) expect(response.json().Errors[0].Data.ObjectType).toBe(objectType);
      else expect(errorCode(response)).toBe('InvalidRequest');
    }
    for (const query of ['', '?userGroupID=team', '?buyerID=acme&userID=anna']) {
      const response = await admin('DELETE', `/v1/catalogs/main/categories/linear/assignments${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await admin('GET', '/v1/catalogs/nope/categories/assignments')).statusCode).toBe(404);
    expect((await admin('GET', `${BASE}?level=Everyone`)).statusCode).toBe(400);
    expect(await assignments()).toEqual([]);
  });

  it('needs CategoryAdmin to write and CategoryAdmin or CategoryReader to list', async () => {
    for (const [method, url, body] of [
      ['GET', BASE, undefined],
      ['POST', BASE, { CategoryID: 'linear', BuyerID: 'acme', Visible: false }],
      ['DELETE', '/v1/catalogs/main/categories/linear/assignments?buyerID=acme', undefined],
    ] as const) {
      const response = await as(anna)(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(errorCode(response)).toBe('Auth.InsufficientRoles');
    }
    expect(await assignments()).toEqual([]);
    expect(await sees(anna)).toEqual(EVERYTHING);
  });

  it('narrows to the assigned categories when the catalog assignment views none (scenario 4)', async () => {
    await setCatalogAssignment(false, false);
    // Only the product assigned to acme itself remains.
    expect(await sees(anna)).toEqual({ categories: [], products: ['la-special'] });
    // The company sees the rotary branch: the subcategory and its products inherit.
    await assign({ CategoryID: 'rotary', BuyerID: 'acme', Visible: true, ViewAllProducts: true });
    const rotary = {
      categories: ['rotary', 'rotary-small'],
      products: ['la-12-none', 'la-24-hall', 'la-special'],
    };
    expect(await sees(anna)).toEqual(rotary);
    // bo's group also sees linear; anna is not in it.
    await assign({
      CategoryID: 'linear',
      BuyerID: 'acme',
      UserGroupID: 'team',
      Visible: true,
      ViewAllProducts: true,
    });
    expect(await sees(bo)).toEqual({
      categories: ['linear', 'rotary', 'rotary-small'],
      products: ['la-12-none', 'la-24-hall', 'la-48-hall', 'la-special'],
    });
    expect(await sees(anna)).toEqual(rotary);
    // The group's setting wins over the company's: bo loses the small rotaries, anna keeps them.
    await assign({
      CategoryID: 'rotary-small',
      BuyerID: 'acme',
      UserGroupID: 'team',
      Visible: false,
      ViewAllProducts: false,
    });
    expect(await sees(bo)).toEqual({
      categories: ['linear', 'rotary'],
      products: ['la-24-hall', 'la-48-hall', 'la-special'],
    });
    expect(await sees(anna)).toEqual(rotary);
    // Another company is untouched.
    expect(await sees(carl)).toEqual({
      ...EVERYTHING,
      products: EVERYTHING.products.filter((id) => id !== 'la-special'),
    });
  });

  it('answers single reads, line items and ?categoryID as the lists do', async () => {
    const status = async (token: string, url: string) => (await call(other, token, 'GET', url)).statusCode;
    expect(await status(anna, '/v1/me/categories/rotary-small')).toBe(200);
    expect(await status(bo, '/v1/me/categories/rotary-small')).toBe(404);
    expect(await status(anna, '/v1/me/categories/linear')).toBe(404);
    expect(await status(bo, '/v1/me/categories/linear')).toBe(200);
    expect(await status(anna, '/v1/me/products/la-48-hall')).toBe(404);
    expect(await status(bo, '/v1/me/products/la-48-hall')).toBe(200);
    expect(await status(anna, '/v1/me/products/la-24-pot/specs')).toBe(404);
    expect(await status(anna, '/v1/me/products/la-24-pot/specs/stroke')).toBe(404);
    // What she cannot see she cannot order.
    const order = await expectOk<Body>(await call(other, anna, 'POST', '/v1/orders/Outgoing', {}), 201);
    const line = await call(other, anna, 'POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, {
      ProductID: 'la-48-hall',
      Quantity: 1,
    });
    expect(line.statusCode).toBe(404);
    const byCategory = await expectOk<Page>(
      await call(other, anna, 'GET', '/v1/me/products?categoryID=rotary'),
    );
    expect(byCategory.Items.map((item) => item.ID)).toEqual(['la-24-hall']);
  });

  it('hides one category’s products while the catalog shows everything else (scenario 5)', async () => {
    for (const [categoryId, query] of [
      ['rotary', '?buyerID=acme'],
      ['linear', '?buyerID=acme&userGroupID=team'],
      ['rotary-small', '?buyerID=acme&userGroupID=team'],
    ] as const)
      await unassign(categoryId, query);
    await setCatalogAssignment(true, true);
    expect(await sees(anna)).toEqual(EVERYTHING);
    await assign({ CategoryID: 'rotary', BuyerID: 'acme', ViewAllProducts: false });
    // The category stays visible (Visible inherits true); its products and its subcategory's go.
    expect(await sees(anna)).toEqual({
      categories: EVERYTHING.categories,
      products: ['la-24-pot', 'la-48-hall', 'la-special'],
    });
    // Deactivating a category hides it and its subcategories.
    await expectOk(await admin('PATCH', '/v1/catalogs/main/categories/rotary', { Active: false }));
    expect((await sees(anna)).categories).toEqual(['linear']);
    await expectOk(await admin('PATCH', '/v1/catalogs/main/categories/rotary', { Active: true }));
    await unassign('rotary', '?buyerID=acme');
    expect(await sees(anna)).toEqual(EVERYTHING);
  });
});
