/**
 * A sales item's ERP fields (lifecycle state per sales company, successor, lead time, stock) are
 * written by the integration only; a blocked or phased-out item cannot be put in a cart, and the
 * refusal names its state and successor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  callers,
  createBuyerWithUser,
  expectOk,
  loginAs,
  type Platform,
  requestToken,
  startPlatform,
} from '../../testing/harness.ts';
import { MIDDLEWARE_USER_ID } from '../auth/bootstrap.ts';

type Json = Record<string, unknown>;
type Errors = { Errors: { ErrorCode: string; Data: Json }[] };

describe('sales item lifecycle from the ERP', () => {
  let platform: Platform;
  let catalogManager: string;
  let anna: string;
  let gus: string;
  const { admin, as } = callers(() => platform);

  const expectRefusal = (response: { statusCode: number; json(): unknown }, status: number, code: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(status);
    const [error] = (response.json() as Errors).Errors;
    expect(error?.ErrorCode).toBe(code);
    return error?.Data as Json;
  };
  const product = async (id: string) =>
    expectOk<Json & { xp: Json; Inventory: Json }>(await admin('GET', `/v1/products/${id}`));

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'globex', userId: 'gus', username: 'gus@globex.example' });
    await expectOk(await admin('PATCH', '/v1/buyers/acme', { xp: { SalesCompanyId: 'ADK' } }));
    await expectOk(await admin('PATCH', '/v1/buyers/globex', { xp: { SalesCompanyId: 'ASE' } }));
    await seedSmallCatalog(platform, ['acme', 'globex']);
    // A catalogue manager's own client: an admin, but not the integration.
    await expectOk(
      await admin('PUT', '/v1/apiclients/pim', {
        AppName: 'PIM',
        AllowSeller: true,
        DefaultContextUserName: MIDDLEWARE_USER_ID,
        ClientSecret: 'pim-secret-0123456789',
      }),
    );
    const login = await requestToken(platform.app, {
      grant_type: 'client_credentials',
      client_id: 'pim',
      client_secret: 'pim-secret-0123456789',
      scope: 'ProductAdmin',
    });
    catalogManager = login.json().access_token;
    anna = await loginAs(platform.app, 'anna@acme.example');
    gus = await loginAs(platform.app, 'gus@globex.example');

    // The integration writes what the ERP says: blocked everywhere, replaced by la-24-hall's item.
    await expectOk(
      await admin('PATCH', '/v1/products/la-24-pot', {
        xp: { ProductState: 'Blocked', SuccessorSalesItemNumber: 'A00024', LeadTimeDays: 12 },
        Inventory: { Enabled: true, OrderCanExceed: true, QuantityAvailable: 0 },
      }),
    );
    // Released at ADK only: globex (ASE) is not set up for it.
    await expectOk(
      await admin('PATCH', '/v1/products/la-48-hall', {
        xp: { ProductState: 'Active', SalesCompanyProductStates: { ADK: 'Active', ANL: 'Discontinued' } },
        Inventory: { Enabled: true, OrderCanExceed: true, QuantityAvailable: 7 },
      }),
    );
  });
  afterAll(() => platform?.close());

  it('stores what the integration writes', async () => {
    const blocked = await product('la-24-pot');
    expect(blocked.xp).toMatchObject({
      ProductState: 'Blocked',
      SuccessorSalesItemNumber: 'A00024',
      LeadTimeDays: 12,
    });
    expect(blocked.Inventory).toMatchObject({ QuantityAvailable: 0, OrderCanExceed: true });
  });

  it('refuses the ERP fields to any other admin, 403 Forbidden.OwnedField, and changes nothing', async () => {
    const call = as(catalogManager);
    for (const [body, field] of [
      [{ xp: { ProductState: 'Active' } }, 'xp.ProductState'],
      [{ xp: { SuccessorSalesItemNumber: null } }, 'xp.SuccessorSalesItemNumber'],
      [{ xp: { LeadTimeDays: 1 } }, 'xp.LeadTimeDays'],
      [{ xp: { SalesCompanyProductStates: { ASE: 'Active' } } }, 'xp.SalesCompanyProductStates'],
      [{ Inventory: { QuantityAvailable: 500 } }, 'Inventory.QuantityAvailable'],
    ] as const) {
      const data = expectRefusal(
        await call('PATCH', '/v1/products/la-24-pot', body),
        403,
        'Forbidden.OwnedField',
      );
      expect(data).toMatchObject({
        ObjectType: 'Product',
        ObjectID: 'la-24-pot',
        Field: field,
        Owner: 'ERP',
      });
    }
    expect((await product('la-24-pot')).xp.ProductState).toBe('Blocked');
    expect((await product('la-24-pot')).Inventory.QuantityAvailable).toBe(0);

    // What the ERP does not own stays the catalogue manager's; a PUT of what GET answered works.
    const renamed = await expectOk<Json & { xp: Json }>(
      await call('PATCH', '/v1/products/la-24-pot', { Name: 'LA36 24V pot (old)' }),
    );
    expect(renamed).toMatchObject({ Name: 'LA36 24V pot (old)', xp: { ProductState: 'Blocked' } });
    const { PriceSchedule: _, ...current } = await product('la-24-pot');
    await expectOk(await call('PUT', '/v1/products/la-24-pot', current));
    // A PUT leaving the stock out keeps it.
    const { Inventory: _inventory, ...withoutInventory } = current;
    const kept = await expectOk<Json & { Inventory: Json }>(
      await call('PUT', '/v1/products/la-24-pot', withoutInventory),
    );
    expect(kept.Inventory).toMatchObject({ QuantityAvailable: 0 });
  });

  it('refuses a blocked item in the cart, naming its state and successor', async () => {
    const data = expectRefusal(
      await as(anna)('POST', '/v1/cart/lineitems', { ProductID: 'la-24-pot', Quantity: 1 }),
      400,
      'Product.NotOrderable',
    );
    expect(data).toEqual({
      ProductID: 'la-24-pot',
      ProductState: 'Blocked',
      SuccessorSalesItemNumber: 'A00024',
    });
    await expectOk(
      await as(anna)('POST', '/v1/cart/lineitems', { ProductID: 'la-24-hall', Quantity: 1 }),
      201,
    );
  });

  it('follows the state at the buyer’s sales company', async () => {
    await expectOk(
      await as(anna)('POST', '/v1/cart/lineitems', { ProductID: 'la-48-hall', Quantity: 1 }),
      201,
    );
    const data = expectRefusal(
      await as(gus)('POST', '/v1/cart/lineitems', { ProductID: 'la-48-hall', Quantity: 1 }),
      400,
      'Product.NotOrderable',
    );
    expect(data.ProductState).toBe('Blocked');
  });

  it('refuses a line of an item that was blocked after it went into the cart', async () => {
    const line = await expectOk<Json>(
      await as(anna)('POST', '/v1/cart/lineitems', { ProductID: 'la-12-none', Quantity: 1 }),
      201,
    );
    await expectOk(await admin('PATCH', '/v1/products/la-12-none', { xp: { ProductState: 'Discontinued' } }));
    expectRefusal(
      await as(anna)('PATCH', `/v1/cart/lineitems/${line.ID}`, { Quantity: 3 }),
      400,
      'Product.NotOrderable',
    );
  });
});
