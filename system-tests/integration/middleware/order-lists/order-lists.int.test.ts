/**
 * Order lists across the real platform and middleware: who sees and changes a list (owner, a
 * colleague of the same company, another company), lines that go out of sale, bad input, and a
 * shared list added to a colleague's cart with the configuration a line keeps.
 */
import { DEMO_LOGINS } from '@actuate/catalog-data';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { salesItem } from '../../../../apps/platform/src/testing/catalog-fixtures.ts';
import { call, expectOk, loginAs } from '../../../../apps/platform/src/testing/harness.ts';
import { platformAdmin, storefrontKey } from '../support/checkout.ts';
import { startWorld, type World } from '../support/harness.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

type Body = Record<string, unknown>;
let world: World;
let anna: string;
let bo: string;
let clara: string;

const [OK1, OK2, HIDDEN, GOING] = ['A30001', 'A30002', 'A30003', 'A30004'];

beforeAll(async () => {
  world = await startWorld(['acme-dk', 'bauer-de']);
  const admin = platformAdmin(world);
  const ok = async (response: Awaited<ReturnType<typeof admin>>) =>
    expectOk(response, response.statusCode === 201 ? 201 : response.statusCode === 204 ? 204 : 200);
  await ok(await admin('POST', '/v1/catalogs', { ID: 'main', Name: 'Main catalogue' }));
  await ok(
    await admin('POST', '/v1/priceschedules', {
      ID: 'list',
      Name: 'list',
      Currency: 'DKK',
      PriceBreaks: [{ Quantity: 1, Price: 100 }],
    }),
  );
  for (const id of [OK1, OK2, HIDDEN, GOING]) {
    const product = salesItem(id, `Actuator ${id}`, { voltage: '24' });
    await ok(await admin('POST', '/v1/products', { ...product, DefaultPriceScheduleID: 'list' }));
    if (id !== HIDDEN)
      await ok(await admin('POST', '/v1/catalogs/productassignments', { CatalogID: 'main', ProductID: id }));
  }
  await ok(await admin('POST', '/v1/catalogs/assignments', { CatalogID: 'main', BuyerID: 'acme-dk' }));
  // A line's configuration: an open-text spec of OK2.
  await ok(await admin('POST', '/v1/specs', { ID: 'engraving', Name: 'Engraving', AllowOpenText: true }));
  await ok(await admin('POST', '/v1/specs/productassignments', { SpecID: 'engraving', ProductID: OK2 }));
  anna = await loginAs(world.platform.app, DEMO_LOGINS.shopper);
  bo = await loginAs(world.platform.app, DEMO_LOGINS.buyerAdminApprover);
  clara = await loginAs(world.platform.app, DEMO_LOGINS.germanShopper);
});
afterAll(() => world?.close());

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, body?: unknown) =>
  world.middleware.inject({
    method,
    url,
    headers: { ...storefrontKey, authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body as Body }),
  });

const problemOf = (response: Awaited<ReturnType<typeof send>>) => {
  expect(response.headers['content-type']).toContain('application/problem+json');
  return response.json() as { type: string; status: number };
};

