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

const DAY = 24 * 60 * 60 * 1000;
const isoDay = (offsetDays: number) =>
  `${new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10)}T00:00:00.000Z`;

/** The B2B order fields: the order's Comments, a line's DateNeeded and CostCenter, as stored and refused. */
describe('order comment, requested delivery date and cost center', () => {
  let platform: Platform;
  const { as } = callers(() => platform);
  let token = '';

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await seedSmallCatalog(platform, ['acme']);
    token = await loginAs(platform.app, 'anna@acme.example');
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('keeps a comment, a date from today on and a cost center, and reads them back', async () => {
    const cart = as(token);
    const line = await expectOk<Body>(
      await cart('POST', '/v1/cart/lineitems', {
        ProductID: 'la-48-hall',
        Quantity: 1,
        DateNeeded: isoDay(10),
        CostCenter: 'CC-4711 Assembly',
      }),
      201,
    );
    expect(line).toMatchObject({ DateNeeded: isoDay(10), CostCenter: 'CC-4711 Assembly' });
    const today = await expectOk<Body>(
      await cart('PATCH', `/v1/cart/lineitems/${line.ID}`, { DateNeeded: isoDay(0) }),
    );
    expect(today).toMatchObject({ DateNeeded: isoDay(0), CostCenter: 'CC-4711 Assembly' });
    const order = await expectOk<Body>(await cart('PATCH', '/v1/cart', { Comments: 'Deliver to gate 4.' }));
    expect(order).toMatchObject({ Comments: 'Deliver to gate 4.' });
    expect(await expectOk<Body>(await cart('GET', `/v1/cart/lineitems/${line.ID}`))).toMatchObject({
      DateNeeded: isoDay(0),
      CostCenter: 'CC-4711 Assembly',
    });
  });

  it('refuses a past date, a date that is no date, a long cost center and a long comment: 400, nothing changed', async () => {
    const cart = as(token);
    const line = await expectOk<Body>(
      await cart('POST', '/v1/cart/lineitems', {
        ProductID: 'la-24-hall',
        Quantity: 1,
        DateNeeded: isoDay(3),
      }),
      201,
    );
    const past = await cart('PATCH', `/v1/cart/lineitems/${line.ID}`, { DateNeeded: isoDay(-1) });
    expect(past.statusCode).toBe(400);
    expect(errorCode(past)).toBe('InvalidRequest');
    expect(
      (
        await cart('POST', '/v1/cart/lineitems', {
          ProductID: 'la-24-hall',
          Quantity: 1,
          DateNeeded: isoDay(-2),
        })
      ).statusCode,
    ).toBe(400);
    for (const change of [
      { DateNeeded: 'next week' },
      { DateNeeded: '2030-02-30' },
      { CostCenter: 'x'.repeat(101) },
    ]) {
      const response = await cart('PATCH', `/v1/cart/lineitems/${line.ID}`, change);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
    }
    expect(await expectOk<Body>(await cart('GET', `/v1/cart/lineitems/${line.ID}`))).toMatchObject({
      DateNeeded: isoDay(3),
      CostCenter: null,
    });
    const before = await expectOk<Body>(await cart('GET', '/v1/cart'));
    expect((await cart('PATCH', '/v1/cart', { Comments: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect(await expectOk<Body>(await cart('GET', '/v1/cart'))).toMatchObject({ Comments: before.Comments });
    // At the limits they are kept.
    expect(
      await expectOk<Body>(
        await cart('PATCH', `/v1/cart/lineitems/${line.ID}`, { CostCenter: 'y'.repeat(100) }),
      ),
    ).toMatchObject({ CostCenter: 'y'.repeat(100) });
    expect(
      await expectOk<Body>(await cart('PATCH', '/v1/cart', { Comments: 'z'.repeat(2000) })),
    ).toMatchObject({
      Comments: 'z'.repeat(2000),
    });
  });
});
