import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salesItem, seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  callers,
  createBuyerWithUser,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

type Body = Record<string, unknown>;

/** A small deterministic generator (mulberry32): the same sequence on every run and database. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const cents = (value: unknown) => Math.round((value as number) * 100);
const money = (order: Body) => ({
  LineItemCount: order.LineItemCount,
  Subtotal: cents(order.Subtotal),
  PromotionDiscount: cents(order.PromotionDiscount),
  Total: cents(order.Total),
});

/**
 * Issue #24 (order size): a change of lines moves the order's totals by its delta instead of reading
 * every line (no promotion applied), or recomputes them in full (a promotion applied). Either way the
 * totals are the sums of the lines as listed, before and after a change of the order's own fields.
 */
describe('orders: incremental totals on add, change and remove of lines', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  let anna: string;

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await seedSmallCatalog(platform, ['acme']);
    await expectOk(
      await admin('POST', '/v1/priceschedules', {
        ID: 'cumulative-dkk',
        Name: 'Cumulative DKK',
        Currency: 'DKK',
        UseCumulativeQuantity: true,
        PriceBreaks: [
          { Quantity: 1, Price: 100.25 },
          { Quantity: 6, Price: 80.1 },
        ],
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/products', {
        ...salesItem('la-cumulative', 'LA cumulative', { voltage: '24' }),
        DefaultPriceScheduleID: 'cumulative-dkk',
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/catalogs/productassignments', {
        CatalogID: 'main',
        ProductID: 'la-cumulative',
      }),
      204,
    );
    anna = await loginAs(platform.app, 'anna@acme.example');
  });
  afterAll(async () => {
    await platform?.close();
  });

  /** A random sequence of adds, PATCHes, PUTs and DELETEs, checked against a full recomputation. */
  async function randomEdits(orderId: string, seed: number) {
    const next = random(seed);
    const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)] as T;
    const url = `/v1/orders/Outgoing/${orderId}/lineitems`;
    const products = ['la-48-hall', 'la-24-hall', 'la-12-none', 'la-cumulative'];
    const lines: { id: string; productId: string }[] = [];
    for (let step = 0; step < 60; step++) {
      const roll = next();
      if (lines.length === 0 || roll < 0.45) {
        const productId = pick(products);
        const added = await expectOk<Body>(
          await as(anna)('POST', url, { ProductID: productId, Quantity: 1 + Math.floor(next() * 9) }),
          201,
        );
        lines.push({ id: added.ID as string, productId });
      } else if (roll < 0.65) {
        const line = pick(lines);
        await expectOk(
          await as(anna)('PATCH', `${url}/${line.id}`, { Quantity: 1 + Math.floor(next() * 12) }),
        );
      } else if (roll < 0.75) {
        const line = pick(lines);
        await expectOk(
          await as(anna)('PUT', `${url}/${line.id}`, {
            ProductID: line.productId,
            Quantity: 1 + Math.floor(next() * 12),
          }),
        );
      } else if (roll < 0.8) {
        const line = pick(lines);
        await expectOk(
          await as(anna)('PUT', `${url}/${line.id}/shipto`, {
            Street1: 'Havnegade 1',
            City: 'Aarhus',
            State: 'MJ',
            Zip: '8000',
            Country: 'DK',
          }),
        );
      } else {
        const line = lines.splice(Math.floor(next() * lines.length), 1)[0] as { id: string };
        await expectOk(await as(anna)('DELETE', `${url}/${line.id}`), 204);
      }
      if (step % 10 === 9) await expectFullRecalculationAgrees(orderId);
    }
  }

  /**
   * The totals as the changes left them are the lines' sums (the promotions here are line-level), and an
   * order PATCH — a change of the order's own fields, which settles Total from the costs or recomputes
   * in full while a promotion is applied — leaves them so.
   */
  async function expectFullRecalculationAgrees(orderId: string) {
    const expectSums = async () => {
      const order = await expectOk<Body>(await admin('GET', `/v1/orders/Incoming/${orderId}`));
      const listed = await expectOk<{ Items: Body[] }>(
        await admin('GET', `/v1/orders/Incoming/${orderId}/lineitems?pageSize=100`),
      );
      const sum = (field: string) => listed.Items.reduce((total, line) => total + cents(line[field]), 0);
      expect(order.LineItemCount).toBe(listed.Items.length);
      expect(cents(order.Subtotal)).toBe(sum('LineSubtotal'));
      expect(cents(order.PromotionDiscount)).toBe(sum('PromotionDiscount'));
      expect(cents(order.Total)).toBe(
        sum('LineSubtotal') -
          sum('PromotionDiscount') +
          cents(order.ShippingCost) +
          cents(order.TaxCost) +
          cents(order.Gratuity),
      );
      return order;
    };
    const kept = await expectSums();
    await expectOk(
      await admin('PATCH', `/v1/orders/Incoming/${orderId}`, { Comments: `recomputed ${Date.now()}` }),
    );
    const recomputed = await expectSums();
    expect(money(kept)).toEqual(money(recomputed));
    return recomputed;
  }

  it('keeps Subtotal, LineItemCount and Total equal to a full recomputation (no promotion)', async () => {
    const order = await expectOk<Body>(await as(anna)('POST', '/v1/orders/Outgoing', {}), 201);
    // Costs on the order: Total is Subtotal + ShippingCost + TaxCost after every change.
    await expectOk(
      await admin('PATCH', `/v1/orders/Incoming/${order.ID}`, { ShippingCost: 49.95, TaxCost: 12.35 }),
    );
    await randomEdits(order.ID as string, 24);
    const final = await expectFullRecalculationAgrees(order.ID as string);
    expect(cents(final.Total)).toBe(cents(final.Subtotal) + 4995 + 1235);
    expect(final.PromotionDiscount).toBe(0);
  });

  it('recomputes in full while a promotion is applied, and by delta again once it is removed', async () => {
    await expectOk(
      await admin('POST', '/v1/promotions', {
        ID: 'hall-tenth',
        Code: 'HALL10',
        AllowAllBuyers: true,
        LineItemLevel: true,
        EligibleExpression: "item.ProductID = 'la-48-hall'",
        ValueExpression: 'item.LineSubtotal * .1',
      }),
      201,
    );
    const order = await expectOk<Body>(await as(anna)('POST', '/v1/orders/Outgoing', {}), 201);
    const url = `/v1/orders/Outgoing/${order.ID}`;
    const hall = await expectOk<Body>(
      await as(anna)('POST', `${url}/lineitems`, { ProductID: 'la-48-hall', Quantity: 3 }),
      201,
    );
    await expectOk(await as(anna)('POST', `${url}/promotions/HALL10`), 201);
    await randomEdits(order.ID as string, 7);
    const discounted = await expectFullRecalculationAgrees(order.ID as string);
    expect(cents(discounted.PromotionDiscount)).toBeGreaterThan(0);
    // Removing the promotion recomputes the order in full: no discount is left for the deltas to carry.
    await expectOk(await as(anna)('DELETE', `${url}/promotions/HALL10`));
    await expectOk(await as(anna)('PATCH', `${url}/lineitems/${hall.ID}`, { Quantity: 4 }));
    await randomEdits(order.ID as string, 11);
    const after = await expectFullRecalculationAgrees(order.ID as string);
    expect(after.PromotionDiscount).toBe(0);
  });

  it('recomputes a promotion that reads the order fields when they change', async () => {
    await expectOk(
      await admin('POST', '/v1/promotions', {
        ID: 'free-shipping',
        Code: 'FREESHIP',
        AllowAllBuyers: true,
        EligibleExpression: 'order.Subtotal > 0',
        ValueExpression: 'order.ShippingCost',
      }),
      201,
    );
    const order = await expectOk<Body>(await as(anna)('POST', '/v1/orders/Outgoing', {}), 201);
    const url = `/v1/orders/Outgoing/${order.ID}`;
    await expectOk(await as(anna)('POST', `${url}/lineitems`, { ProductID: 'la-24-hall', Quantity: 2 }), 201);
    await expectOk(await as(anna)('POST', `${url}/promotions/FREESHIP`), 201);
    const shipped = await expectOk<Body>(
      await admin('PATCH', `/v1/orders/Incoming/${order.ID}`, { ShippingCost: 25.5 }),
    );
    expect(cents(shipped.PromotionDiscount)).toBe(2550);
    expect(cents(shipped.Total)).toBe(cents(shipped.Subtotal));
    // Without the promotion the same change settles Total from the costs alone.
    await expectOk(await as(anna)('DELETE', `${url}/promotions/FREESHIP`));
    const settled = await expectOk<Body>(
      await admin('PATCH', `/v1/orders/Incoming/${order.ID}`, { ShippingCost: 30 }),
    );
    expect(settled.PromotionDiscount).toBe(0);
    expect(cents(settled.Total)).toBe(cents(settled.Subtotal) + 3000);
  });
});
