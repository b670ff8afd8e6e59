import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  callers,
  createBuyerWithUser,
  errorCode,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

type Body = Record<string, unknown>;
interface Page {
  Meta: { TotalCount: number };
  Items: Body[];
}

/**
 * Single reads of the buyer's catalogue (`/me/catalogs/{id}`, `/me/categories/{id}`,
 * `/me/products/{id}/specs/{id}`) answer exactly what the lists show the caller; and the admin's
 * `/products/{id}/specs`.
 */
describe('catalogue single reads', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  let anna: string;
  let carl: string;

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'other', userId: 'carl', username: 'carl@other.example' });
    await seedSmallCatalog(platform, ['acme', 'other']);
    // A second catalog for the other company only, with a category, and an inactive one for both.
    for (const [id, active] of [
      ['other-cat', true],
      ['retired', false],
    ] as const) {
      await expectOk(await admin('POST', '/v1/catalogs', { ID: id, Name: id, Active: active }), 201);
    }
    await expectOk(
      await admin('POST', '/v1/catalogs/other-cat/categories', { ID: 'secret', Name: 'Secret' }),
      201,
    );
    for (const [catalogId, buyerId] of [
      ['other-cat', 'other'],
      ['retired', 'acme'],
      ['retired', 'other'],
    ]) {
      await expectOk(
        await admin('POST', '/v1/catalogs/assignments', { CatalogID: catalogId, BuyerID: buyerId }),
        204,
      );
    }
    await expectOk(
      await admin('POST', '/v1/catalogs/main/categories', { ID: 'off', Name: 'Off', Active: false }),
      201,
    );
    anna = await loginAs(platform.app, 'anna@acme.example');
    carl = await loginAs(platform.app, 'carl@other.example');
  });
  afterAll(() => platform?.close());

  const expectNotFound = async (token: string, url: string, objectType: string, objectId: string) => {
    const response = await as(token)('GET', url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(404);
    expect(response.json().Errors[0]).toMatchObject({
      ErrorCode: 'NotFound',
      Data: { ObjectType: objectType, ObjectID: objectId },
    });
  };

  it('reads a catalog assigned to the caller’s company and active, as /me/catalogs lists it', async () => {
    const listed = await expectOk<Page>(await as(anna)('GET', '/v1/me/catalogs'));
    expect(listed.Items.map((catalog) => catalog.ID)).toEqual(['main']);
    expect(await expectOk<Body>(await as(anna)('GET', '/v1/me/catalogs/main'))).toEqual(listed.Items[0]);
    expect((await expectOk<Body>(await as(carl)('GET', '/v1/me/catalogs/other-cat'))).Name).toBe('other-cat');
    await expectNotFound(anna, '/v1/me/catalogs/other-cat', 'Catalog', 'other-cat');
    await expectNotFound(anna, '/v1/me/catalogs/retired', 'Catalog', 'retired');
    await expectNotFound(anna, '/v1/me/catalogs/nope', 'Catalog', 'nope');
    // An admin user belongs to no company: no /me catalogue.
    await expectNotFound(platform.adminToken, '/v1/me/catalogs/main', 'Catalog', 'main');
  });

  it('reads a category of the caller’s catalog, as /me/categories lists it', async () => {
    const listed = await expectOk<Page>(await as(anna)('GET', '/v1/me/categories'));
    // Inactive categories are not shown to buyers.
    expect(listed.Items.map((category) => category.ID)).toEqual(['linear']);
    expect(await expectOk<Body>(await as(anna)('GET', '/v1/me/categories/linear'))).toEqual(listed.Items[0]);
    expect((await expectOk<Body>(await as(anna)('GET', '/v1/me/categories/linear?catalogID=main'))).ID).toBe(
      'linear',
    );
    await expectNotFound(anna, '/v1/me/categories/off', 'Category', 'off');
    await expectNotFound(anna, '/v1/me/categories/nope', 'Category', 'nope');
    // Another company's catalog, named or not.
    await expectNotFound(anna, '/v1/me/categories/secret?catalogID=other-cat', 'Category', 'secret');
    await expectNotFound(anna, '/v1/me/categories/secret', 'Category', 'secret');
    expect(
      (await expectOk<Body>(await as(carl)('GET', '/v1/me/categories/secret?catalogID=other-cat'))).ID,
    ).toBe('secret');
    // carl's default catalog is his first assigned one, `main`.
    await expectNotFound(carl, '/v1/me/categories/secret', 'Category', 'secret');
  });

  it('reads a spec of a product the caller sees, as /me/products/{id}/specs lists it', async () => {
    const listed = await expectOk<Page>(await as(anna)('GET', '/v1/me/products/la-24-pot/specs'));
    const spec = await expectOk<Body>(await as(anna)('GET', '/v1/me/products/la-24-pot/specs/stroke'));
    expect(spec).toEqual(listed.Items[0]);
    expect(spec).toMatchObject({ ID: 'stroke', OptionCount: 2, Required: true });
    expect(
      (await expectOk<Body>(await as(anna)('GET', '/v1/me/products/la-24-pot/specs/stroke?catalogID=main')))
        .ID,
    ).toBe('stroke');
    await expectNotFound(anna, '/v1/me/products/la-24-pot/specs/nope', 'Spec', 'nope');
    // The spec exists, but not on this product.
    await expectNotFound(anna, '/v1/me/products/la-24-hall/specs/stroke', 'Spec', 'stroke');
    // A product carl does not see (priced for acme only), and a catalog anna is not assigned.
    await expectNotFound(carl, '/v1/me/products/la-special/specs/stroke', 'Product', 'la-special');
    await expectNotFound(
      anna,
      '/v1/me/products/la-24-pot/specs/stroke?catalogID=other-cat',
      'Product',
      'la-24-pot',
    );
    expect((await as(anna)('GET', '/v1/me/products/la-24-pot/specs?catalogID=other-cat')).statusCode).toBe(
      404,
    );
  });

  it('lists the specs assigned to a product, with options, for product admins', async () => {
    await expectOk(await admin('POST', '/v1/specs', { ID: 'colour', Name: 'Colour', ListOrder: 5 }), 201);
    await expectOk(
      await admin('POST', '/v1/specs/colour/options', {
        ID: 'red',
        Value: 'Red',
        PriceMarkupType: 'NoMarkup',
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/specs/productassignments', { SpecID: 'colour', ProductID: 'la-24-pot' }),
      204,
    );
    const specs = await expectOk<Page>(await admin('GET', '/v1/products/la-24-pot/specs'));
    expect(specs.Meta.TotalCount).toBe(2);
    expect(specs.Items).toEqual([
      expect.objectContaining({
        ID: 'stroke',
        OptionCount: 2,
        Options: [
          expect.objectContaining({ ID: '100' }),
          expect.objectContaining({ ID: '300', PriceMarkup: 150 }),
        ],
      }),
      expect.objectContaining({
        ID: 'colour',
        OptionCount: 1,
        Options: [expect.objectContaining({ ID: 'red' })],
      }),
    ]);
    const ids = async (query: string) =>
      (await expectOk<Page>(await admin('GET', `/v1/products/la-24-pot/specs${query}`))).Items.map(
        (item) => item.ID,
      );
    expect(await ids('?sortBy=!ID')).toEqual(['stroke', 'colour']);
    expect(await ids('?search=col')).toEqual(['colour']);
    expect(await ids('?Required=true')).toEqual(['stroke']);
    expect(await ids('?pageSize=1&page=2')).toEqual(['colour']);
    expect(await ids('?ID=nope')).toEqual([]);
    expect((await expectOk<Page>(await admin('GET', '/v1/products/la-24-hall/specs'))).Items).toEqual([]);
    const unknown = await admin('GET', '/v1/products/nope/specs');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Errors[0].Data).toEqual({ ObjectType: 'Product', ObjectID: 'nope' });
    expect((await admin('GET', '/v1/products/la-24-pot/specs?sortBy=Nope')).statusCode).toBe(400);
    const buyer = await as(anna)('GET', '/v1/products/la-24-pot/specs');
    expect(buyer.statusCode).toBe(403);
    expect(errorCode(buyer)).toBe('Auth.InsufficientRoles');
  });
});
