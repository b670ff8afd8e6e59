import { type SalesItem, SHIP_METHODS, shippingCost } from '@actuate/catalog-data';
import {
  CalculatedOrder,
  OrderCalculateResponse,
  ShippingRatesResponse,
  toMinorUnits,
} from '@actuate/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEMO_SECRETS } from '../../../../apps/middleware/src/config.ts';
import { signedPost, startWorld, type World } from '../support/harness.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

let world: World;
beforeAll(async () => {
  world = await startWorld(['acme-dk', 'bauer-de']);
});
afterAll(() => world?.close());

const CUSTOMERS = [
  { companyId: 'acme-dk', currency: 'DKK' as const, country: 'DK' },
  { companyId: 'bauer-de', currency: 'EUR' as const, country: 'DE' },
];

function items(): [SalesItem, SalesItem] {
  const active = world.demo.salesItems.filter((item) => item.productState === 'Active');
  const [first, second] = active;
  if (!first || !second) throw new Error('no active demo sales items');
  return [first, second];
}

function event(companyId: string, currency: 'DKK' | 'EUR', country: string, selected?: string) {
  const [first, second] = items();
  const address = {
    ID: `${companyId}-hq`,
    Street1: 'Main street 1',
    City: 'Town',
    Zip: '1000',
    State: 'Region',
    Country: country,
  };
  const line = (id: string, salesItemNumber: string, quantity: number) => ({
    ID: id,
    ProductID: salesItemNumber,
    Quantity: quantity,
    UnitPrice: 1,
    ShippingAddress: address,
  });
  return {
    ConfigData: { Tenant: 'actuate' },
    Environment: 'Sandbox',
    OrderCloudAccessToken: 'token-of-the-buyer',
    OrderWorksheet: {
      Order: {
        ID: `order-${companyId}`,
        FromCompanyID: companyId,
        Currency: currency,
        Status: 'Unsubmitted',
      },
      LineItems: [line('line-1', first.salesItemNumber, 2), line('line-2', second.salesItemNumber, 1)],
      ...(selected
        ? {
            ShipEstimateResponse: {
              ShipEstimates: [
                {
                  ID: 'all-lines',
                  SelectedShipMethodID: selected,
                  ShipEstimateItems: [],
                  ShipMethods: [],
                },
              ],
            },
          }
        : {}),
    },
  };
}

