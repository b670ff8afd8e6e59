import { findSalesItem, SHIP_METHODS, shippingCost } from '@actuate/catalog-data';
import {
  CalculatedOrder,
  type PriceCurrency,
  ProblemDetails,
  ShipMethodList,
  toMinorUnits,
} from '@actuate/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CALLER_HEADERS,
  CURRENCIES,
  DEMO_CUSTOMERS,
  expectedUnitPrice,
  sampleItems,
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

const minor = (amount: { amount: number; currency: string }) => toMinorUnits(amount.amount, amount.currency);
const calculate = (payload: unknown) =>
  context.app.inject({
    method: 'POST',
    url: '/ordercalculate',
    payload: payload as object,
    headers: CALLER_HEADERS,
  });

interface OrderInput {
  companyId: string;
  salesCompanyId: string;
  customerErpId: string;
  taxGroup: string;
  vatNumber?: string;
  country: string;
  currency: PriceCurrency;
  shipMethodId: string;
  lines: { lineId: string; salesItemNumber: string; quantity: number; unitWeightKg?: number }[];
}

const body = (order: OrderInput) => ({
  customer: {
    salesCompanyId: order.salesCompanyId,
    customerErpId: order.customerErpId,
    taxGroup: order.taxGroup,
    ...(order.vatNumber ? { vatNumber: order.vatNumber } : {}),
  },
  currency: order.currency,
  shipTo: { country: order.country },
  shipMethodId: order.shipMethodId,
  lines: order.lines,
});

/** Expected answer from the demo world: oracle prices, VAT per the documented rule, band shipping. */
function expected(order: OrderInput, rateBasisPoints: number) {
  const round = (numerator: number, denominator: number) => {
    const quotient = Math.floor(numerator / denominator);
    return numerator - quotient * denominator >= denominator / 2 ? quotient + 1 : quotient;
  };
  let grams = 0;
  const lines = order.lines.map((line) => {
    const item = findSalesItem(context.world, line.salesItemNumber);
    grams += Math.round((line.unitWeightKg ?? item?.shipWeightKg ?? 0) * 1000) * line.quantity;
    const price = expectedUnitPrice(
      context.world,
      order.companyId,
      line.salesItemNumber,
      line.quantity,
      order.currency,
      new Date(),
    );
    const taxTotal = round(price * line.quantity * rateBasisPoints, 10_000);
    return {
      lineId: line.lineId,
      quantity: line.quantity,
      price,
      tax: round(price * rateBasisPoints, 10_000),
      taxTotal,
      total: price * line.quantity + taxTotal,
    };
  });
  const method = SHIP_METHODS.find((candidate) => candidate.id === order.shipMethodId);
  if (!method) throw new Error('method');
  const shippingPrice = shippingCost(method, grams / 1000, order.currency) ?? Number.NaN;
  const shippingVat = round(shippingPrice * rateBasisPoints, 10_000);
  return { shippingPrice, shippingVat, totalShipping: shippingPrice + shippingVat, lines };
}

function asMinor(answer: CalculatedOrder) {
  return {
    shippingPrice: minor(answer.shippingPrice),
    shippingVat: minor(answer.shippingVat),
    totalShipping: minor(answer.totalShipping),
    lines: answer.lines.map((line) => ({
      lineId: line.lineId,
      quantity: line.quantity,
      price: minor(line.price),
      tax: minor(line.tax),
      taxTotal: minor(line.taxTotal),
      total: minor(line.total),
    })),
  };
}

function linesFor(companyId: string, count: number) {
  const items = sampleItems(context.world, companyId);
  return Array.from({ length: count }, (_, index) => ({
    lineId: `line-${index + 1}`,
    salesItemNumber: items[index % items.length] ?? 'A10001',
    quantity: [1, 2, 10, 25, 50, 100][index % 6] ?? 1,
  }));
}

function expectProblem(response: { statusCode: number; json(): unknown }, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  const problem = ProblemDetails.parse(response.json());
  expect(problem).toMatchObject({ type: `urn:actuate:problem:${code}`, status, instance: '/ordercalculate' });
  return problem as Record<string, unknown>;
}

