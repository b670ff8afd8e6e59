import {
  facetValueLabel,
  findFamily,
  findSalesItem,
  grossPriceFromConfiguration,
} from '@actuate/catalog-data';
import {
  MonetaryAmount,
  ProblemDetails,
  ProductFamilyPrice,
  SalesItemGrossPrice,
  SalesItemPrice,
  toMinorUnits,
} from '@actuate/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

import { priceCatalogOf } from '../../app.ts';
import { DEMO_MIDDLEWARE_KEY, DEMO_STOREFRONT_KEY } from '../../config.ts';
import {
  CALLER_HEADERS,
  CURRENCIES,
  DEMO_CUSTOMERS,
  expectedFamilyRange,
  expectedUnitPrice,
  sampleItems,
  startSeededApp,
  stop,
  type TestContext,
} from '../../testing/support.ts';

let context: TestContext;
beforeAll(async () => {
  context = await startSeededApp();
}, 120_000);
afterAll(() => stop(context));

const post = (url: string, payload: unknown) =>
  context.app.inject({ method: 'POST', url, payload: payload as object, headers: CALLER_HEADERS });
const customerOf = (customer: (typeof DEMO_CUSTOMERS)[number]) => ({
  salesCompanyId: customer.salesCompanyId,
  customerErpId: customer.customerErpId,
});
const minor = (amount: { amount: number; currency: string }) => toMinorUnits(amount.amount, amount.currency);

