import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDecimal } from './money.ts';
import {
  CalculatedOrder,
  MonetaryAmount,
  ProductFamilyPrice,
  priceServicePaths,
  SalesItemGrossPrice,
  SalesItemPrice,
  SalesItemSalesPriceParams,
} from './price-service.ts';
import { ProblemDetails } from './problem-details.ts';

const dkk = (amount: number) => ({ amount, currency: 'DKK' as const });

describe('MonetaryAmount', () => {
  it('accepts any amount with at most two decimals in DKK or EUR', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.constantFrom('DKK', 'EUR'), (cents, currency) => {
        const amount = Number(formatDecimal(cents, currency));
        expect(MonetaryAmount.safeParse({ amount, currency }).success).toBe(true);
      }),
    );
  });

  it('rejects a third decimal, another currency or a non-number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e10, max: 1e10 }), fc.integer({ min: 1, max: 9 }), (cents, extra) => {
        const amount = Number(`${formatDecimal(cents, 'EUR')}${extra}`);
        expect(MonetaryAmount.safeParse({ amount, currency: 'EUR' }).success).toBe(false);
      }),
    );
    expect(MonetaryAmount.safeParse({ amount: 1, currency: 'USD' }).success).toBe(false);
    expect(MonetaryAmount.safeParse({ amount: '1.00', currency: 'DKK' }).success).toBe(false);
    expect(MonetaryAmount.safeParse({ amount: Number.NaN, currency: 'DKK' }).success).toBe(false);
    expect(MonetaryAmount.safeParse({ amount: 1e300, currency: 'DKK' }).success).toBe(false);
  });
});

describe('price answers', () => {
  it('parses a product family price range', () => {
    expect(
      ProductFamilyPrice.parse({ productId: 'LA36', minPrice: dkk(2450), maxPrice: dkk(6890.5) }).productId,
    ).toBe('LA36');
    expect(
      ProductFamilyPrice.safeParse({ productId: 'LA36', minPrice: dkk(7000), maxPrice: dkk(6890.5) }).success,
    ).toBe(false);
    expect(
      ProductFamilyPrice.safeParse({
        productId: 'LA36',
        minPrice: dkk(1),
        maxPrice: { amount: 2, currency: 'EUR' },
      }).success,
    ).toBe(false);
  });

  it('parses sales item prices and requires DKK for gross prices', () => {
    expect(
      SalesItemPrice.parse({ salesItemNumber: 'A12345', price: { amount: 565.3, currency: 'EUR' } }).price
        .amount,
    ).toBe(565.3);
    expect(SalesItemPrice.safeParse({ salesItemNumber: 'a12345', price: dkk(1) }).success).toBe(false);
    expect(SalesItemGrossPrice.safeParse({ salesItemNumber: 'A12345', price: dkk(4210.5) }).success).toBe(
      true,
    );
    expect(
      SalesItemGrossPrice.safeParse({ salesItemNumber: 'A12345', price: { amount: 565.3, currency: 'EUR' } })
        .success,
    ).toBe(false);
  });

  it('parses a calculated order in one currency', () => {
    const order = {
      shippingPrice: dkk(200),
      shippingVat: dkk(50),
      totalShipping: dkk(250),
      lines: [
        {
          lineId: 'li-1',
          quantity: 4,
          price: dkk(4210.5),
          tax: dkk(1052.63),
          taxTotal: dkk(4210.5),
          total: dkk(21052.5),
        },
      ],
    };
    expect(CalculatedOrder.parse(order).lines).toHaveLength(1);
    expect(
      CalculatedOrder.safeParse({ ...order, shippingVat: { amount: 50, currency: 'EUR' } }).success,
    ).toBe(false);
    expect(CalculatedOrder.safeParse({ ...order, lines: [{ ...order.lines[0], quantity: 0 }] }).success).toBe(
      false,
    );
    expect(
      CalculatedOrder.safeParse({ ...order, lines: [{ ...order.lines[0], tax: dkk(1052.625) }] }).success,
    ).toBe(false);
  });
});

describe('paths', () => {
  it('builds the four paths', () => {
    expect(priceServicePaths.orderCalculate()).toBe('/ordercalculate');
    expect(priceServicePaths.productFamilySalesPrice('LA36', 'EUR')).toBe(
      '/price/product/LA36/salesprice/currency/EUR',
    );
    expect(priceServicePaths.salesItemGrossPrice('A12345')).toBe('/price/salesitem/A12345/grossprice');
    expect(priceServicePaths.salesItemSalesPrice('A12345', 'DKK')).toBe(
      '/price/salesitem/A12345/salesprice/currency/DKK',
    );
    expect(priceServicePaths.productFamilySalesPrice('LA 36/x', 'EUR')).toBe(
      '/price/product/LA%2036%2Fx/salesprice/currency/EUR',
    );
  });

  it('validates path parameters', () => {
    expect(SalesItemSalesPriceParams.safeParse({ salesItemNumber: 'A12345', currency: 'EUR' }).success).toBe(
      true,
    );
    expect(SalesItemSalesPriceParams.safeParse({ salesItemNumber: 'A12345', currency: 'USD' }).success).toBe(
      false,
    );
  });
});

describe('ProblemDetails', () => {
  it('parses a problem with extension members and keeps them', () => {
    const problem = ProblemDetails.parse({
      type: 'https://actuate.example/problems/sales-item-not-found',
      title: 'Sales item not found',
      status: 404,
      detail: 'No sales item A99999',
      instance: '/price/salesitem/A99999/grossprice',
      salesItemNumber: 'A99999',
    });
    expect(problem.salesItemNumber).toBe('A99999');
    expect(ProblemDetails.safeParse({ type: 'about:blank', title: 'Bad Request', status: 400 }).success).toBe(
      true,
    );
  });

  it('rejects a problem without type, title or a valid status', () => {
    expect(ProblemDetails.safeParse({ title: 'Bad Request', status: 400 }).success).toBe(false);
    expect(ProblemDetails.safeParse({ type: 'about:blank', status: 400 }).success).toBe(false);
    expect(ProblemDetails.safeParse({ type: 'about:blank', title: 'x', status: 99 }).success).toBe(false);
    expect(ProblemDetails.safeParse({ type: 'about:blank', title: 'x', status: '400' }).success).toBe(false);
    expect(
      ProblemDetails.safeParse({ type: 'about:blank', title: 'x', status: 400, detail: 5 }).success,
    ).toBe(false);
  });
});
