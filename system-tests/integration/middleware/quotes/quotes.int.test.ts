/**
 * Quotes across the real platform, middleware and price service: a buyer's cart becomes a quote
 * request, the sales desk prices it, the buyer accepts and the order is placed at the quoted prices.
 * Only the requesting buyer sees and uses the quote, only once, and not after its validity date.
 */
import { DEMO_LOGINS } from '@actuate/catalog-data';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { quotes } from '../../../../apps/middleware/src/modules/quotes/schema.ts';
import { call, expectOk, loginAs } from '../../../../apps/platform/src/testing/harness.ts';
import { addressBody, adminKey, connectCheckout, erpAddress, storefrontKey } from '../support/checkout.ts';
import { startWorld, type World } from '../support/harness.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 240_000 });

type Body = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
let world: World;
let anna: string;
let bo: string;
let clara: string;

beforeAll(async () => {
  world = await startWorld(['acme-dk', 'bauer-de'], { backoffice: true });
  await connectCheckout(
    world,
    [
      { id: 'acme-dk', currency: 'DKK' },
      { id: 'bauer-de', currency: 'EUR' },
    ],
    ['A10001'],
  );
  anna = await loginAs(world.platform.app, DEMO_LOGINS.shopper);
  bo = await loginAs(world.platform.app, 'bo@acme-dk.example');
  clara = await loginAs(world.platform.app, 'clara@bauer-de.example');
});
afterAll(() => world?.close());

const platformAs = (token: string) => (method: Method, url: string, body?: unknown) =>
  call(world.platform.app, token, method, url, body);