async function priceServiceCalculation(companyId: string, country: string, shipMethodId: string) {
  const company = world.demo.companies.find((candidate) => candidate.id === companyId);
  if (!company) throw new Error(companyId);
  const [first, second] = items();
  const response = await fetch(`${world.prices.url}/ordercalculate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': DEMO_SECRETS.PRICE_SERVICE_API_KEY },
    body: JSON.stringify({
      customer: {
        salesCompanyId: company.salesCompanyId,
        customerErpId: company.erpId,
        taxGroup: company.taxGroup,
        vatNumber: company.vatNumber,
      },
      currency: company.currency,
      shipTo: { country },
      shipMethodId,
      lines: [
        { lineId: 'line-1', salesItemNumber: first.salesItemNumber, quantity: 2 },
        { lineId: 'line-2', salesItemNumber: second.salesItemNumber, quantity: 1 },
      ],
    }),
  });
  expect(response.status).toBe(200);
  return CalculatedOrder.parse(await response.json());
}

describe.each(CUSTOMERS)(
  'checkout integration for $companyId ($currency)',
  ({ companyId, currency, country }) => {
    it('answers ship estimates with costs in the order currency and transit days', async () => {
      const response = await signedPost(
        world.middleware,
        '/ShippingRates',
        event(companyId, currency, country),
      );
      expect(response.statusCode, response.body).toBe(200);
      const rates = ShippingRatesResponse.parse(response.json());
      const [estimate] = rates.ShipEstimates;
      expect(estimate?.ShipEstimateItems).toEqual([
        { LineItemID: 'line-1', Quantity: 2 },
        { LineItemID: 'line-2', Quantity: 1 },
      ]);
      const weight = items()[0].shipWeightKg * 2 + items()[1].shipWeightKg;
      const expected = SHIP_METHODS.filter((method) => shippingCost(method, weight, currency) !== null);
      expect(estimate?.ShipMethods.map((method) => method.ID)).toEqual(expected.map((method) => method.id));
      for (const method of estimate?.ShipMethods ?? []) {
        const demo = SHIP_METHODS.find((candidate) => candidate.id === method.ID);
        expect(method.EstimatedTransitDays).toBe(demo?.estimatedTransitDays[country]);
        expect(method.xp?.Currency).toBe(currency);
        const cost = demo ? shippingCost(demo, weight, currency) : null;
        expect(toMinorUnits(method.Cost, currency)).toBe(cost);
      }
    });

    it('prices every line, shipping and VAT through the price service', async () => {
      const shipMethodId = 'STANDARD-PARCEL';
      const response = await signedPost(
        world.middleware,
        '/OrderCalculate',
        event(companyId, currency, country, shipMethodId),
      );
      expect(response.statusCode, response.body).toBe(200);
      const answer = OrderCalculateResponse.parse(response.json());
      const calculated = await priceServiceCalculation(companyId, country, shipMethodId);
      const minor = (amount: number) => toMinorUnits(amount, currency);
      expect(minor(answer.ShippingTotal ?? -1)).toBe(minor(calculated.shippingPrice.amount));
      const tax =
        calculated.lines.reduce((sum, line) => sum + minor(line.taxTotal.amount), 0) +
        minor(calculated.shippingVat.amount);
      expect(minor(answer.TaxTotal ?? -1)).toBe(tax);
      expect(tax).toBeGreaterThan(0);
      expect(answer.FeeTotal).toBe(0);
      expect(answer.LineItemOverrides).toEqual(
        calculated.lines.map((line) => ({ LineItemID: line.lineId, UnitPrice: line.price.amount })),
      );
    });

    it("takes promotion discounts off the VAT base (a line's own, and the order's shared by net)", async () => {
      const shipMethodId = 'STANDARD-PARCEL';
      const calculated = await priceServiceCalculation(companyId, country, shipMethodId);
      const minor = (amount: number) => toMinorUnits(amount, currency);
      const [first, second] = calculated.lines;
      if (!first || !second) throw new Error('two lines expected');
      const net = (line: typeof first) => minor(line.price.amount) * line.quantity;
      // 10 % of the second line off that line, and as much again off the whole order.
      const lineDiscount = Math.round(net(second) / 10);
      const orderLevel = lineDiscount;
      const discounted = event(companyId, currency, country, shipMethodId);
      discounted.OrderWorksheet.Order = {
        ...discounted.OrderWorksheet.Order,
        PromotionDiscount: (lineDiscount + orderLevel) / 100,
      } as typeof discounted.OrderWorksheet.Order;
      discounted.OrderWorksheet.LineItems = discounted.OrderWorksheet.LineItems.map((line) =>
        line.ID === 'line-2' ? { ...line, PromotionDiscount: lineDiscount / 100 } : line,
      );
      const response = await signedPost(world.middleware, '/OrderCalculate', discounted);
      expect(response.statusCode, response.body).toBe(200);
      const answer = OrderCalculateResponse.parse(response.json());
      const totalNet = net(first) + net(second);
      const vatOn = (line: typeof first, base: number) =>
        Math.round((minor(line.taxTotal.amount) * base) / net(line));
      const expected =
        vatOn(first, net(first) - Math.round((orderLevel * net(first)) / totalNet)) +
        vatOn(second, net(second) - lineDiscount - Math.round((orderLevel * net(second)) / totalNet)) +
        minor(calculated.shippingVat.amount);
      expect(Math.abs(minor(answer.TaxTotal ?? -1) - expected)).toBeLessThanOrEqual(1);
      const undiscounted =
        calculated.lines.reduce((sum, line) => sum + minor(line.taxTotal.amount), 0) +
        minor(calculated.shippingVat.amount);
      expect(minor(answer.TaxTotal ?? -1)).toBeLessThan(undiscounted);
    });

    it('prices the lines without shipping while no ship method is selected', async () => {
      const response = await signedPost(
        world.middleware,
        '/OrderCalculate',
        event(companyId, currency, country),
      );
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ ShippingTotal: 0 });
    });

    it('refuses a call with a wrong X-oc-hash and changes nothing', async () => {
      for (const path of ['/ShippingRates', '/OrderCalculate', '/OrderSubmit']) {
        const response = await signedPost(
          world.middleware,
          path,
          event(companyId, currency, country),
          'wrong-key!',
        );
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({ type: 'urn:actuate:problem:invalid-signature' });
      }
      const unsigned = await world.middleware.inject({
        method: 'POST',
        url: '/OrderCalculate',
        payload: event(companyId, currency, country),
      });
      expect(unsigned.statusCode).toBe(401);
    });
  },
);

describe('checkout integration errors', () => {
  it('answers malformed JSON with a 400 once the signature matches', async () => {
    const raw = '{"not json';
    const { ocHash } = await import('@actuate/contracts/signatures');
    const { HASH_KEY } = await import('../support/harness.ts');
    const response = await world.middleware.inject({
      method: 'POST',
      url: '/OrderCalculate',
      headers: { 'content-type': 'application/json', 'x-oc-hash': ocHash(HASH_KEY, raw) },
      payload: raw,
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers 422 for a company the platform does not know', async () => {
    const response = await signedPost(world.middleware, '/OrderCalculate', event('nobody', 'DKK', 'DK'));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ type: 'urn:actuate:problem:unknown-company' });
  });
});
