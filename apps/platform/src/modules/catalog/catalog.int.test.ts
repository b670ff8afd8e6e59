import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  call,
  createBuyerWithUser,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

interface ProductPage {
  Meta: {
    TotalCount: number;
    Facets: { Name: string; XpPath: string; Values: { Value: string; Count: number }[] }[];
  };
  Items: {
    ID: string;
    PriceSchedule: { ID: string; PriceBreaks: { Quantity: number; Price: number }[] } | null;
  }[];
}

describe('catalogue: admin resources and /me/products', () => {
  let platform: Platform;
  let anna: string;
  let carl: string;

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'other', userId: 'carl', username: 'carl@other.example' });
    await seedSmallCatalog(platform, ['acme', 'other']);
    anna = await loginAs(platform.app, 'anna@acme.example');
    carl = await loginAs(platform.app, 'carl@other.example');
  });
  afterAll(() => platform?.close());

  const myProducts = async (token: string, query = '') =>
    expectOk<ProductPage>(await call(platform.app, token, 'GET', `/v1/me/products${query}`));
  const ids = (page: ProductPage) => page.Items.map((item) => item.ID);

  it('keeps price breaks as decimals on the wire', async () => {
    const schedule = await expectOk(
      await call(platform.app, platform.adminToken, 'GET', '/v1/priceschedules/list-dkk'),
    );
    expect(schedule).toMatchObject({
      Currency: 'DKK',
      IsOnSale: false,
      PriceBreaks: [
        { Quantity: 1, Price: 1000, SalePrice: null },
        { Quantity: 10, Price: 900 },
      ],
    });
    const tooPrecise = await call(platform.app, platform.adminToken, 'POST', '/v1/priceschedules', {
      Name: 'x',
      Currency: 'DKK',
      PriceBreaks: [{ Quantity: 1, Price: 1.005 }],
    });
    expect(tooPrecise.statusCode).toBe(400);
    const duplicate = await call(platform.app, platform.adminToken, 'POST', '/v1/priceschedules', {
      Name: 'x',
      PriceBreaks: [
        { Quantity: 1, Price: 1 },
        { Quantity: 1, Price: 2 },
      ],
    });
    expect(duplicate.statusCode).toBe(400);
  });

  it('lists the visible products in name order with facet counts', async () => {
    const page = await myProducts(anna);
    expect(ids(page)).toEqual(['la-12-none', 'la-24-hall', 'la-24-pot', 'la-48-hall', 'la-special']);
    expect(page.Meta.TotalCount).toBe(5);
    expect(page.Meta.Facets).toEqual([
      {
        Name: 'Voltage',
        XpPath: 'Facets.voltage',
        Values: [
          { Value: '24', Count: 3 },
          { Value: '12', Count: 1 },
          { Value: '48', Count: 1 },
        ],
        xp: {},
      },
      {
        Name: 'Feedback',
        XpPath: 'Facets.feedback',
        Values: [
          { Value: 'Hall', Count: 3 },
          { Value: 'Potentiometer', Count: 1 },
        ],
        xp: {},
      },
    ]);
    expect(page.Items[0]?.PriceSchedule?.ID).toBe('list-dkk');
    expect(page.Items.find((item) => item.ID === 'la-special')?.PriceSchedule?.ID).toBe('special-dkk');
  });

  it('filters on facets, with or, negation, ranges and search, and counts within the result', async () => {
    const page = await myProducts(anna, '?xp.Facets.voltage=24');
    expect(ids(page)).toEqual(['la-24-hall', 'la-24-pot', 'la-special']);
    expect(page.Meta.Facets[1]?.Values).toEqual([
      { Value: 'Hall', Count: 2 },
      { Value: 'Potentiometer', Count: 1 },
    ]);
    expect(ids(await myProducts(anna, '?xp.Facets.voltage=24&xp.Facets.feedback=hall'))).toEqual([
      'la-24-hall',
      'la-special',
    ]);
    expect(ids(await myProducts(anna, '?xp.Facets.voltage=12|48'))).toEqual(['la-12-none', 'la-48-hall']);
    expect(ids(await myProducts(anna, '?xp.Facets.voltage=>=48'))).toEqual(['la-48-hall']);
    expect(ids(await myProducts(anna, '?xp.Facets.feedback=!Hall'))).toEqual(['la-12-none', 'la-24-pot']);
    expect(ids(await myProducts(anna, '?search=potentio'))).toEqual(['la-24-pot']);
    expect(ids(await myProducts(anna, '?Name=LA36*&sortBy=!ID'))).toEqual([
      'la-48-hall',
      'la-24-pot',
      'la-24-hall',
    ]);
    expect(ids(await myProducts(anna, '?categoryID=linear'))).toEqual(['la-48-hall']);
    expect(ids(await myProducts(anna, '?xp.Kind=SalesItem&pageSize=2&page=2'))).toEqual([
      'la-24-pot',
      'la-48-hall',
    ]);
    // Outside the index: answered by SQL.
    expect(
      ids(await myProducts(anna, '?xp.SalesItemNumber=A00024|A00036&DefaultPriceScheduleID=list-dkk')),
    ).toEqual(['la-24-hall', 'la-24-pot']);
    expect((await call(platform.app, anna, 'GET', '/v1/me/products?sortBy=Description')).statusCode).toBe(
      400,
    );
  });

  it('hides products priced only for another buyer', async () => {
    expect(ids(await myProducts(carl))).not.toContain('la-special');
    expect((await call(platform.app, carl, 'GET', '/v1/me/products/la-special')).statusCode).toBe(404);
    const product = await expectOk(await call(platform.app, anna, 'GET', '/v1/me/products/la-special'));
    expect(product).toMatchObject({ ID: 'la-special', PriceSchedule: { ID: 'special-dkk' } });
  });

  it('serves a product specs with options and markups', async () => {
    const specs = await expectOk<{ Items: unknown[] }>(
      await call(platform.app, anna, 'GET', '/v1/me/products/la-24-pot/specs'),
    );
    expect(specs.Items).toEqual([
      expect.objectContaining({
        ID: 'stroke',
        Required: true,
        OptionCount: 2,
        Options: [
          expect.objectContaining({ ID: '100', PriceMarkupType: 'NoMarkup', PriceMarkup: null }),
          expect.objectContaining({ ID: '300', PriceMarkupType: 'AmountPerQuantity', PriceMarkup: 150 }),
        ],
      }),
    ]);
  });

  it('sees product changes immediately (the index follows the generation counter)', async () => {
    await expectOk(
      await call(platform.app, platform.adminToken, 'PATCH', '/v1/products/la-12-none', {
        xp: { Facets: { voltage: '48' } },
      }),
    );
    expect(ids(await myProducts(anna, '?xp.Facets.voltage=48'))).toEqual(['la-12-none', 'la-48-hall']);
    await expectOk(
      await call(platform.app, platform.adminToken, 'PATCH', '/v1/products/la-12-none', { Active: false }),
    );
    expect(ids(await myProducts(anna))).not.toContain('la-12-none');
  });

  it('validates products against the extensions and answers admin lists', async () => {
    const bad = await call(platform.app, platform.adminToken, 'POST', '/v1/products', {
      Name: 'Bad',
      xp: { Kind: 'SalesItem', SalesItemNumber: 'bad' },
    });
    expect(bad.statusCode).toBe(400);
    const list = await expectOk<{ Items: { ID: string }[] }>(
      await call(platform.app, platform.adminToken, 'GET', '/v1/products?xp.Facets.feedback=Hall&sortBy=ID'),
    );
    expect(list.Items.map((item) => item.ID)).toEqual(['la-24-hall', 'la-48-hall', 'la-special']);
    expect((await call(platform.app, anna, 'GET', '/v1/products')).statusCode).toBe(403);
    const catalogs = await expectOk<{ Items: { ID: string }[] }>(
      await call(platform.app, anna, 'GET', '/v1/me/catalogs'),
    );
    expect(catalogs.Items.map((item) => item.ID)).toEqual(['main']);
    const categories = await expectOk<{ Items: { ID: string }[] }>(
      await call(platform.app, anna, 'GET', '/v1/me/categories'),
    );
    expect(categories.Items.map((item) => item.ID)).toEqual(['linear']);
  });
});
