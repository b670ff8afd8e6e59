import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  callers,
  createBuyerWithUser,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

type Body = Record<string, unknown>;

describe('quantities are bounded (at most 9999): line items, cart, subscription items, price schedules', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  let anna: string;

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await seedSmallCatalog(platform, ['acme']);
    anna = await loginAs(platform.app, 'anna@acme.example');
  });
  afterAll(() => platform?.close());

  const expectTooLarge = (response: { statusCode: number; json(): unknown }, field: string) => {
    expect(response.statusCode).toBe(400);
    const body = response.json() as { Errors: { ErrorCode: string; Message: string }[] };
    expect(body.Errors[0]?.ErrorCode).toBeTypeOf('string');
    expect(body.Errors[0]?.Message).toContain(field);
  };

  it('refuses an order line of 1e9 or 10000 and keeps the order unchanged; 9999 is taken', async () => {
    const order = await expectOk<Body>(await as(anna)('POST', '/v1/orders/Outgoing', {}), 201);
    const lines = `/v1/orders/Outgoing/${order.ID}/lineitems`;
    for (const Quantity of [1e9, 10_000, 1e15]) {
      expectTooLarge(await as(anna)('POST', lines, { ProductID: 'la-24-pot', Quantity }), 'Quantity');
    }
    expect((await expectOk<{ Items: Body[] }>(await as(anna)('GET', lines))).Items).toHaveLength(0);
    const line = await expectOk<Body>(
      await as(anna)('POST', lines, {
        ProductID: 'la-24-pot',
        Quantity: 9999,
        Specs: [{ SpecID: 'stroke', OptionID: '300' }],
      }),
      201,
    );
    expectTooLarge(await as(anna)('PATCH', `${lines}/${line.ID}`, { Quantity: 1e9 }), 'Quantity');
    expectTooLarge(
      await as(anna)('PUT', `${lines}/${line.ID}`, { ProductID: 'la-24-pot', Quantity: 1e9 }),
      'Quantity',
    );
    const kept = await expectOk<Body>(await as(anna)('GET', `${lines}/${line.ID}`));
    expect(kept.Quantity).toBe(9999);
  });

  it('refuses a cart line of 1e9', async () => {
    expectTooLarge(
      await as(anna)('POST', '/v1/cart/lineitems', { ProductID: 'la-24-pot', Quantity: 1e9 }),
      'Quantity',
    );
  });

  it('refuses a subscription item of 1e9', async () => {
    await expectOk(
      await as(anna)('POST', '/v1/me/subscriptions', {
        ID: 'big',
        Frequency: 1,
        Interval: 'Weeks',
        NextOrderDate: new Date(Date.now() + 86_400_000).toISOString(),
        Payment: { Type: 'PurchaseOrder' },
      }),
      201,
    );
    expectTooLarge(
      await as(anna)('POST', '/v1/me/subscriptions/big/items', { ProductID: 'la-24-pot', Quantity: 1e9 }),
      'Quantity',
    );
  });

  it('refuses price breaks and schedule bounds above 9999', async () => {
    const schedule = {
      ID: 'bounded',
      Name: 'Bounded',
      Currency: 'DKK',
      PriceBreaks: [{ Quantity: 1, Price: 10 }],
    };
    expectTooLarge(
      await admin('POST', '/v1/priceschedules', {
        ...schedule,
        PriceBreaks: [...schedule.PriceBreaks, { Quantity: 1e9, Price: 5 }],
      }),
      'PriceBreaks',
    );
    expectTooLarge(
      await admin('POST', '/v1/priceschedules', { ...schedule, MaxQuantity: 1e9 }),
      'MaxQuantity',
    );
    await expectOk(await admin('POST', '/v1/priceschedules', schedule), 201);
    expectTooLarge(
      await admin('POST', '/v1/priceschedules/bounded/PriceBreaks', { Quantity: 10_000, Price: 5 }),
      'PriceBreaks',
    );
    expectTooLarge(
      await admin('PATCH', '/v1/priceschedules/bounded', { MinQuantity: 20_000 }),
      'MinQuantity',
    );
    const kept = await expectOk<Body>(await admin('GET', '/v1/priceschedules/bounded'));
    expect(kept.PriceBreaks).toEqual([expect.objectContaining({ Quantity: 1 })]);
  });
});
