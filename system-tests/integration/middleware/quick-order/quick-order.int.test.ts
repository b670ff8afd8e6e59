/**
 * Quick order and exports across the real platform and middleware: a batch of lines checked as the
 * buyer sees the catalogue (visibility, item state, quantity rules, close matches), the ok lines added
 * to the cart once per Idempotency-Key, and the cart exported as CSV and PDF.
 */
import { DEMO_LOGINS } from '@actuate/catalog-data';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { salesItem } from '../../../../apps/platform/src/testing/catalog-fixtures.ts';
import { call, expectOk, loginAs } from '../../../../apps/platform/src/testing/harness.ts';
import { platformAdmin, storefrontKey } from '../support/checkout.ts';
import { startWorld, type World } from '../support/harness.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

type Body = Record<string, unknown>;
let world: World;
let anna: string;
let clara: string;

const [OK1, OK2, HIDDEN, OLD, MIN5, PACKS] = ['A20001', 'A20002', 'A20003', 'A20004', 'A20005', 'A20006'];

beforeAll(async () => {
  world = await startWorld(['acme-dk', 'bauer-de']);
  const admin = platformAdmin(world);
  const ok = async (response: Awaited<ReturnType<typeof admin>>) =>
    expectOk(response, response.statusCode === 201 ? 201 : response.statusCode === 204 ? 204 : 200);
  await ok(await admin('POST', '/v1/catalogs', { ID: 'main', Name: 'Main catalogue' }));
  const schedules = [
    { ID: 'list', PriceBreaks: [{ Quantity: 1, Price: 100 }] },
    { ID: 'min5', MinQuantity: 5, PriceBreaks: [{ Quantity: 1, Price: 100 }] },
    {
      ID: 'packs',
      RestrictedQuantity: true,
      PriceBreaks: [
        { Quantity: 10, Price: 90 },
        { Quantity: 20, Price: 80 },
      ],
    },
  ];
  for (const schedule of schedules)
    await ok(await admin('POST', '/v1/priceschedules', { Name: schedule.ID, Currency: 'DKK', ...schedule }));
  const products: [string, string, Body][] = [
    [OK1, 'list', {}],
    [OK2, 'list', {}],
    [HIDDEN, 'list', {}],
    [OLD, 'list', { ProductState: 'Discontinued', SuccessorSalesItemNumber: OK1 }],
    [MIN5, 'min5', {}],
    [PACKS, 'packs', {}],
  ];
  for (const [id, schedule, xp] of products) {
    const product = salesItem(id, `Actuator ${id}`, { voltage: '24' });
    await ok(
      await admin('POST', '/v1/products', {
        ...product,
        DefaultPriceScheduleID: schedule,
        xp: { ...product.xp, ...xp },
      }),
    );
    if (id !== HIDDEN)
      await ok(await admin('POST', '/v1/catalogs/productassignments', { CatalogID: 'main', ProductID: id }));
  }
  await ok(await admin('POST', '/v1/catalogs/assignments', { CatalogID: 'main', BuyerID: 'acme-dk' }));
  anna = await loginAs(world.platform.app, DEMO_LOGINS.shopper);
  clara = await loginAs(world.platform.app, 'clara@bauer-de.example');
});
afterAll(() => world?.close());

const post = (url: string, token: string, body: unknown, headers: Record<string, string> = {}) =>
  world.middleware.inject({
    method: 'POST',
    url,
    headers: { ...storefrontKey, authorization: `Bearer ${token}`, ...headers },
    payload: body as Body,
  });

const lines = [
  { salesItemNumber: OK1.toLowerCase(), quantity: 2 },
  { salesItemNumber: ` ${OK2} `, quantity: 1 },
  { salesItemNumber: 'A20O01', quantity: 1 },
  { salesItemNumber: 'A2000', quantity: 1 },
  { salesItemNumber: HIDDEN, quantity: 1 },
  { salesItemNumber: OLD, quantity: 1 },
  { salesItemNumber: MIN5, quantity: 3 },
  { salesItemNumber: PACKS, quantity: 15 },
  { salesItemNumber: PACKS, quantity: 20 },
  { salesItemNumber: OK1, quantity: 0 },
];

