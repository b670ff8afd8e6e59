/**
 * What instances cache between requests (a buyer's DefaultCatalogID, group memberships, product rows,
 * price schedules, a buyer's catalogs) follows the shared generation counters: a write through one
 * instance is seen by the next request on another instance on the same database.
 */
import type { ServiceApp } from '@actuate/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from './testing/catalog-fixtures.ts';
import {
  call,
  createBuyerWithUser,
  expectOk,
  loginAs,
  type Method,
  type Platform,
  startPlatform,
  startSecondInstance,
} from './testing/harness.ts';

describe('caches across instances', () => {
  let platform: Platform;
  /** A second instance on the same database: it serves the reads, the first one takes the writes. */
  let other: ServiceApp;
  let anna: string;

  const write = async (method: Method, url: string, body?: unknown) => {
    const response = await call(platform.app, platform.adminToken, method, url, body);
    expect(response.statusCode, response.body).toBeLessThan(300);
  };
  /** Anna's view of a product through the other instance: its status and unit price for one. */
  const annaSees = async (productId: string) => {
    const response = await call(other, anna, 'GET', `/v1/me/products/${productId}`);
    if (response.statusCode !== 200) return response.statusCode;
    const product = response.json() as { PriceSchedule: { PriceBreaks: { Price: number }[] } | null };
    return product.PriceSchedule?.PriceBreaks[0]?.Price ?? null;
  };

  beforeAll(async () => {
    platform = await startPlatform();
    other = await startSecondInstance(platform);
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await seedSmallCatalog(platform, ['acme']);
    anna = await loginAs(platform.app, 'anna@acme.example');
  });
  afterAll(async () => {
    await other?.close();
    await platform?.close();
  });

  it('follows price schedule and product writes', async () => {
    expect(await annaSees('la-24-pot')).toBe(1000);
    await write('PATCH', '/v1/priceschedules/list-dkk', {
      PriceBreaks: [
        { Quantity: 1, Price: 1100 },
        { Quantity: 10, Price: 950 },
      ],
    });
    expect(await annaSees('la-24-pot')).toBe(1100);
    const order = await expectOk<{ ID: string }>(
      await call(other, anna, 'POST', '/v1/orders/Outgoing', {}),
      201,
    );
    const line = await expectOk<{ UnitPrice: number }>(
      await call(other, anna, 'POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, {
        ProductID: 'la-24-pot',
        Quantity: 1,
        Specs: [{ SpecID: 'stroke', OptionID: '100' }],
      }),
      201,
    );
    expect(line.UnitPrice).toBe(1100);
    await write('PATCH', '/v1/products/la-24-pot', { Active: false });
    expect(await annaSees('la-24-pot')).toBe(404);
  });

  it('follows group memberships', async () => {
    await write('POST', '/v1/buyers/acme/usergroups', { ID: 'vip', Name: 'VIP' });
    await write('POST', '/v1/products', { ID: 'vip-only', Name: 'VIP only', Active: true });
    await write('POST', '/v1/catalogs/productassignments', { CatalogID: 'main', ProductID: 'vip-only' });
    await write('POST', '/v1/products/assignments', {
      ProductID: 'vip-only',
      BuyerID: 'acme',
      UserGroupID: 'vip',
      PriceScheduleID: 'special-dkk',
    });
    expect(await annaSees('vip-only')).toBe(404);
    await write('POST', '/v1/buyers/acme/usergroups/assignments', { UserGroupID: 'vip', UserID: 'anna' });
    expect(await annaSees('vip-only')).toBe(800);
    await write('DELETE', '/v1/buyers/acme/usergroups/vip/assignments/anna');
    expect(await annaSees('vip-only')).toBe(404);
  });

  it('follows the buyer’s DefaultCatalogID and catalog assignments', async () => {
    await write('POST', '/v1/catalogs', { ID: 'second', Name: 'Second' });
    await write('POST', '/v1/products', {
      ID: 'second-only',
      Name: 'In the second catalog',
      Active: true,
      DefaultPriceScheduleID: 'list-dkk',
    });
    await write('POST', '/v1/catalogs/productassignments', { CatalogID: 'second', ProductID: 'second-only' });
    await write('POST', '/v1/catalogs/assignments', { CatalogID: 'second', BuyerID: 'acme' });
    // The first assigned catalog is `main` while the buyer has no DefaultCatalogID.
    expect(await annaSees('second-only')).toBe(404);
    await write('PATCH', '/v1/buyers/acme', { DefaultCatalogID: 'second' });
    expect(await annaSees('second-only')).toBe(1100);
    await write('DELETE', '/v1/catalogs/second/assignments?buyerID=acme');
    expect(await annaSees('second-only')).toBe(404);
  });
});