describe('POST /ordercalculate', () => {
  const VAT = { 'acme-dk': 2500, 'bauer-de': 1900 } as const;
  for (const customer of DEMO_CUSTOMERS) {
    for (const currency of CURRENCIES) {
      it(`calculates an order of ${customer.companyId} in ${currency} with ${VAT[customer.companyId] / 100} % VAT`, async () => {
        const order: OrderInput = {
          ...customer,
          currency,
          shipMethodId: 'STANDARD-PARCEL',
          lines: linesFor(customer.companyId, 3).map((line) => ({ ...line, quantity: 1 })),
        };
        const response = await calculate(body(order));
        expect(response.statusCode).toBe(200);
        const answer = CalculatedOrder.parse(response.json());
        expect(answer.shippingPrice.currency).toBe(currency);
        expect(asMinor(answer)).toEqual(expected(order, VAT[customer.companyId]));
      });
    }
  }

  // One price per line (the storefront's configurator asks the sales price call, the checkout this
  // calculation): for the same customer, item and quantity both must answer the same unit price.
  for (const customer of DEMO_CUSTOMERS) {
    it(`answers the sales price call's unit price for ${customer.companyId} at every quantity`, async () => {
      const currency = customer.companyId === 'acme-dk' ? 'DKK' : 'EUR';
      const items = linesFor(customer.companyId, 2).map((line) => line.salesItemNumber);
      const quantities = [1, 5, 10, 12, 25, 100];
      const lines = items.flatMap((salesItemNumber) =>
        quantities.map((quantity) => ({
          lineId: `${salesItemNumber}-${quantity}`,
          salesItemNumber,
          quantity,
          unitWeightKg: 0.001,
        })),
      );
      const response = await calculate(
        body({ ...customer, currency, shipMethodId: 'STANDARD-PARCEL', lines }),
      );
      expect(response.statusCode).toBe(200);
      const answer = CalculatedOrder.parse(response.json());
      for (const line of lines) {
        const quoted = await context.app.inject({
          method: 'POST',
          url: `/price/salesitem/${line.salesItemNumber}/salesprice/currency/${currency}`,
          payload: {
            customer: { salesCompanyId: customer.salesCompanyId, customerErpId: customer.customerErpId },
            quantity: line.quantity,
          },
          headers: CALLER_HEADERS,
        });
        expect(quoted.statusCode).toBe(200);
        const calculated = answer.lines.find((candidate) => candidate.lineId === line.lineId);
        expect(calculated?.price).toEqual(quoted.json().price);
      }
    });
  }

  it('prices 100 lines on pallet freight, line totals adding up', async () => {
    const order: OrderInput = {
      ...DEMO_CUSTOMERS[1],
      currency: 'EUR',
      shipMethodId: 'PALLET-FREIGHT',
      // Quantities 1–100 (every break) at a light 0.5 kg so the order fits on a pallet.
      lines: linesFor('bauer-de', 100).map((line) => ({ ...line, unitWeightKg: 0.5 })),
    };
    const response = await calculate(body(order));
    expect(response.statusCode).toBe(200);
    const answer = asMinor(CalculatedOrder.parse(response.json()));
    expect(answer).toEqual(expected(order, 1900));
    for (const line of answer.lines) expect(line.total).toBe(line.price * line.quantity + line.taxTotal);
  });

  it('charges no VAT under EU reverse charge (BE business with a VAT number, Benelux seller)', async () => {
    const order: OrderInput = {
      companyId: 'ergodesk-be',
      salesCompanyId: 'ANL',
      customerErpId: 'ANL-100014',
      taxGroup: 'EU-RC',
      vatNumber: 'BE0712345678',
      country: 'BE',
      currency: 'EUR',
      shipMethodId: 'EXPRESS',
      lines: [{ lineId: 'a', salesItemNumber: 'A10001', quantity: 2 }],
    };
    const answer = asMinor(CalculatedOrder.parse((await calculate(body(order))).json()));
    expect(answer).toEqual(expected(order, 0));
    expect(answer.shippingVat).toBe(0);
    // Without a valid VAT number the seller charges its own VAT (NL 21 %).
    const noNumber = asMinor(
      CalculatedOrder.parse((await calculate(body({ ...order, vatNumber: 'BE-nonsense!' }))).json()),
    );
    expect(noNumber).toEqual(expected(order, 2100));
  });

  it('charges no VAT on export outside the EU (Norway)', async () => {
    const order: OrderInput = {
      companyId: 'fjordlift-no',
      salesCompanyId: 'ADK',
      customerErpId: 'ADK-100019',
      taxGroup: 'EXPORT',
      vatNumber: 'NO918273645MVA',
      country: 'NO',
      currency: 'EUR',
      shipMethodId: 'STANDARD-PARCEL',
      lines: [{ lineId: 'a', salesItemNumber: 'A10002', quantity: 1 }],
    };
    expect(asMinor(CalculatedOrder.parse((await calculate(body(order))).json()))).toEqual(expected(order, 0));
  });

  it('uses the line weights given and picks the weight band', async () => {
    const base: OrderInput = {
      ...DEMO_CUSTOMERS[0],
      currency: 'DKK',
      shipMethodId: 'STANDARD-PARCEL',
      lines: [],
    };
    for (const [unitWeightKg, cost] of [
      [5, 9_500],
      [5.001, 14_500],
      [15, 14_500],
      [31.5, 22_500],
    ] as const) {
      const order = {
        ...base,
        lines: [{ lineId: 'w', salesItemNumber: 'A10002', quantity: 1, unitWeightKg }],
      };
      const answer = asMinor(CalculatedOrder.parse((await calculate(body(order))).json()));
      expect(answer.shippingPrice).toBe(cost);
      expect(answer.shippingVat).toBe(cost / 4);
    }
    const heavy = {
      ...base,
      lines: [{ lineId: 'w', salesItemNumber: 'A10002', quantity: 2, unitWeightKg: 16 }],
    };
    expect(expectProblem(await calculate(body(heavy)), 422, 'shipment-too-heavy')).toMatchObject({
      weightKg: 32,
      maxWeightKg: 31.5,
    });
  });

  it('answers every bad order with problem details and a field', async () => {
    const good: OrderInput = {
      ...DEMO_CUSTOMERS[0],
      currency: 'DKK',
      shipMethodId: 'STANDARD-PARCEL',
      lines: linesFor('acme-dk', 2),
    };
    expect(
      expectProblem(
        await calculate(body({ ...good, lines: [{ lineId: 'x', salesItemNumber: 'Z99999', quantity: 1 }] })),
        404,
        'sales-item-not-found',
      ),
    ).toMatchObject({ lineId: 'x', field: 'lines.0.salesItemNumber' });
    expectProblem(await calculate(body({ ...good, shipMethodId: 'TELEPORT' })), 404, 'ship-method-not-found');
    expectProblem(await calculate(body({ ...good, taxGroup: 'MOON' })), 404, 'tax-group-not-found');
    expectProblem(await calculate(body({ ...good, salesCompanyId: 'XYZ' })), 404, 'sales-company-not-found');
    expectProblem(await calculate(body({ ...good, country: 'US' })), 422, 'unknown-country');
    // ADK's standard parcel serves the Nordic and EU destinations of the demo, not Switzerland.
    expect((await calculate(body({ ...good, country: 'PL' }))).statusCode).toBe(200);
  });

  it('rejects malformed orders with 400', async () => {
    const good = body({
      ...DEMO_CUSTOMERS[0],
      currency: 'DKK',
      shipMethodId: 'STANDARD-PARCEL',
      lines: linesFor('acme-dk', 2),
    });
    const cases: [string, unknown][] = [
      ['duplicate lineIds', { ...good, lines: [good.lines[0], good.lines[0]] }],
      ['no lines', { ...good, lines: [] }],
      ['zero quantity', { ...good, lines: [{ ...good.lines[0], quantity: 0 }] }],
      ['unknown line field', { ...good, lines: [{ ...good.lines[0], discount: 5 }] }],
      ['unknown field', { ...good, coupon: 'FREE' }],
      ['bad currency', { ...good, currency: 'SEK' }],
      ['bad country', { ...good, shipTo: { country: 'dk' } }],
      ['weight with grams fraction', { ...good, lines: [{ ...good.lines[0], unitWeightKg: 1.0001 }] }],
      ['tax group too long', { ...good, customer: { ...good.customer, taxGroup: 'ABCDEFGHIJK' } }],
      ['missing customer', { ...good, customer: undefined }],
    ];
    for (const [name, payload] of cases) {
      const response = await calculate(payload);
      expect({ name, status: response.statusCode }).toEqual({ name, status: 400 });
      expect(ProblemDetails.parse(response.json()).type).toBe('urn:actuate:problem:validation');
    }
    const malformed = await context.app.inject({
      method: 'POST',
      url: '/ordercalculate',
      headers: { ...CALLER_HEADERS, 'content-type': 'application/json' },
      payload: '{"lines": [',
    });
    expectProblem(malformed, 400, 'malformed-json');
  });
});

describe('GET /shipmethods', () => {
  it('answers the ship methods shipping is priced by, in the order they are offered', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/shipmethods',
      headers: CALLER_HEADERS,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(ShipMethodList.parse(response.json()).shipMethods).toEqual(
      SHIP_METHODS.map((method) => ({
        id: method.id,
        name: method.name,
        description: method.description,
        estimatedTransitDays: method.estimatedTransitDays,
      })),
    );
  });

  it('needs a caller key', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/shipmethods' });
    expect(response.statusCode).toBe(401);
    expect(ProblemDetails.parse(response.json()).type).toBe('urn:actuate:problem:invalid-api-key');
  });
});