describe('order lists', () => {
  let listId: string;
  let lineIds: string[];

  it('saves a private list for its owner, merging the same item and keeping a configured line apart', async () => {
    const response = await send('POST', '/order-lists', anna, {
      name: '  Workshop restock ',
      lines: [
        { productId: OK1.toLowerCase(), quantity: 2 },
        { productId: OK1, quantity: 3 },
        { productId: OK2, quantity: 1, specs: [{ SpecID: 'engraving', Value: 'Line 4' }] },
        { productId: GOING, quantity: 4 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const list = response.json();
    expect(list).toMatchObject({ name: 'Workshop restock', shared: false, mine: true, lineCount: 3 });
    expect(list.lines.map((line: Body) => [line.productId, line.quantity, line.status])).toEqual([
      [OK1, 5, 'ok'],
      [OK2, 1, 'ok'],
      [GOING, 4, 'ok'],
    ]);
    expect(list.lines[1].specs).toEqual([{ SpecID: 'engraving', Value: 'Line 4' }]);
    listId = list.id;
    lineIds = list.lines.map((line: Body) => line.id);
  });

  it('hides a private list from colleagues and other companies alike (404, as if it did not exist)', async () => {
    expect((await send('GET', `/order-lists/${listId}`, bo)).statusCode).toBe(404);
    expect((await send('GET', `/order-lists/${listId}`, clara)).statusCode).toBe(404);
    expect((await send('GET', '/order-lists', bo)).json()).toMatchObject({ shared: [] });
  });

  it('shares the list with the company: a colleague reads it, another company still does not', async () => {
    const shared = await send('PATCH', `/order-lists/${listId}`, anna, { shared: true });
    expect(shared.statusCode, shared.body).toBe(200);
    const index = (await send('GET', '/order-lists', bo)).json();
    expect(index.mine).toEqual([]);
    expect(index.shared).toEqual([expect.objectContaining({ id: listId, mine: false, lineCount: 3 })]);
    expect((await send('GET', `/order-lists/${listId}`, bo)).statusCode).toBe(200);
    expect((await send('GET', `/order-lists/${listId}`, clara)).statusCode).toBe(404);
    expect((await send('GET', '/order-lists', clara)).json()).toEqual({ mine: [], shared: [] });
  });

  it('lets only the owner change a shared list', async () => {
    const attempts = [
      await send('PATCH', `/order-lists/${listId}`, bo, { name: 'Mine now' }),
      await send('POST', `/order-lists/${listId}/lines`, bo, { lines: [{ productId: OK1, quantity: 1 }] }),
      await send('PATCH', `/order-lists/${listId}/lines/${lineIds[0]}`, bo, { quantity: 9 }),
      await send('DELETE', `/order-lists/${listId}/lines/${lineIds[0]}`, bo),
      await send('DELETE', `/order-lists/${listId}`, bo),
    ];
    for (const attempt of attempts) {
      expect(attempt.statusCode, attempt.body).toBe(403);
      expect(problemOf(attempt).type).toBe('urn:actuate:problem:not-list-owner');
    }
    expect((await send('DELETE', `/order-lists/${listId}`, clara)).statusCode).toBe(404);
    const after = (await send('GET', `/order-lists/${listId}`, anna)).json();
    expect(after).toMatchObject({ name: 'Workshop restock', lineCount: 3 });
    expect(after.lines[0].quantity).toBe(5);
  });

  it('edits quantities and removes lines for the owner', async () => {
    const edited = await send('PATCH', `/order-lists/${listId}/lines/${lineIds[0]}`, anna, { quantity: 7 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().lines[0].quantity).toBe(7);
    const added = await send('POST', `/order-lists/${listId}/lines`, anna, {
      lines: [{ productId: OK2, quantity: 2 }],
    });
    expect(added.json().lineCount).toBe(4);
    const removed = await send('DELETE', `/order-lists/${listId}/lines/${added.json().lines[3].id}`, anna);
    expect(removed.json().lineCount).toBe(3);
  });

  it('refuses bad input with problem details and changes nothing', async () => {
    const cases: [Awaited<ReturnType<typeof send>>, number, string?][] = [
      [await send('POST', '/order-lists', anna, { name: '' }), 400],
      [await send('POST', '/order-lists', anna, { name: 'x'.repeat(81) }), 400],
      [
        await send('POST', '/order-lists', anna, {
          name: 'Hidden',
          lines: [{ productId: HIDDEN, quantity: 1 }],
        }),
        400,
        'unknown-items',
      ],
      [
        await send('POST', '/order-lists', anna, { name: 'Zero', lines: [{ productId: OK1, quantity: 0 }] }),
        400,
      ],
      [
        await send('POST', '/order-lists', anna, { name: 'Owner', ownerUserId: 'bo', buyerId: 'bauer-de' }),
        201,
      ],
      [await send('PATCH', `/order-lists/${listId}`, anna, {}), 400],
      [await send('PATCH', `/order-lists/${listId}/lines/${lineIds[0]}`, anna, { quantity: 10_000 }), 400],
      [
        await send('PATCH', `/order-lists/${listId}/lines/${crypto.randomUUID()}`, anna, { quantity: 1 }),
        400,
        'unknown-lines',
      ],
      [await send('GET', '/order-lists/not-a-uuid', anna), 400],
      [await send('GET', `/order-lists/${crypto.randomUUID()}`, anna), 404, 'order-list-not-found'],
      [
        await send('POST', `/order-lists/${listId}/cart`, anna, { lineIds: [crypto.randomUUID()] }),
        400,
        'unknown-lines',
      ],
      [await send('GET', '/order-lists', 'not-a-token'), 401],
      [await send('GET', '/order-lists', world.platform.adminToken), 403],
    ];
    for (const [response, status, code] of cases) {
      expect(response.statusCode, response.body).toBe(status);
      if (status >= 400) {
        const problem = problemOf(response);
        if (code) expect(problem.type).toBe(`urn:actuate:problem:${code}`);
      }
    }
    // The owner of a list is whoever's token saved it, whatever the body says.
    const index = (await send('GET', '/order-lists', anna)).json();
    expect(index.mine.map((list: Body) => list.name).sort()).toEqual(['Owner', 'Workshop restock']);
    expect((await send('GET', '/order-lists', bo)).json().mine).toEqual([]);
    const keyless = await world.middleware.inject({
      method: 'GET',
      url: '/order-lists',
      headers: { authorization: `Bearer ${anna}` },
    });
    expect(keyless.statusCode).toBe(401);
    const unchanged = (await send('GET', `/order-lists/${listId}`, anna)).json();
    expect(unchanged.lines.map((line: Body) => line.quantity)).toEqual([7, 1, 4]);
  });

  it('keeps a line whose item went out of sale, flagged with its state and successor', async () => {
    const admin = platformAdmin(world);
    const product = salesItem(GOING, `Actuator ${GOING}`, { voltage: '24' });
    await expectOk(
      await admin('PATCH', `/v1/products/${GOING}`, {
        xp: { ...product.xp, ProductState: 'Discontinued', SuccessorSalesItemNumber: OK1 },
      }),
    );
    const list = (await send('GET', `/order-lists/${listId}`, bo)).json();
    expect(list.lines[2]).toMatchObject({
      productId: GOING,
      status: 'notOrderable',
      productState: 'Discontinued',
      successor: OK1,
    });
  });

  it('adds a shared list to a colleague’s own cart, skipping the line out of sale', async () => {
    const response = await send('POST', `/order-lists/${listId}/cart`, bo, {});
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ added: 2, skipped: [{ lineId: lineIds[2], reason: 'notOrderable' }] });
    const cart = await expectOk<{ Items: Body[] }>(
      await call(world.platform.app, bo, 'GET', `/v1/orders/Outgoing/${result.orderId}/lineitems`),
    );
    const byProduct = Object.fromEntries(cart.Items.map((line) => [line.ProductID, line]));
    expect(byProduct[OK1]?.Quantity).toBe(7);
    expect(byProduct[OK2]?.Quantity).toBe(1);
    expect(byProduct[OK2]?.Specs).toEqual([
      expect.objectContaining({ SpecID: 'engraving', Value: 'Line 4' }),
    ]);
    // Only the chosen lines: one more of the first.
    const chosen = await send('POST', `/order-lists/${listId}/cart`, bo, { lineIds: [lineIds[0]] });
    expect(chosen.json()).toMatchObject({ orderId: result.orderId, added: 1, skipped: [] });
    expect((await send('POST', `/order-lists/${listId}/cart`, clara, {})).statusCode).toBe(404);
  });

  it('unshares and deletes for the owner', async () => {
    await send('PATCH', `/order-lists/${listId}`, anna, { shared: false });
    expect((await send('GET', `/order-lists/${listId}`, bo)).statusCode).toBe(404);
    expect((await send('DELETE', `/order-lists/${listId}`, anna)).statusCode).toBe(204);
    expect((await send('GET', `/order-lists/${listId}`, anna)).statusCode).toBe(404);
  });
});
