import {
  CalculatedOrder,
  ProblemDetails,
  ProductFamilyPrice,
  SalesItemPrice,
  toMinorUnits,
} from '@actuate/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { readConfig } from '../../config.ts';
import {
  ADMIN_HEADERS,
  CALLER_HEADERS,
  DEMO_CUSTOMERS,
  startSeededApp,
  stop,
  type TestContext,
} from '../../testing/support.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let context: TestContext;
beforeAll(async () => {
  context = await startSeededApp();
}, 120_000);
afterAll(() => stop(context));

const ACME = { salesCompanyId: 'ADK', customerErpId: 'ADK-100001' };
const BAUER = { salesCompanyId: 'ADE', customerErpId: 'ADE-100002' };
const minor = (amount: { amount: number; currency: string }) => toMinorUnits(amount.amount, amount.currency);

const admin = (url: string, payload: unknown, headers: Record<string, string> = ADMIN_HEADERS) =>
  context.app.inject({ method: 'POST', url, payload: payload as object, headers });
const version = async () =>
  (await context.app.inject({ url: '/admin/version', headers: ADMIN_HEADERS })).json().version as number;
const salesPrice = async (item: string, currency: 'DKK' | 'EUR', customer = ACME, quantity = 1) =>
  minor(
    SalesItemPrice.parse(
      (
        await context.app.inject({
          method: 'POST',
          url: `/price/salesitem/${item}/salesprice/currency/${currency}`,
          payload: { customer, quantity },
          headers: CALLER_HEADERS,
        })
      ).json(),
    ).price,
  );
const familyPrice = async (family: string, currency: 'DKK' | 'EUR', customer = ACME) =>
  ProductFamilyPrice.parse(
    (
      await context.app.inject({
        method: 'POST',
        url: `/price/product/${family}/salesprice/currency/${currency}`,
        payload: { customer },
        headers: CALLER_HEADERS,
      })
    ).json(),
  );

/** Everything a client can see, to prove a rejected write changed nothing. */
async function observable() {
  return {
    version: await version(),
    a2dkk: await salesPrice('A10002', 'DKK'),
    a2eur: await salesPrice('A10002', 'EUR'),
    a2bauer: await salesPrice('A10002', 'EUR', BAUER, 50),
    hd25: await familyPrice('HD25', 'EUR'),
  };
}

function expectProblem(response: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  const problem = ProblemDetails.parse(response.json());
  expect(problem.type).toBe(`urn:actuate:problem:${code}`);
  return problem as Record<string, unknown>;
}