const buyer = (token: string | null, method: 'GET' | 'POST', url: string, payload?: Body) =>
  world.middleware.inject({
    method,
    url,
    headers: { ...storefrontKey, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
const desk = (
  method: 'GET' | 'POST',
  url: string,
  payload?: Body,
  headers: Record<string, string> = adminKey,
) => world.middleware.inject({ method, url, headers, ...(payload ? { payload } : {}) });

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A fresh cart of the buyer's with one line. */
async function cartWith(token: string, quantity: number): Promise<string> {
  const as = platformAs(token);
  const order = await expectOk<Body>(await as('POST', '/v1/orders/Outgoing', {}), 201);
  await expectOk(
    await as('POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, {
      ProductID: 'A10001',
      Quantity: quantity,
    }),
    201,
  );
  return order.ID as string;
}

async function requestedQuote(quantity: number): Promise<Body> {
  await cartWith(anna, quantity);
  const response = await buyer(anna, 'POST', '/quotes', { message: 'Best price for a yearly need?' });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function quotedQuote(quantity: number, unitPrice: number, validUntil = day(7)): Promise<Body> {
  const quote = await requestedQuote(quantity);
  const answered = await desk('POST', `/sales-desk/quotes/${quote.id}/answer`, {
    lines: [{ lineNo: 1, unitPrice }],
    validUntil,
    note: 'Yearly price',
  });
  expect(answered.statusCode, answered.body).toBe(200);
  return answered.json();
}

/** Ship-to, ship method, calculation, purchase-order payment and submit of a cart. */
async function checkout(token: string, orderId: string) {
  const as = platformAs(token);
  const url = `/v1/orders/Outgoing/${orderId}`;
  await expectOk(await as('PUT', `${url}/shipto`, addressBody(erpAddress(world, 'acme-dk'))));
  await expectOk(await as('POST', `${url}/estimateshipping`));
  await expectOk(
    await as('POST', `${url}/shipmethods`, {
      ShipMethodSelections: [{ ShipEstimateID: 'all-lines', ShipMethodID: 'STANDARD-PARCEL' }],
    }),
  );
  await expectOk(await as('PATCH', url, { xp: { CustomerReference: 'PO-QUOTE' } }));
  const calculated = await as('POST', `${url}/calculate`);
  if (calculated.statusCode !== 200) return { calculated, submitted: undefined };
  await expectOk(await as('POST', `${url}/payments`, { Type: 'PurchaseOrder' }), 201);
  return { calculated, submitted: await as('POST', `${url}/submit`) };
}

describe('quotes', () => {
  it('turns the cart into a request, is priced by the desk and ordered once at the quoted price', async () => {
    const quote = await requestedQuote(3);
    expect(quote).toMatchObject({
      status: 'requested',
      currency: 'DKK',
      message: 'Best price for a yearly need?',
    });
    expect(quote.lines).toEqual([
      expect.objectContaining({ lineNo: 1, productId: 'A10001', quantity: 3, quotedUnitPrice: null }),
    ]);

    // Not priced yet: nothing to accept.
    expect((await buyer(anna, 'POST', `/quotes/${quote.id}/accept`)).statusCode).toBe(409);

    const answered = await desk('POST', `/sales-desk/quotes/${quote.id}/answer`, {
      lines: [{ lineNo: 1, unitPrice: 12_345 }],
      validUntil: day(7),
      note: 'Yearly price',
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({
      status: 'quoted',
      sellerNote: 'Yearly price',
      validUntil: day(7),
    });
    // Answered once.
    const again = await desk('POST', `/sales-desk/quotes/${quote.id}/answer`, {
      lines: [{ lineNo: 1, unitPrice: 1 }],
      validUntil: day(7),
    });
    expect(again.statusCode).toBe(409);

    const listed = (await buyer(anna, 'GET', '/quotes')).json() as { items: Body[] };
    expect(listed.items.map((item) => item.id)).toContain(quote.id);

    const accepted = await buyer(anna, 'POST', `/quotes/${quote.id}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { cartId } = accepted.json() as { cartId: string };
    expect((await buyer(anna, 'POST', `/quotes/${quote.id}/accept`)).statusCode).toBe(409);

    const { calculated, submitted } = await checkout(anna, cartId);
    expect(calculated.statusCode, calculated.body).toBe(200);
    expect(submitted?.statusCode, submitted?.body).toBe(200);
    const lines = await expectOk<{ Items: Body[] }>(
      await platformAs(anna)('GET', `/v1/orders/Outgoing/${cartId}/lineitems`),
    );
    expect(lines.Items).toEqual([
      expect.objectContaining({ ProductID: 'A10001', Quantity: 3, UnitPrice: 123.45 }),
    ]);
    const order = await expectOk<Body>(await platformAs(anna)('GET', `/v1/orders/Outgoing/${cartId}`));
    expect(order.Subtotal).toBe(370.35);
    expect((await buyer(anna, 'GET', `/quotes/${quote.id}`)).json()).toMatchObject({
      status: 'ordered',
      orderId: cartId,
    });

    // Another order naming the quote does not get its price.
    const other = await cartWith(anna, 3);
    await expectOk(
      await platformAs(anna)('PATCH', `/v1/orders/Outgoing/${other}`, { xp: { QuoteID: quote.id } }),
    );
    const misuse = await checkout(anna, other);
    expect(misuse.calculated.statusCode).not.toBe(200);
    await platformAs(anna)('DELETE', `/v1/orders/Outgoing/${other}`);
  });

  it('shows and lets act only the requesting buyer of the company', async () => {
    const quote = await quotedQuote(2, 10_000);
    for (const stranger of [bo, clara]) {
      expect((await buyer(stranger, 'GET', `/quotes/${quote.id}`)).statusCode).toBe(404);
      expect((await buyer(stranger, 'POST', `/quotes/${quote.id}/accept`)).statusCode).toBe(404);
      expect((await buyer(stranger, 'POST', `/quotes/${quote.id}/decline`)).statusCode).toBe(404);
      const theirs = (await buyer(stranger, 'GET', '/quotes')).json() as { items: Body[] };
      expect(theirs.items.map((item) => item.id)).not.toContain(quote.id);
    }
    // The desk's routes need the operator key, the buyer's the storefront key and a token.
    expect((await desk('GET', '/sales-desk/quotes', undefined, storefrontKey)).statusCode).toBe(401);
    expect((await desk('GET', '/sales-desk/quotes', undefined, {})).statusCode).toBe(401);
    expect((await buyer(null, 'GET', '/quotes')).statusCode).toBe(401);
    expect((await buyer('not-a-token', 'GET', '/quotes')).statusCode).toBe(401);

    const declined = await buyer(anna, 'POST', `/quotes/${quote.id}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined' });
    expect((await buyer(anna, 'POST', `/quotes/${quote.id}/accept`)).statusCode).toBe(409);
  });

  it('cannot be accepted or ordered after its validity date', async () => {
    const late = await quotedQuote(1, 5_000);
    await world.database.db
      .update(quotes)
      .set({ validUntil: day(-1) })
      .where(eq(quotes.id, late.id as string));
    expect((await buyer(anna, 'GET', `/quotes/${late.id}`)).json()).toMatchObject({ status: 'expired' });
    const refused = await buyer(anna, 'POST', `/quotes/${late.id}/accept`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ type: 'urn:actuate:problem:quote-expired' });

    const accepted = await quotedQuote(1, 5_000);
    const cart = (await buyer(anna, 'POST', `/quotes/${accepted.id}/accept`)).json() as { cartId: string };
    await world.database.db
      .update(quotes)
      .set({ validUntil: day(-1) })
      .where(eq(quotes.id, accepted.id as string));
    const { calculated } = await checkout(anna, cart.cartId);
    expect(calculated.statusCode).not.toBe(200);
  });

  it('refuses bad input with problem details and changes nothing', async () => {
    const before = (await desk('GET', '/sales-desk/quotes')).json() as { items: Body[] };
    for (const body of [{}, { message: '' }, { message: 'x'.repeat(2001) }, { message: 'hi', extra: 1 }]) {
      const response = await buyer(anna, 'POST', '/quotes', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    // Clara's cart is empty.
    expect((await buyer(clara, 'POST', '/quotes', { message: 'hi' })).statusCode).toBe(422);
    const quote = await requestedQuote(1);
    const answers = [
      { lines: [{ lineNo: 1, unitPrice: 100 }], validUntil: day(-1) },
      { lines: [{ lineNo: 2, unitPrice: 100 }], validUntil: day(3) },
      {
        lines: [
          { lineNo: 1, unitPrice: 100 },
          { lineNo: 1, unitPrice: 90 },
        ],
        validUntil: day(3),
      },
    ];
    for (const answer of answers)
      expect((await desk('POST', `/sales-desk/quotes/${quote.id}/answer`, answer)).statusCode).toBe(422);
    for (const answer of [
      { lines: [{ lineNo: 1, unitPrice: -1 }], validUntil: day(3) },
      { lines: [{ lineNo: 1, unitPrice: 1.5 }], validUntil: day(3) },
      { lines: [], validUntil: day(3) },
      { lines: [{ lineNo: 1, unitPrice: 100 }], validUntil: 'tomorrow' },
    ])
      expect((await desk('POST', `/sales-desk/quotes/${quote.id}/answer`, answer)).statusCode).toBe(400);
    expect((await desk('GET', `/sales-desk/quotes/${quote.id}`)).json()).toMatchObject({
      status: 'requested',
    });
    expect((await desk('GET', '/sales-desk/quotes/Q-NONE')).statusCode).toBe(404);
    const after = (await desk('GET', '/sales-desk/quotes')).json() as { items: Body[] };
    expect(after.items).toHaveLength(before.items.length + 1);
  });
});
