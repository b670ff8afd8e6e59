import type { ServiceApp } from '@actuate/service-kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  call,
  callers,
  createBuyerWithUser,
  errorCode,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
  startSecondInstance,
} from '../../testing/harness.ts';

interface Schedule {
  ID: string;
  IsOnSale: boolean;
  PriceBreaks: {
    Quantity: number;
    Price: number;
    SalePrice: number | null;
    SubscriptionPrice: number | null;
  }[];
}

/** `POST/DELETE /v1/priceschedules/{id}/PriceBreaks` (the SDK's SavePriceBreak / DeletePriceBreak). */
describe('price breaks', () => {
  let platform: Platform;
  /** A second instance on the same database: it prices the lines, the first one takes the writes. */
  let other: ServiceApp;
  const { as, admin } = callers(() => platform);
  let anna: string;

  beforeAll(async () => {
    platform = await startPlatform();
    other = await startSecondInstance(platform);
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await seedSmallCatalog(platform, ['acme']);
    anna = await loginAs(platform.app, 'anna@acme.example');
    await expectOk(
      await admin('POST', '/v1/priceschedules', {
        ID: 'scratch',
        Name: 'Scratch',
        Currency: 'DKK',
        PriceBreaks: [{ Quantity: 1, Price: 100 }],
      }),
      201,
    );
  });
  afterAll(async () => {
    await other?.close();
    await platform?.close();
  });

  const schedule = async (id: string) => expectOk<Schedule>(await admin('GET', `/v1/priceschedules/${id}`));
  const breaksOf = async (id: string) => (await schedule(id)).PriceBreaks;
  /** The unit price of a new line of `quantity`, priced by the other instance. */
  const unitPriceOn = async (quantity: number) => {
    const order = await expectOk<{ ID: string }>(
      await call(other, anna, 'POST', '/v1/orders/Outgoing', {}),
      201,
    );
    const line = await expectOk<{ UnitPrice: number }>(
      await call(other, anna, 'POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, {
        ProductID: 'la-48-hall',
        Quantity: quantity,
      }),
      201,
    );
    return line.UnitPrice;
  };

  it('adds a break, answers the schedule (201), and every instance prices with it at once', async () => {
    // The other instance has list-dkk cached from this line on.
    expect(await unitPriceOn(5)).toBe(1000);
    const saved = await expectOk<Schedule>(
      await admin('POST', '/v1/priceschedules/list-dkk/PriceBreaks', { Quantity: 5, Price: 950 }),
      201,
    );
    expect(saved.ID).toBe('list-dkk');
    expect(saved.PriceBreaks.map((priceBreak) => [priceBreak.Quantity, priceBreak.Price])).toEqual([
      [1, 1000],
      [5, 950],
      [10, 900],
    ]);
    expect(await breaksOf('list-dkk')).toEqual(saved.PriceBreaks);
    expect(await unitPriceOn(5)).toBe(950);
    expect(await unitPriceOn(4)).toBe(1000);
  });

  it('replaces the break with the same quantity, sale and subscription prices included', async () => {
    const saved = await expectOk<Schedule>(
      await admin('POST', '/v1/priceschedules/list-dkk/PriceBreaks', {
        Quantity: 5,
        Price: 940,
        SalePrice: 900.5,
        SubscriptionPrice: 920,
      }),
      201,
    );
    expect(saved.PriceBreaks.filter((priceBreak) => priceBreak.Quantity === 5)).toEqual([
      { Quantity: 5, Price: 940, SalePrice: 900.5, SubscriptionPrice: 920, BundlePrice: null },
    ]);
    expect(saved.PriceBreaks).toHaveLength(3);
    // Without SaleStart/SaleEnd the schedule is on sale as soon as a break has a SalePrice.
    expect(saved.IsOnSale).toBe(true);
    expect(await unitPriceOn(6)).toBe(900.5);
  });

  it('deletes the break of a quantity (204), and lines fall back to the break below', async () => {
    const deleted = await admin('DELETE', '/v1/priceschedules/list-dkk/PriceBreaks?quantity=5');
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect((await breaksOf('list-dkk')).map((priceBreak) => priceBreak.Quantity)).toEqual([1, 10]);
    expect(await unitPriceOn(5)).toBe(1000);
  });

  it('refuses a break the schedule would not accept, changing nothing', async () => {
    const before = await breaksOf('scratch');
    for (const body of [
      { Quantity: 2, Price: 1.005 }, // more decimals than DKK has
      { Quantity: 2, Price: -1 },
      { Quantity: 2, Price: 10, SalePrice: -5 },
      { Quantity: 2, Price: 10, SubscriptionPrice: 0.001 },
      { Quantity: -1, Price: 10 },
      { Quantity: 1.5, Price: 10 },
      { Price: 10 },
      { Quantity: 2 },
      { Quantity: '2', Price: 10 },
    ]) {
      const response = await admin('POST', '/v1/priceschedules/scratch/PriceBreaks', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorCode(response)).toBe('InvalidRequest');
    }
    const malformed = await platform.app.inject({
      method: 'POST',
      url: '/v1/priceschedules/scratch/PriceBreaks',
      headers: { authorization: `Bearer ${platform.adminToken}`, 'content-type': 'application/json' },
      payload: '{"Quantity": 2,',
    });
    expect(malformed.statusCode).toBe(400);
    expect(await breaksOf('scratch')).toEqual(before);
  });

  it('keeps one break from quantity 1 on', async () => {
    // Only a break at 0 would be left: refused, as a schedule with only that break is.
    await expectOk(
      await admin('POST', '/v1/priceschedules/scratch/PriceBreaks', { Quantity: 0, Price: 120 }),
      201,
    );
    const lastFromOne = await admin('DELETE', '/v1/priceschedules/scratch/PriceBreaks?quantity=1');
    expect(lastFromOne.statusCode, lastFromOne.body).toBe(400);
    expect((await breaksOf('scratch')).map((priceBreak) => priceBreak.Quantity)).toEqual([0, 1]);
    await expectOk(
      await admin('POST', '/v1/priceschedules', { ID: 'empty', Name: 'Empty', PriceBreaks: [] }),
      201,
    );
    const onlyZero = await admin('POST', '/v1/priceschedules/empty/PriceBreaks', { Quantity: 0, Price: 1 });
    expect(onlyZero.statusCode).toBe(400);
    expect(await breaksOf('empty')).toEqual([]);
  });

  it('answers NotFound for an unknown schedule or quantity, and 400 without a whole quantity', async () => {
    const unknownSchedule = await admin('POST', '/v1/priceschedules/nope/PriceBreaks', {
      Quantity: 1,
      Price: 1,
    });
    expect(unknownSchedule.statusCode).toBe(404);
    expect(unknownSchedule.json().Errors[0].Data).toEqual({ ObjectType: 'PriceSchedule', ObjectID: 'nope' });
    expect((await admin('DELETE', '/v1/priceschedules/nope/PriceBreaks?quantity=1')).statusCode).toBe(404);
    const unknownBreak = await admin('DELETE', '/v1/priceschedules/scratch/PriceBreaks?quantity=7');
    expect(unknownBreak.statusCode).toBe(404);
    expect(unknownBreak.json().Errors[0].Data).toEqual({ ObjectType: 'PriceBreak', ObjectID: 'scratch/7' });
    for (const query of ['', '?quantity=', '?quantity=abc', '?quantity=1.5', '?quantity=-1']) {
      const response = await admin('DELETE', `/v1/priceschedules/scratch/PriceBreaks${query}`);
      expect(response.statusCode, query).toBe(400);
    }
    expect((await breaksOf('scratch')).map((priceBreak) => priceBreak.Quantity)).toEqual([0, 1]);
  });

  it('needs PriceScheduleAdmin', async () => {
    const before = await breaksOf('list-dkk');
    const write = await as(anna)('POST', '/v1/priceschedules/list-dkk/PriceBreaks', {
      Quantity: 2,
      Price: 1,
    });
    expect(write.statusCode).toBe(403);
    expect(errorCode(write)).toBe('Auth.InsufficientRoles');
    expect(write.json().Errors[0].Data).toEqual({ SufficientRoles: ['PriceScheduleAdmin'] });
    const remove = await as(anna)('DELETE', '/v1/priceschedules/list-dkk/PriceBreaks?quantity=10');
    expect(remove.statusCode).toBe(403);
    expect(await breaksOf('list-dkk')).toEqual(before);
  });

  it('shows the break on sale while the schedule is on sale', async () => {
    await expectOk(
      await admin('PATCH', '/v1/priceschedules/scratch', {
        SaleStart: '2020-01-01T00:00:00.000Z',
        SaleEnd: '2099-01-01T00:00:00.000Z',
      }),
    );
    expect((await schedule('scratch')).IsOnSale).toBe(false);
    const saved = await expectOk<Schedule>(
      await admin('POST', '/v1/priceschedules/scratch/PriceBreaks', {
        Quantity: 1,
        Price: 100,
        SalePrice: 80,
      }),
      201,
    );
    expect(saved.IsOnSale).toBe(true);
  });
});
