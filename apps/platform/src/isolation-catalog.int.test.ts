import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from './testing/catalog-fixtures.ts';
import {
  callers,
  createUserGroup,
  expectOk,
  loginAs,
  type Method,
  type Platform,
  startPlatform,
} from './testing/harness.ts';
import { createIsolationCast } from './testing/isolation-cast.ts';

type Body = Record<string, unknown>;
type Attempt = [Method, string, unknown?];

/**
 * Isolation of the catalogue's single reads and category assignments: another company's user (ivan)
 * — and, for what OrderCloud scopes by user (a spending account assigned to vera), a colleague of
 * vera's (walt) — both holding misassigned admin roles, find nothing and change nothing.
 */
describe('isolation of the buyer catalogue, category assignments and price breaks', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  let vera: string;
  let ivan: string;
  let walt: string;

  beforeAll(async () => {
    platform = await startPlatform();
    await createIsolationCast(platform, [
      'CatalogAdmin',
      'CatalogReader',
      'CategoryAdmin',
      'CategoryReader',
      'ProductAdmin',
      'ProductReader',
      'PriceScheduleAdmin',
      'PriceScheduleReader',
      'SpendingAccountAdmin',
      'SpendingAccountReader',
      'BuyerAdmin',
    ]);
    await seedSmallCatalog(platform, ['victim', 'intruder']);

    // The victim's own catalog: a category, a product with a spec, priced by a schedule of its own.
    await expectOk(await admin('POST', '/v1/catalogs', { ID: 'victim-cat', Name: 'Victim catalogue' }), 201);
    await expectOk(
      await admin('POST', '/v1/catalogs/victim-cat/categories', { ID: 'victim-secret', Name: 'Secret' }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/priceschedules', {
        ID: 'victim-price',
        Name: 'Victim price',
        Currency: 'DKK',
        PriceBreaks: [{ Quantity: 1, Price: 500 }],
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/products', {
        ID: 'victim-product',
        Name: 'Victim product',
        DefaultPriceScheduleID: 'victim-price',
      }),
      201,
    );
    await expectOk(await admin('POST', '/v1/specs', { ID: 'victim-spec', Name: 'Victim spec' }), 201);
    for (const [url, body] of [
      ['/v1/catalogs/productassignments', { CatalogID: 'victim-cat', ProductID: 'victim-product' }],
      ['/v1/specs/productassignments', { SpecID: 'victim-spec', ProductID: 'victim-product' }],
      ['/v1/catalogs/assignments', { CatalogID: 'victim-cat', BuyerID: 'victim' }],
    ] as const)
      await expectOk(await admin('POST', url, body), 204);

    // On the shared catalog: a category the victim hides from its company but shows its group `vip`.
    // The intruder hides it too, and has a group of the same ID.
    await expectOk(
      await admin('POST', '/v1/catalogs/main/categories', { ID: 'vip-only', Name: 'VIP only' }),
      201,
    );
    await createUserGroup(platform, { buyerId: 'victim', groupId: 'vip', userIds: ['vera'] });
    await createUserGroup(platform, { buyerId: 'intruder', groupId: 'vip', userIds: ['ivan'] });
    for (const body of [
      { CategoryID: 'vip-only', BuyerID: 'victim', Visible: false },
      { CategoryID: 'vip-only', BuyerID: 'victim', UserGroupID: 'vip', Visible: true },
      { CategoryID: 'vip-only', BuyerID: 'intruder', Visible: false },
    ])
      await expectOk(await admin('POST', '/v1/catalogs/main/categories/assignments', body), 204);

    // A budget assigned to vera alone.
    await expectOk(
      await admin('POST', '/v1/buyers/victim/spendingaccounts', {
        ID: 'vera-budget',
        Name: 'Vera',
        Balance: 900,
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/buyers/victim/spendingaccounts/assignments', {
        SpendingAccountID: 'vera-budget',
        UserID: 'vera',
      }),
      204,
    );
    vera = await loginAs(platform.app, 'vera@victim.example');
    ivan = await loginAs(platform.app, 'ivan@intruder.example');
    walt = await loginAs(platform.app, 'walt@victim.example');
  });
  afterAll(() => platform?.close());

  const assignmentsOf = async (catalogId: string) =>
    (
      await expectOk<{ Items: Body[] }>(
        await admin('GET', `/v1/catalogs/${catalogId}/categories/assignments`),
      )
    ).Items;

  it('vera herself reaches all of it (the refusals below are not wrong URLs)', async () => {
    for (const url of [
      '/v1/me/catalogs/victim-cat',
      '/v1/me/categories/victim-secret?catalogID=victim-cat',
      '/v1/me/categories/vip-only',
      '/v1/me/products/victim-product/specs/victim-spec?catalogID=victim-cat',
      '/v1/me/spendingaccounts/vera-budget',
    ])
      await expectOk(await as(vera)('GET', url));
  });

  /** The victim company's catalogue: ivan of another company finds none of it. */
  const companyScoped: Attempt[] = [
    ['GET', '/v1/me/catalogs/victim-cat'],
    ['GET', '/v1/me/categories/victim-secret?catalogID=victim-cat'],
    ['GET', '/v1/me/categories/victim-secret'],
    // The category the victim's group `vip` sees: ivan's group of the same ID does not.
    ['GET', '/v1/me/categories/vip-only'],
    ['GET', '/v1/me/categories/vip-only?catalogID=main'],
    ['GET', '/v1/me/products/victim-product?catalogID=victim-cat'],
    ['GET', '/v1/me/products/victim-product/specs?catalogID=victim-cat'],
    ['GET', '/v1/me/products/victim-product/specs/victim-spec?catalogID=victim-cat'],
    ['GET', '/v1/me/products/victim-product/specs/victim-spec'],
    ['GET', '/v1/me/spendingaccounts/vera-budget'],
    ['GET', '/v1/me/spendingAccounts/vera-budget'],
  ];
  /** Admin routes a misassigned role would open: buyer users are confined to /me, their orders and their buyer. */
  const adminRoutes: Attempt[] = [
    ['GET', '/v1/catalogs/victim-cat/categories/assignments'],
    [
      'POST',
      '/v1/catalogs/victim-cat/categories/assignments',
      { CategoryID: 'victim-secret', BuyerID: 'intruder', Visible: true },
    ],
    [
      'POST',
      '/v1/catalogs/main/categories/assignments',
      { CategoryID: 'vip-only', BuyerID: 'intruder', Visible: true },
    ],
    [
      'POST',
      '/v1/catalogs/main/categories/assignments',
      { CategoryID: 'vip-only', BuyerID: 'victim', Visible: true },
    ],
    ['DELETE', '/v1/catalogs/main/categories/vip-only/assignments?buyerID=intruder'],
    ['DELETE', '/v1/catalogs/main/categories/vip-only/assignments?buyerID=victim&userGroupID=vip'],
    ['GET', '/v1/products/victim-product/specs'],
    ['POST', '/v1/priceschedules/victim-price/PriceBreaks', { Quantity: 1, Price: 1 }],
    ['DELETE', '/v1/priceschedules/victim-price/PriceBreaks?quantity=1'],
  ];

  describe.each(['ivan', 'walt'])('%s', (name) => {
    const token = () => (name === 'ivan' ? ivan : walt);
    // walt is vera's colleague: the company's catalogue is his too; only vera's own budget is not.
    const refusedReads =
      name === 'ivan'
        ? companyScoped
        : companyScoped.filter(([, url]) => /spendingaccounts\/vera/i.test(url));

    it.each(refusedReads)('%s %s finds nothing (404)', async (method, url) => {
      const response = await as(token())(method, url);
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().Errors[0].ErrorCode).toBe('NotFound');
      expect(response.body).not.toMatch(/Victim catalogue|"Secret"|Victim spec|"Balance"/);
    });

    it.each(adminRoutes)('%s %s is refused (403)', async (method, url, body) => {
      const response = await as(token())(method, url, body);
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().Errors[0].ErrorCode).toBe('Auth.InsufficientRoles');
    });

    it('changed nothing', async () => {
      expect(await assignmentsOf('victim-cat')).toEqual([]);
      expect(await assignmentsOf('main')).toEqual([
        {
          CategoryID: 'vip-only',
          BuyerID: 'intruder',
          UserGroupID: null,
          Visible: false,
          ViewAllProducts: null,
        },
        {
          CategoryID: 'vip-only',
          BuyerID: 'victim',
          UserGroupID: null,
          Visible: false,
          ViewAllProducts: null,
        },
        {
          CategoryID: 'vip-only',
          BuyerID: 'victim',
          UserGroupID: 'vip',
          Visible: true,
          ViewAllProducts: null,
        },
      ]);
      const schedule = await expectOk<Body>(await admin('GET', '/v1/priceschedules/victim-price'));
      expect(schedule.PriceBreaks).toEqual([
        { Quantity: 1, Price: 500, SalePrice: null, SubscriptionPrice: null, BundlePrice: null },
      ]);
      const categories = await expectOk<{ Items: Body[] }>(await as(ivan)('GET', '/v1/me/categories'));
      expect(categories.Items.map((category) => category.ID)).toEqual(['linear']);
      expect(
        (await expectOk<{ Items: Body[] }>(await as(vera)('GET', '/v1/me/categories'))).Items.map(
          (category) => category.ID,
        ),
      ).toEqual(['linear', 'vip-only']);
    });
  });

  it('walt, in vera’s company but not in her group, does not see the group’s category', async () => {
    expect((await as(walt)('GET', '/v1/me/categories/vip-only')).statusCode).toBe(404);
    expect((await as(walt)('GET', '/v1/me/catalogs/victim-cat')).statusCode).toBe(200);
  });
});