describe('admin API', () => {
  it('requires the API key', async () => {
    expectProblem(
      await admin('/admin/vat-rates', { rates: [{ country: 'DK', ratePercent: 0, euMember: true }] }, {}),
      401,
      'invalid-api-key',
    );
    expectProblem(
      await admin(
        '/admin/vat-rates',
        { rates: [{ country: 'DK', ratePercent: 0, euMember: true }] },
        { 'x-api-key': 'wrong-key-123' },
      ),
      401,
      'invalid-api-key',
    );
    expectProblem(await context.app.inject({ url: '/admin/version' }), 401, 'invalid-api-key');
  });

  it('rejects bad input without changing anything', async () => {
    const before = await observable();
    const bad: [string, unknown, number, string][] = [
      [
        '/admin/exchange-rates',
        { rates: [{ validFrom: '2026-02-01T00:00:00Z', dkkPerEur: '7.1234567' }] },
        400,
        'validation',
      ],
      [
        '/admin/exchange-rates',
        { rates: [{ validFrom: '2026-02-01T00:00:00Z', dkkPerEur: '0' }] },
        400,
        'validation',
      ],
      [
        '/admin/exchange-rates',
        {
          rates: [
            { validFrom: '2026-02-01T00:00:00Z', dkkPerEur: '8' },
            { validFrom: '2026-02-01T00:00:00Z', dkkPerEur: '9' },
          ],
        },
        422,
        'duplicate-row',
      ],
      [
        '/admin/sales-items',
        {
          items: [
            {
              salesItemNumber: 'A10002',
              familyId: 'HD25',
              priceListId: 'GROSS-DKK',
              grossPrice: 1,
              active: true,
              shipWeightKg: 1,
            },
            {
              salesItemNumber: 'A10003',
              familyId: 'NOPE',
              priceListId: 'GROSS-DKK',
              grossPrice: 1,
              active: true,
              shipWeightKg: 1,
            },
          ],
        },
        422,
        'unknown-reference',
      ],
      [
        '/admin/sales-items',
        {
          items: [
            {
              salesItemNumber: 'A10002',
              familyId: 'HD25',
              priceListId: 'GROSS-DKK',
              grossPrice: 1.001,
              active: true,
              shipWeightKg: 1,
            },
          ],
        },
        400,
        'validation',
      ],
      [
        '/admin/discount-groups',
        {
          discountGroups: [
            {
              salesCompanyId: 'ADK',
              customerErpId: 'ADK-100001',
              productFamilyGroup: 'Industrial',
              discountPercent: 101,
            },
          ],
        },
        400,
        'validation',
      ],
      [
        '/admin/discount-groups',
        {
          discountGroups: [
            {
              salesCompanyId: 'ZZZ',
              customerErpId: null,
              productFamilyGroup: 'Industrial',
              discountPercent: 5,
            },
          ],
        },
        422,
        'unknown-reference',
      ],
      [
        '/admin/net-prices',
        {
          netPrices: [
            {
              id: 'N1',
              salesCompanyId: 'ADK',
              customerErpId: 'ADK-100001',
              salesItemNumber: 'A10002',
              currency: 'DKK',
              price: 1,
              validFrom: '2026-01-01T00:00:00Z',
              validTo: '2025-01-01T00:00:00Z',
            },
          ],
        },
        400,
        'validation',
      ],
      [
        '/admin/net-prices',
        {
          netPrices: [
            {
              id: 'N1',
              salesCompanyId: 'ADK',
              customerErpId: 'ADK-100001',
              salesItemNumber: 'Z99999',
              currency: 'DKK',
              price: 1,
              validFrom: '2026-01-01T00:00:00Z',
            },
          ],
        },
        422,
        'unknown-reference',
      ],
      [
        '/admin/quantity-breaks',
        {
          schedules: [
            { familyId: 'HD25', salesItemNumber: 'A10002', breaks: [{ minQuantity: 1, discountPercent: 0 }] },
          ],
        },
        400,
        'validation',
      ],
      [
        '/admin/quantity-breaks',
        {
          schedules: [
            { familyId: 'HD25', breaks: [{ minQuantity: 1, discountPercent: 50 }] },
            { familyId: 'HD25', breaks: [{ minQuantity: 1, discountPercent: 60 }] },
          ],
        },
        422,
        'duplicate-row',
      ],
      [
        '/admin/vat-rates',
        { rates: [{ country: 'DK', ratePercent: 25.001, euMember: true }] },
        400,
        'validation',
      ],
      [
        '/admin/vat-rates',
        { rates: [{ country: 'DK', ratePercent: 0, euMember: true, extra: 1 }] },
        400,
        'validation',
      ],
      [
        '/admin/price-lists',
        { priceLists: [{ id: 'GROSS-DKK', currency: 'EUR', validFrom: '2020-01-01T00:00:00Z' }] },
        400,
        'validation',
      ],
      [
        '/admin/markups',
        { markups: [{ familyId: 'NOPE', facet: 'voltage', value: '48 V', markup: 1 }] },
        422,
        'unknown-reference',
      ],
      ['/admin/families', { families: [] }, 400, 'validation'],
    ];
    for (const [url, payload, status, code] of bad) {
      const response = await admin(url, payload);
      expect({ url, code, status: response.statusCode }).toEqual({ url, code, status });
      expectProblem(response, status, code);
    }
    const malformed = await context.app.inject({
      method: 'POST',
      url: '/admin/vat-rates',
      headers: { ...ADMIN_HEADERS, 'content-type': 'application/json' },
      payload: '{"rates": [',
    });
    expectProblem(malformed, 400, 'malformed-json');
    expect(await observable()).toEqual(before);
  });

  it('upserts exchange rates: EUR prices follow the new dated rate, the version moves', async () => {
    const before = await version();
    const dkk = await salesPrice('A10002', 'DKK');
    const response = await admin('/admin/exchange-rates', {
      rates: [{ validFrom: new Date(Date.now() - 1000).toISOString(), dkkPerEur: '8' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ version: before + 1, upserted: 1 });
    expect(await salesPrice('A10002', 'EUR')).toBe(Math.round(dkk / 8));
    expect(await version()).toBe(before + 1);
  });

  it('upserts gross prices and net prices; family ranges follow', async () => {
    const upsert = await admin('/admin/sales-items', {
      items: [
        {
          salesItemNumber: 'A10002',
          familyId: 'HD25',
          priceListId: 'GROSS-DKK',
          grossPrice: 100,
          active: true,
          shipWeightKg: 2,
        },
      ],
    });
    expect(upsert.statusCode).toBe(200);
    // ACME's Industrial discount is 12 %: 100 DKK → 88 DKK, the family's new cheapest.
    expect(await salesPrice('A10002', 'DKK')).toBe(8800);
    expect(minor((await familyPrice('HD25', 'DKK')).minPrice)).toBe(8800);
    // The configuration was kept (no configuration in the upsert).
    const gross = await context.app.inject({
      method: 'POST',
      url: '/price/salesitem/A10002/grossprice',
      payload: { options: { voltage: '48 V' } },
      headers: CALLER_HEADERS,
    });
    expect(gross.statusCode).toBe(200);

    const net = await admin('/admin/net-prices', {
      netPrices: [
        {
          id: 'NPA-TEST-1',
          salesCompanyId: 'ADK',
          customerErpId: 'ADK-100001',
          salesItemNumber: 'A10002',
          currency: 'DKK',
          price: 50.5,
          validFrom: '2020-01-01T00:00:00Z',
          validTo: null,
        },
      ],
    });
    expect(net.statusCode).toBe(200);
    expect(await salesPrice('A10002', 'DKK')).toBe(5050);
    expect(minor((await familyPrice('HD25', 'DKK')).minPrice)).toBe(5050);
    // Only ACME has the agreement.
    expect(await salesPrice('A10002', 'DKK', BAUER)).toBe(8500);
  });

  it('upserts discount groups and quantity breaks', async () => {
    await admin('/admin/discount-groups', {
      discountGroups: [
        {
          salesCompanyId: 'ADE',
          customerErpId: 'ADE-100002',
          productFamilyGroup: 'Industrial',
          discountPercent: 50,
        },
      ],
    });
    expect(await salesPrice('A10002', 'DKK', BAUER)).toBe(5000);
    const breaks = await admin('/admin/quantity-breaks', {
      schedules: [
        {
          salesItemNumber: 'A10002',
          breaks: [
            { minQuantity: 1, discountPercent: 0 },
            { minQuantity: 3, discountPercent: 10 },
          ],
        },
      ],
    });
    expect(breaks.statusCode).toBe(200);
    expect(await salesPrice('A10002', 'DKK', BAUER, 3)).toBe(4500);
    expect(await salesPrice('A10002', 'DKK', BAUER, 2)).toBe(5000);
  });

  it('upserts VAT rates, ship methods, families, markups and price lists', async () => {
    const customer = DEMO_CUSTOMERS[0];
    const order = {
      customer: {
        salesCompanyId: customer.salesCompanyId,
        customerErpId: customer.customerErpId,
        taxGroup: 'DK-DOM',
      },
      currency: 'DKK',
      shipTo: { country: 'DK' },
      shipMethodId: 'BIKE',
      lines: [{ lineId: 'l', salesItemNumber: 'A10002', quantity: 1, unitWeightKg: 1 }],
    };
    expect(
      (
        await context.app.inject({
          method: 'POST',
          url: '/ordercalculate',
          payload: order,
          headers: CALLER_HEADERS,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await admin('/admin/vat-rates', { rates: [{ country: 'DK', ratePercent: 10, euMember: true }] }))
        .statusCode,
    ).toBe(200);
    const methods = await admin('/admin/ship-methods', {
      shipMethods: [
        {
          id: 'BIKE',
          name: 'Bike courier',
          countries: ['DK'],
          description: 'Same day in Copenhagen',
          transitDays: { DK: 0 },
          position: 9,
          bands: [{ maxWeightKg: 2, costDkk: 50, costEur: 7 }],
        },
      ],
    });
    expect(methods.statusCode).toBe(200);
    const offered = await context.app.inject({ method: 'GET', url: '/shipmethods', headers: CALLER_HEADERS });
    expect(offered.json().shipMethods.at(-1)).toEqual({
      id: 'BIKE',
      name: 'Bike courier',
      description: 'Same day in Copenhagen',
      estimatedTransitDays: { DK: 0 },
    });
    const answer = CalculatedOrder.parse(
      (
        await context.app.inject({
          method: 'POST',
          url: '/ordercalculate',
          payload: order,
          headers: CALLER_HEADERS,
        })
      ).json(),
    );
    expect(minor(answer.shippingPrice)).toBe(5000);
    expect(minor(answer.shippingVat)).toBe(500);
    expect(minor(answer.lines[0]?.taxTotal ?? { amount: 0, currency: 'DKK' })).toBe(Math.round(5050 / 10));

    expect(
      (
        await admin('/admin/families', {
          families: [{ id: 'NEW1', productFamilyGroup: 'Compact', basePrice: 10 }],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await admin('/admin/markups', {
          markups: [{ familyId: 'NEW1', facet: 'voltage', value: '24 V', markup: 2 }],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await admin('/admin/price-lists', {
          priceLists: [{ id: 'FUTURE', currency: 'DKK', validFrom: '2099-01-01T00:00:00Z' }],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await admin('/admin/sales-items', {
          items: [
            {
              salesItemNumber: 'N10001',
              familyId: 'NEW1',
              priceListId: 'GROSS-DKK',
              grossPrice: 12,
              active: true,
              shipWeightKg: 1,
              configuration: { voltage: '24 V' },
            },
            {
              salesItemNumber: 'N10002',
              familyId: 'NEW1',
              priceListId: 'FUTURE',
              grossPrice: 1,
              active: true,
              shipWeightKg: 1,
            },
          ],
        })
      ).statusCode,
    ).toBe(200);
    // ACME's Compact discount is 8 %: 12 → 11.04; the FUTURE-list item has no valid price yet.
    const range = await familyPrice('NEW1', 'DKK');
    expect([minor(range.minPrice), minor(range.maxPrice)]).toEqual([1104, 1104]);
    const future = await context.app.inject({
      method: 'POST',
      url: '/price/salesitem/N10002/salesprice/currency/DKK',
      payload: { customer: ACME },
      headers: CALLER_HEADERS,
    });
    expectProblem(future, 404, 'no-valid-price');
  });

  it('another instance on the same database sees a write: at once with staleness 0, within the staleness otherwise', async () => {
    const item = context.world.salesItems[5];
    if (!item) throw new Error('item');
    const strict = await buildApp(readConfig({ PRICE_CACHE_MAX_STALENESS_MS: '0' }), {
      database: context.database,
      logger: false,
    });
    const lazy = await buildApp(readConfig({ PRICE_CACHE_MAX_STALENESS_MS: '3000' }), {
      database: context.database,
      logger: false,
    });
    const priceOn = async (app: typeof strict) =>
      minor(
        SalesItemPrice.parse(
          (
            await app.inject({
              method: 'POST',
              url: `/price/salesitem/${item.salesItemNumber}/salesprice/currency/DKK`,
              payload: { customer: BAUER },
              headers: CALLER_HEADERS,
            })
          ).json(),
        ).price,
      );
    try {
      const before = await priceOn(lazy);
      expect(await priceOn(strict)).toBe(before);
      const write = await admin('/admin/sales-items', {
        items: [
          {
            salesItemNumber: item.salesItemNumber,
            familyId: item.familyId,
            priceListId: 'GROSS-DKK',
            grossPrice: 1_000_000,
            active: true,
            shipWeightKg: 1,
          },
        ],
      });
      expect(write.statusCode).toBe(200);
      const after = await priceOn(strict);
      expect(after).not.toBe(before);
      // Still inside its 3 s (wide, so a loaded machine does not run past it between the two calls).
      expect(await priceOn(lazy)).toBe(before);
      await new Promise((resolve) => setTimeout(resolve, 3_050));
      expect(await priceOn(lazy)).toBe(after);
    } finally {
      await strict.close();
      await lazy.close();
    }
  });
});