function expectProblem(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  status: number,
  code: string,
) {
  expect(response.statusCode).toBe(status);
  expect(String(response.headers['content-type'])).toContain('application/problem+json');
  const body = ProblemDetails.parse(response.json());
  expect(body).toMatchObject({ type: `urn:actuate:problem:${code}`, status });
  expect(body.title.length).toBeGreaterThan(0);
  expect(body.detail?.length).toBeGreaterThan(0);
  expect(body.instance).toMatch(/^\//);
  return body as Record<string, unknown>;
}

const ACME = DEMO_CUSTOMERS[0];

describe('POST /price/product/{productFamily}/salesprice/currency/{currency}', () => {
  for (const customer of DEMO_CUSTOMERS) {
    for (const currency of CURRENCIES) {
      it(`gives ${customer.companyId} the range of each family in ${currency}`, async () => {
        for (const family of context.world.families.map((entry) => entry.id)) {
          const response = await post(`/price/product/${family}/salesprice/currency/${currency}`, {
            customer: customerOf(customer),
          });
          expect(response.statusCode).toBe(200);
          const body = ProductFamilyPrice.parse(response.json());
          expect(body.productId).toBe(family);
          expect(body.minPrice.currency).toBe(currency);
          const expected = expectedFamilyRange(
            context.world,
            customer.companyId,
            family,
            currency,
            new Date(),
          );
          expect({ family, min: minor(body.minPrice), max: minor(body.maxPrice) }).toEqual({
            family,
            ...expected,
          });
        }
      });
    }
  }

  it('prices on the given priceDate (an agreement that has expired since)', async () => {
    const at = new Date('2025-06-01T00:00:00Z');
    const family = findSalesItem(context.world, 'J10001')?.familyId ?? '';
    const response = await post(`/price/product/${family}/salesprice/currency/DKK`, {
      customer: customerOf(ACME),
      priceDate: at.toISOString(),
    });
    const body = ProductFamilyPrice.parse(response.json());
    const expected = expectedFamilyRange(context.world, 'acme-dk', family, 'DKK', at);
    expect({ min: minor(body.minPrice), max: minor(body.maxPrice) }).toEqual(expected);
  });

  it('answers an unknown family with 404 problem details', async () => {
    const response = await post('/price/product/NOPE99/salesprice/currency/DKK', {
      customer: customerOf(ACME),
    });
    expect(expectProblem(response, 404, 'product-family-not-found')).toMatchObject({
      field: 'productFamily',
      value: 'NOPE99',
    });
  });

  it('answers a currency without prices with 404 and a malformed one with 400', async () => {
    expectProblem(
      await post('/price/product/HD25/salesprice/currency/SEK', { customer: customerOf(ACME) }),
      404,
      'currency-not-found',
    );
    const malformed = expectProblem(
      await post('/price/product/HD25/salesprice/currency/eur', { customer: customerOf(ACME) }),
      400,
      'validation',
    );
    expect(JSON.stringify(malformed.issues)).toContain('currency');
  });

  it('answers an unknown sales company with 404 and bad bodies with 400 naming the field', async () => {
    const unknown = await post('/price/product/HD25/salesprice/currency/DKK', {
      customer: { salesCompanyId: 'XXX', customerErpId: 'XXX-000001' },
    });
    expect(expectProblem(unknown, 404, 'sales-company-not-found')).toMatchObject({
      field: 'customer.salesCompanyId',
    });
    const extra = expectProblem(
      await post('/price/product/HD25/salesprice/currency/DKK', { customer: customerOf(ACME), surprise: 1 }),
      400,
      'validation',
    );
    expect(JSON.stringify(extra.issues)).toContain('surprise');
    const badErp = expectProblem(
      await post('/price/product/HD25/salesprice/currency/DKK', {
        customer: { salesCompanyId: 'ADK', customerErpId: 'acme' },
      }),
      400,
      'validation',
    );
    expect(JSON.stringify(badErp.issues)).toContain('customer.customerErpId');
    const response = await context.app.inject({
      method: 'POST',
      url: '/price/product/HD25/salesprice/currency/DKK',
      headers: { ...CALLER_HEADERS, 'content-type': 'application/json' },
      payload: '{"customer": ',
    });
    expectProblem(response, 400, 'malformed-json');
  });

  it('answers an unexpected failure with a bare 500 (no body), and recovers', async () => {
    const catalog = priceCatalogOf(context.app);
    if (!catalog) throw new Error('no catalog');
    const spy = vi.spyOn(catalog, 'snapshot').mockRejectedValueOnce(new Error('database went away'));
    const response = await post('/price/product/HD25/salesprice/currency/DKK', {
      customer: customerOf(ACME),
    });
    spy.mockRestore();
    expect(response.statusCode).toBe(500);
    expect(response.body).toBe('');
    const again = await post('/price/product/HD25/salesprice/currency/DKK', { customer: customerOf(ACME) });
    expect(again.statusCode).toBe(200);
  });

  it('other calls keep problem details for an unexpected failure', async () => {
    const catalog = priceCatalogOf(context.app);
    if (!catalog) throw new Error('no catalog');
    const spy = vi.spyOn(catalog, 'snapshot').mockRejectedValueOnce(new Error('boom'));
    const response = await post('/price/salesitem/A10001/salesprice/currency/DKK', {
      customer: customerOf(ACME),
    });
    spy.mockRestore();
    const body = expectProblem(response, 500, 'internal');
    expect(JSON.stringify(body)).not.toContain('boom');
  });
});

describe('POST /price/salesitem/{salesItemNumber}/salesprice/currency/{currency}', () => {
  for (const customer of DEMO_CUSTOMERS) {
    for (const currency of CURRENCIES) {
      it(`prices agreements, discount groups and breaks for ${customer.companyId} in ${currency}`, async () => {
        const now = new Date();
        for (const salesItemNumber of sampleItems(context.world, customer.companyId)) {
          for (const quantity of [1, 10, 25, 50, 100, 250, 500]) {
            const response = await post(
              `/price/salesitem/${salesItemNumber}/salesprice/currency/${currency}`,
              {
                customer: customerOf(customer),
                quantity,
              },
            );
            expect(response.statusCode).toBe(200);
            const body = SalesItemPrice.parse(response.json());
            expect(body.salesItemNumber).toBe(salesItemNumber);
            expect(body.price.currency).toBe(currency);
            const expected = expectedUnitPrice(
              context.world,
              customer.companyId,
              salesItemNumber,
              quantity,
              currency,
              now,
            );
            expect({ salesItemNumber, quantity, price: minor(body.price) }).toEqual({
              salesItemNumber,
              quantity,
              price: expected,
            });
          }
        }
      });
    }
  }

  it('prices every sales item of the demo world for both demo customers in DKK and EUR', async () => {
    const now = new Date();
    const mismatches: string[] = [];
    for (const customer of DEMO_CUSTOMERS) {
      for (const currency of CURRENCIES) {
        for (const item of context.world.salesItems) {
          const response = await post(
            `/price/salesitem/${item.salesItemNumber}/salesprice/currency/${currency}`,
            {
              customer: customerOf(customer),
            },
          );
          const expected = expectedUnitPrice(
            context.world,
            customer.companyId,
            item.salesItemNumber,
            1,
            currency,
            now,
          );
          if (response.statusCode !== 200 || minor(response.json().price) !== expected) {
            mismatches.push(
              `${customer.companyId} ${currency} ${item.salesItemNumber}: ${response.statusCode} ${response.body}`,
            );
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('uses the agreement in the customer’s own currency and converts it for the other one', async () => {
    const agreement = context.world.netPriceAgreements.find((entry) => entry.companyId === 'bauer-de');
    if (!agreement) throw new Error('no agreement');
    const eur = SalesItemPrice.parse(
      (
        await post(`/price/salesitem/${agreement.salesItemNumber}/salesprice/currency/EUR`, {
          customer: customerOf(DEMO_CUSTOMERS[1]),
        })
      ).json(),
    );
    expect(minor(eur.price)).toBe(agreement.price);
  });

  it('defaults the quantity to 1 and applies an agreement only while it is valid', async () => {
    const expired = context.world.netPriceAgreements.find(
      (entry) => entry.validTo !== null && Date.parse(entry.validTo) < Date.now(),
    );
    if (!expired) throw new Error('no expired agreement');
    const before = new Date(Date.parse(expired.validTo ?? '') - 86_400_000);
    const during = SalesItemPrice.parse(
      (
        await post(`/price/salesitem/${expired.salesItemNumber}/salesprice/currency/DKK`, {
          customer: customerOf(ACME),
          priceDate: before.toISOString(),
        })
      ).json(),
    );
    expect(minor(during.price)).toBe(expired.price);
    const now = SalesItemPrice.parse(
      (
        await post(`/price/salesitem/${expired.salesItemNumber}/salesprice/currency/DKK`, {
          customer: customerOf(ACME),
        })
      ).json(),
    );
    expect(minor(now.price)).toBe(
      expectedUnitPrice(context.world, 'acme-dk', expired.salesItemNumber, 1, 'DKK', new Date()),
    );
    expect(minor(now.price)).not.toBe(expired.price);
  });

  it('converts at the rate valid on the price date', async () => {
    const [oldest, , latest] = context.world.exchangeRates;
    if (!oldest || !latest) throw new Error('rates');
    const at = new Date(Date.parse(oldest.validFrom) + 86_400_000);
    const body = SalesItemPrice.parse(
      (
        await post('/price/salesitem/A10002/salesprice/currency/EUR', {
          customer: customerOf(ACME),
          priceDate: at.toISOString(),
        })
      ).json(),
    );
    expect(minor(body.price)).toBe(expectedUnitPrice(context.world, 'acme-dk', 'A10002', 1, 'EUR', at));
    const before = await post('/price/salesitem/A10002/salesprice/currency/EUR', {
      customer: customerOf(ACME),
      priceDate: '2000-01-01T00:00:00Z',
    });
    expectProblem(before, 404, 'no-exchange-rate');
  });

  it('answers an unknown sales item with 404 and bad input with 400', async () => {
    expect(
      expectProblem(
        await post('/price/salesitem/Z99999/salesprice/currency/DKK', { customer: customerOf(ACME) }),
        404,
        'sales-item-not-found',
      ),
    ).toMatchObject({
      value: 'Z99999',
    });
    expectProblem(
      await post('/price/salesitem/12345/salesprice/currency/DKK', { customer: customerOf(ACME) }),
      400,
      'validation',
    );
    expectProblem(
      await post('/price/salesitem/A10001/salesprice/currency/DKK', {
        customer: customerOf(ACME),
        quantity: 0,
      }),
      400,
      'validation',
    );
    expectProblem(
      await post('/price/salesitem/A10001/salesprice/currency/DKK', {
        customer: customerOf(ACME),
        quantity: 1.5,
      }),
      400,
      'validation',
    );
    expectProblem(
      await post('/price/salesitem/A10001/salesprice/currency/DKK', { quantity: 1 }),
      400,
      'validation',
    );
    expectProblem(
      await post('/price/salesitem/A10001/salesprice/currency/DKK', {
        customer: customerOf(ACME),
        priceDate: '2026-01-01',
      }),
      400,
      'validation',
    );
    expectProblem(
      await post('/price/salesitem/A10001/salesprice/currency/USD', { customer: customerOf(ACME) }),
      404,
      'currency-not-found',
    );
  });
});

describe('POST /price/salesitem/{salesItemNumber}/grossprice', () => {
  it('answers the list gross price in DKK of every sales item without options', async () => {
    for (const item of context.world.salesItems) {
      const response = await post(`/price/salesitem/${item.salesItemNumber}/grossprice`, {});
      expect(response.statusCode).toBe(200);
      const body = response.json();
      SalesItemGrossPrice.parse(body);
      expect(minor(body.price)).toBe(item.grossPrice);
      expect(
        minor(MonetaryAmount.parse(body.basePrice)) + minor(MonetaryAmount.parse(body.markupPrice)),
      ).toBe(item.grossPrice);
    }
  });

  it('swaps in the markups of the chosen options (base + Σ markups of the configuration)', async () => {
    const item = findSalesItem(context.world, 'A10001');
    const family = item && findFamily(context.world, item.familyId);
    if (!item || !family) throw new Error('A10001');
    const options: Record<string, string> = {};
    for (const facet of family.facets) {
      const last = facet.values.at(-1);
      if (
        last !== undefined &&
        (facet.key === 'voltage' || facet.key === 'feedback' || facet.key === 'strokeLength')
      ) {
        options[facet.key] = facetValueLabel(last);
      }
    }
    const configuration = { ...item.configuration } as Record<string, unknown>;
    for (const [facet, label] of Object.entries(options)) {
      const value = family.facets
        .find((candidate) => candidate.key === facet)
        ?.values.find((v) => facetValueLabel(v) === label);
      configuration[facet] = value;
    }
    const expected = grossPriceFromConfiguration(
      family.basePrice,
      family.optionMarkups,
      configuration as typeof item.configuration,
    );
    const body = (await post('/price/salesitem/A10001/grossprice', { options })).json();
    expect(minor(body.price)).toBe(expected);
    expect(minor(body.basePrice)).toBe(family.basePrice);
    expect(minor(body.markupPrice)).toBe(expected - family.basePrice);
  });

  it('answers bad requests and malformed JSON with 400 problem details', async () => {
    expect(
      expectProblem(
        await post('/price/salesitem/A10001/grossprice', { options: { warpDrive: 'yes' } }),
        400,
        'unknown-option',
      ),
    ).toMatchObject({
      field: 'options.warpDrive',
    });
    const value = expectProblem(
      await post('/price/salesitem/A10001/grossprice', { options: { voltage: '99 V' } }),
      400,
      'unknown-option-value',
    );
    expect(value).toMatchObject({ field: 'options.voltage', value: '99 V' });
    expect(value.allowed).toContain('24 V');
    expectProblem(
      await post('/price/salesitem/A10001/grossprice', { options: { voltage: 48 } }),
      400,
      'validation',
    );
    expectProblem(await post('/price/salesitem/A10001/grossprice', { option: {} }), 400, 'validation');
    expectProblem(await post('/price/salesitem/a10001/grossprice', {}), 400, 'validation');
    const malformed = await context.app.inject({
      method: 'POST',
      url: '/price/salesitem/A10001/grossprice',
      headers: { ...CALLER_HEADERS, 'content-type': 'application/json' },
      payload: '{"options": {',
    });
    expectProblem(malformed, 400, 'malformed-json');
  });

  it('answers an unknown product or currency with 404 problem details', async () => {
    expectProblem(await post('/price/salesitem/Z99999/grossprice', {}), 404, 'sales-item-not-found');
    expect(
      expectProblem(
        await post('/price/salesitem/A10001/grossprice', { currency: 'EUR' }),
        404,
        'currency-not-found',
      ),
    ).toMatchObject({
      field: 'currency',
    });
  });
});

describe('service credential', () => {
  const acme = { customer: customerOf(DEMO_CUSTOMERS[0]) };
  const calls = [
    ['/price/product/HD25/salesprice/currency/DKK', acme],
    ['/price/salesitem/A10002/salesprice/currency/DKK', acme],
    ['/price/salesitem/A10002/grossprice', {}],
  ] as const;

  it('refuses every price call without a caller key, or with a wrong one, with 401 problem details', async () => {
    for (const [url, payload] of calls) {
      for (const headers of [{}, { 'x-api-key': 'guessed-key-1234' }, { 'x-api-key': '' }]) {
        const response = await context.app.inject({ method: 'POST', url, payload, headers });
        const problem = expectProblem(response, 401, 'invalid-api-key');
        expect(JSON.stringify(problem)).not.toContain('guessed-key-1234');
      }
    }
    const order = await context.app.inject({ method: 'POST', url: '/ordercalculate', payload: {} });
    expectProblem(order, 401, 'invalid-api-key');
  });

  it('answers the storefront’s and the middleware’s keys', async () => {
    for (const key of [DEMO_STOREFRONT_KEY, DEMO_MIDDLEWARE_KEY]) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/price/salesitem/A10002/salesprice/currency/DKK',
        payload: acme,
        headers: { 'x-api-key': key },
      });
      expect(response.statusCode).toBe(200);
      SalesItemPrice.parse(response.json());
    }
  });

  it('keeps /health, /ready and /docs open; a caller key does not open /admin', async () => {
    for (const url of ['/health', '/ready', '/docs/json']) {
      expect((await context.app.inject({ url })).statusCode).toBe(200);
    }
    const admin = await context.app.inject({ url: '/admin/version', headers: CALLER_HEADERS });
    expect(admin.statusCode).toBe(401);
  });
});