describe('POST /quick-order/check', () => {
  it('reports every line: ok, unknown with close matches, not visible, not orderable, quantity rules', async () => {
    const response = await post('/quick-order/check', anna, { lines });
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ valid: 3, invalid: 7 });
    const byLine = (line: number) => report.lines[line - 1];
    expect(byLine(1)).toMatchObject({ salesItemNumber: OK1, status: 'ok', productName: `Actuator ${OK1}` });
    expect(byLine(2)).toMatchObject({ salesItemNumber: OK2, status: 'ok' });
    // A letter O for a zero: not a well-formed number, but one edit from several the buyer sees.
    expect(byLine(3)).toMatchObject({ status: 'unknown' });
    expect(byLine(3).suggestions).toContain(OK1);
    // One digit short: the items one insertion away, only those the buyer sees (not the hidden one).
    expect(byLine(4).status).toBe('unknown');
    expect(byLine(4).suggestions).toEqual([OK1, OK2, OLD]);
    expect(byLine(5)).toMatchObject({
      status: 'notVisible',
      productName: null,
      suggestions: [OK1, OK2, OLD],
    });
    expect(byLine(6)).toMatchObject({ status: 'notOrderable', productState: 'Discontinued', successor: OK1 });
    expect(byLine(7)).toMatchObject({ status: 'quantity', quantityRule: { code: 'min', min: 5 } });
    expect(byLine(8)).toMatchObject({
      status: 'quantity',
      quantityRule: { code: 'restricted', allowed: [10, 20] },
    });
    expect(byLine(9).status).toBe('ok');
    expect(byLine(10)).toMatchObject({ status: 'quantity', quantityRule: { code: 'range' } });
  });

  it('sees with the buyer’s eyes: a company without the catalogue sees none of the items', async () => {
    const response = await post('/quick-order/check', clara, { lines: lines.slice(0, 2) });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().lines.map((line: Body) => line.status)).toEqual(['notVisible', 'notVisible']);
  });

  it('refuses more than 500 lines, a missing token and a missing service key with a 4xx', async () => {
    const many = Array.from({ length: 501 }, () => ({ salesItemNumber: OK1, quantity: 1 }));
    const tooMany = await post('/quick-order/check', anna, { lines: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.headers['content-type']).toContain('application/problem+json');
    expect((await post('/quick-order/check', 'not-a-token', { lines })).statusCode).toBe(401);
    // The integration's own token is no buyer's: nobody's catalogue, nobody's cart.
    const integration = await post('/quick-order/check', world.platform.adminToken, { lines });
    expect(integration.statusCode, integration.body).toBe(403);
    const keyless = await world.middleware.inject({
      method: 'POST',
      url: '/quick-order/check',
      headers: { authorization: `Bearer ${anna}` },
      payload: { lines },
    });
    expect(keyless.statusCode).toBe(401);
  });
});

describe('POST /quick-order/add', () => {
  let orderId: string;

  it('adds only the ok lines to the cart, once per Idempotency-Key', async () => {
    const key = { 'idempotency-key': 'quick-order-test-0001' };
    const first = await post('/quick-order/add', anna, { lines }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ valid: 3, added: 3, failed: [], replayed: false });
    orderId = first.json().orderId;
    const again = await post('/quick-order/add', anna, { lines }, key);
    expect(again.json()).toMatchObject({ orderId, added: 3, replayed: true });

    const cart = await expectOk<{ Items: Body[] }>(
      await call(world.platform.app, anna, 'GET', `/v1/orders/Outgoing/${orderId}/lineitems`),
    );
    const quantities = Object.fromEntries(cart.Items.map((line) => [line.ProductID, line.Quantity]));
    expect(quantities).toEqual({ [OK1]: 2, [OK2]: 1, [PACKS]: 20 });
  });

  it('adds to the lines already in the cart under a new key, and needs a key', async () => {
    const more = await post(
      '/quick-order/add',
      anna,
      { lines: [{ salesItemNumber: OK2, quantity: 4 }] },
      { 'idempotency-key': 'quick-order-test-0002' },
    );
    expect(more.json()).toMatchObject({ orderId, added: 1 });
    const cart = await expectOk<{ Items: Body[] }>(
      await call(world.platform.app, anna, 'GET', `/v1/orders/Outgoing/${orderId}/lineitems`),
    );
    expect(cart.Items.find((line) => line.ProductID === OK2)?.Quantity).toBe(5);
    expect((await post('/quick-order/add', anna, { lines })).statusCode).toBe(400);
  });

  it('adds once when the same key arrives twice at the same time', async () => {
    const key = { 'idempotency-key': 'quick-order-test-0003' };
    const body = { lines: [{ salesItemNumber: OK1, quantity: 3 }] };
    const answers = await Promise.all([
      post('/quick-order/add', anna, body, key),
      post('/quick-order/add', anna, body, key),
    ]);
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // The second waits for nothing: it finds the first's claim (409) or its answer (replayed).
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses);
    const fresh = answers.filter((answer) => answer.statusCode === 200 && !answer.json().replayed);
    expect(fresh).toHaveLength(1);
    const cart = await expectOk<{ Items: Body[] }>(
      await call(world.platform.app, anna, 'GET', `/v1/orders/Outgoing/${orderId}/lineitems`),
    );
    expect(cart.Items.find((line) => line.ProductID === OK1)?.Quantity).toBe(5);
  });

  it('exports the cart as CSV and PDF to its buyer only', async () => {
    const get = (token: string, format: string) =>
      world.middleware.inject({
        method: 'GET',
        url: `/orders/${orderId}/export?format=${format}&locale=de`,
        headers: { ...storefrontKey, authorization: `Bearer ${token}` },
      });
    const csv = await get(anna, 'csv');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="cart.csv"');
    const rows = Papa.parse<string[]>(csv.body.trim()).data;
    expect(rows[0]?.slice(0, 2)).toEqual(['salesItemNumber', 'quantity']);
    expect(rows.slice(1).map((row) => [row[0], row[1]])).toEqual(
      expect.arrayContaining([
        [OK1, '5'],
        [OK2, '5'],
        [PACKS, '20'],
      ]),
    );
    const pdf = await get(anna, 'pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(clara, 'csv')).statusCode).toBe(404);
    expect((await get(anna, 'xls')).statusCode).toBe(400);
  });
});
