import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createBuyerWithUser,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

interface Page {
  Meta: { TotalCount: number };
}

/** A catalog large enough that its index is rebuilt in the background after a change. */
describe('large catalog: answers from the previous index while rebuilding', () => {
  let platform: Platform;
  let anna: string;
  const PRODUCTS = 20_000;

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    const admin = (url: string, body: unknown) => call(platform.app, platform.adminToken, 'POST', url, body);
    await expectOk(await admin('/v1/catalogs', { ID: 'main', Name: 'Main' }), 201);
    await expectOk(await admin('/v1/catalogs/assignments', { CatalogID: 'main', BuyerID: 'acme' }), 204);
    await expectOk(
      await admin('/v1/priceschedules', {
        ID: 'list',
        Name: 'List',
        Currency: 'DKK',
        PriceBreaks: [{ Quantity: 1, Price: 1 }],
      }),
      201,
    );
    const db = platform.database.db;
    await db.execute(sql`
      insert into products (id, name, active, default_price_schedule_id, xp)
      select 'p' || n, 'Product ' || n, true, 'list', '{}'::jsonb
      from generate_series(1, ${PRODUCTS}) as n`);
    await db.execute(
      sql`insert into product_catalog_assignments (catalog_id, product_id) select 'main', id from products`,
    );
    await db.execute(sql`update cache_generations set generation = generation + 1 where name = 'catalog'`);
    anna = await loginAs(platform.app, 'anna@acme.example');
  });
  afterAll(() => platform?.close());

  const count = async (query = '') =>
    (await expectOk<Page>(await call(platform.app, anna, 'GET', `/v1/me/products?pageSize=1${query}`))).Meta
      .TotalCount;

  it('serves the previous index until the new one is built, then the new one', async () => {
    expect(await count()).toBe(PRODUCTS);
    await expectOk(
      await call(platform.app, platform.adminToken, 'PATCH', '/v1/products/p1', { Active: false }),
    );
    // The change starts a rebuild; this request is answered at once from the previous index.
    expect(await count()).toBe(PRODUCTS);
    let latest = PRODUCTS;
    for (let attempt = 0; attempt < 100 && latest === PRODUCTS; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      latest = await count();
    }
    expect(latest).toBe(PRODUCTS - 1);
  });
});
