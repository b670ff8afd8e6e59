import {
  Auth,
  Categories,
  LineItems,
  Me,
  type OrderCloudError,
  Orders,
  PriceSchedules,
  Products,
  Tokens,
} from 'ordercloud-javascript-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIDDLEWARE_CLIENT_ID, STOREFRONT_CLIENT_ID } from './modules/auth/bootstrap.ts';
import { seedSmallCatalog } from './testing/catalog-fixtures.ts';
import {
  callers,
  createBuyerWithUser,
  DEMO_PASSWORD,
  expectOk,
  MIDDLEWARE_SECRET,
  type Platform,
  startPlatform,
} from './testing/harness.ts';
import { serveToSdk } from './testing/sdk.ts';

/**
 * The official SDK's catalogue and price-schedule calls the platform added later: price breaks,
 * the buyer's single reads (catalog, category, spec, spending account), a product's specs and
 * category assignments — against the platform on a loopback port, configured only with `baseApiUrl`.
 */
describe('ordercloud-javascript-sdk: catalogue and price schedules', () => {
  let platform: Platform;
  const { admin: adminCall } = callers(() => platform);
  /** Request options of the middleware's FullAccess client. */
  let asAdmin: { accessToken: string };

  const errorOf = async (call: Promise<unknown>) =>
    (await call.catch((error: unknown) => error)) as OrderCloudError;

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, {
      buyerId: 'acme-dk',
      userId: 'anna',
      username: 'anna@acme-dk.example',
    });
    await seedSmallCatalog(platform, ['acme-dk']);
    await expectOk(
      await adminCall('POST', '/v1/buyers/acme-dk/spendingaccounts', {
        ID: 'budget',
        Name: 'Budget',
        Balance: 750,
      }),
      201,
    );
    await expectOk(
      await adminCall('POST', '/v1/buyers/acme-dk/spendingaccounts/assignments', {
        SpendingAccountID: 'budget',
        UserID: 'anna',
      }),
      204,
    );
    await serveToSdk(platform);
    const admin = await Auth.ClientCredentials(MIDDLEWARE_SECRET, MIDDLEWARE_CLIENT_ID, ['FullAccess']);
    asAdmin = { accessToken: admin.access_token };
    const anna = await Auth.Login('anna@acme-dk.example', DEMO_PASSWORD, STOREFRONT_CLIENT_ID, ['Shopper']);
    Tokens.SetAccessToken(anna.access_token);
  });
  afterAll(() => platform?.close());

  it('saves and deletes price breaks (PriceSchedules.SavePriceBreak / DeletePriceBreak)', async () => {
    const saved = await PriceSchedules.SavePriceBreak('list-dkk', { Quantity: 5, Price: 950 }, asAdmin);
    expect(saved.ID).toBe('list-dkk');
    expect(saved.PriceBreaks.map((priceBreak) => [priceBreak.Quantity, priceBreak.Price])).toEqual([
      [1, 1000],
      [5, 950],
      [10, 900],
    ]);
    // The buyer's next line prices with it.
    const order = await Orders.Create('Outgoing', {});
    const line = await LineItems.Create('Outgoing', order.ID, { ProductID: 'la-48-hall', Quantity: 5 });
    expect(line.UnitPrice).toBe(950);
    await PriceSchedules.DeletePriceBreak('list-dkk', { quantity: 5 }, asAdmin);
    expect(
      (await PriceSchedules.Get('list-dkk', asAdmin)).PriceBreaks.map((priceBreak) => priceBreak.Quantity),
    ).toEqual([1, 10]);
    const missing = await errorOf(PriceSchedules.DeletePriceBreak('list-dkk', { quantity: 5 }, asAdmin));
    expect(missing.status).toBe(404);
    expect(missing.errorCode).toBe('NotFound');
    const refused = await errorOf(PriceSchedules.SavePriceBreak('list-dkk', { Quantity: 2, Price: 1 }));
    expect(refused.errorCode).toBe('Auth.InsufficientRoles');
  });

  it('reads the buyer’s catalog, category, spec and spending account (Me.Get…)', async () => {
    expect(await Me.GetCatalog('main')).toMatchObject({ ID: 'main', Name: 'Main catalogue' });
    expect(await Me.GetCategory('linear', { catalogID: 'main' })).toMatchObject({ ID: 'linear' });
    expect(await Me.GetCategory('linear')).toMatchObject({ ID: 'linear' });
    const spec = await Me.GetSpec('la-24-pot', 'stroke', { catalogID: 'main' });
    expect(spec.Options.map((option) => option.ID)).toEqual(['100', '300']);
    expect(await Me.GetSpendingAccount('budget')).toMatchObject({ ID: 'budget', Balance: 750 });
    // One call at a time: a rejection made before its handler is attached counts as unhandled.
    for (const call of [
      () => Me.GetCatalog('nope'),
      () => Me.GetCategory('nope', { catalogID: 'main' }),
      () => Me.GetSpec('la-24-pot', 'nope'),
      () => Me.GetSpendingAccount('nope'),
    ]) {
      const error = await errorOf(call());
      expect(error.isOrderCloudError).toBe(true);
      expect(error.status).toBe(404);
      expect(error.errorCode).toBe('NotFound');
    }
  });

  it('lists a product’s specs as admin (Products.ListSpecs)', async () => {
    const specs = await Products.ListSpecs('la-24-pot', { searchOn: ['ID', 'Name'], search: 'str' }, asAdmin);
    expect(specs.Meta.TotalCount).toBe(1);
    expect(specs.Items[0]).toMatchObject({ ID: 'stroke', OptionCount: 2 });
    expect(specs.Items[0]?.Options.map((option) => option.ID)).toEqual(['100', '300']);
  });

  it('manages category assignments (Categories.SaveAssignment / ListAssignments / DeleteAssignment)', async () => {
    await Categories.SaveAssignment(
      'main',
      { CategoryID: 'linear', BuyerID: 'acme-dk', Visible: false, ViewAllProducts: false },
      asAdmin,
    );
    const list = await Categories.ListAssignments('main', { buyerID: 'acme-dk', level: 'Company' }, asAdmin);
    expect(list.Items).toEqual([
      { CategoryID: 'linear', BuyerID: 'acme-dk', UserGroupID: null, Visible: false, ViewAllProducts: false },
    ]);
    // The buyer no longer sees the category or its product.
    expect((await Me.ListCategories()).Items).toEqual([]);
    expect((await errorOf(Me.GetCategory('linear'))).status).toBe(404);
    expect((await errorOf(Me.GetProduct('la-48-hall'))).status).toBe(404);
    await Categories.DeleteAssignment('main', 'linear', { buyerID: 'acme-dk' }, asAdmin);
    expect((await Categories.ListAssignments('main', {}, asAdmin)).Items).toEqual([]);
    expect((await Me.GetProduct('la-48-hall')).ID).toBe('la-48-hall');
    const refused = await errorOf(
      Categories.SaveAssignment('main', { CategoryID: 'linear', BuyerID: 'acme-dk' }),
    );
    expect(refused.errorCode).toBe('Auth.InsufficientRoles');
  });
});
