/**
 * JSON shapes of the price service. Amounts on this wire are decimals; services convert them with
 * `money.ts` as soon as they are parsed.
 *
 * Only the answers, the path parameters and the paths are shared here; the request bodies are the
 * price service's own (the `models.ts` of its modules).
 */
import { z } from 'zod';
import { canConvertToMinorUnits } from './money.ts';
import { NonEmptyString, PriceCurrency, SalesItemNumber } from './validation.ts';

/**
 * An amount in DKK or EUR. `amount` is a decimal with at most two places (the currencies' minor
 * unit) within the safe integer range once in minor units; the sign is not restricted so the
 * same shape can carry discounts and corrections.
 */
export const MonetaryAmount = z
  .object({
    amount: z.number(),
    currency: PriceCurrency,
  })
  .refine((value) => canConvertToMinorUnits(value.amount, value.currency), {
    message: 'Amount must have at most the currency’s number of decimals (2 for DKK and EUR)',
    path: ['amount'],
  });
export type MonetaryAmount = z.infer<typeof MonetaryAmount>;

/** Answer of the product family sales price call: the price range of a product family. */
export const ProductFamilyPrice = z
  .object({
    productId: NonEmptyString,
    minPrice: MonetaryAmount,
    maxPrice: MonetaryAmount,
  })
  .refine((value) => value.minPrice.currency === value.maxPrice.currency, {
    message: 'minPrice and maxPrice must be in the same currency',
    path: ['maxPrice', 'currency'],
  })
  .refine((value) => value.minPrice.amount <= value.maxPrice.amount, {
    message: 'minPrice must not exceed maxPrice',
    path: ['maxPrice', 'amount'],
  });
export type ProductFamilyPrice = z.infer<typeof ProductFamilyPrice>;

/** Answer of the sales item calls: the price of one sales item (configuration). */
export const SalesItemPrice = z.object({
  salesItemNumber: SalesItemNumber,
  price: MonetaryAmount,
});
export type SalesItemPrice = z.infer<typeof SalesItemPrice>;

/** Answer of the gross price call: a sales item price that is always in DKK. */
export const SalesItemGrossPrice = SalesItemPrice.refine((value) => value.price.currency === 'DKK', {
  message: 'Gross prices are in DKK',
  path: ['price', 'currency'],
});
export type SalesItemGrossPrice = z.infer<typeof SalesItemGrossPrice>;

/** One calculated order line: unit price, tax per unit, tax for the line and the line total. */
export const CalculatedOrderLine = z.object({
  lineId: NonEmptyString,
  quantity: z.int().min(1),
  price: MonetaryAmount,
  tax: MonetaryAmount,
  taxTotal: MonetaryAmount,
  total: MonetaryAmount,
});
export type CalculatedOrderLine = z.infer<typeof CalculatedOrderLine>;

/** Answer of POST /ordercalculate. An order is priced in one currency, so all amounts share it. */
export const CalculatedOrder = z
  .object({
    shippingPrice: MonetaryAmount,
    shippingVat: MonetaryAmount,
    totalShipping: MonetaryAmount,
    lines: z.array(CalculatedOrderLine),
  })
  .refine(
    (order) => {
      const currency = order.shippingPrice.currency;
      const amounts = [
        order.shippingVat,
        order.totalShipping,
        ...order.lines.flatMap((line) => [line.price, line.tax, line.taxTotal, line.total]),
      ];
      return amounts.every((amount) => amount.currency === currency);
    },
    { message: 'All amounts of a calculated order must be in the same currency' },
  );
export type CalculatedOrder = z.infer<typeof CalculatedOrder>;

/** A ship method the price service prices shipping by (`GET /shipmethods`), as offered to the buyer. */
export const OfferedShipMethod = z.object({
  id: NonEmptyString,
  name: z.string(),
  description: z.string(),
  /** Business days to each destination country (two-letter code) that has an estimate. */
  estimatedTransitDays: z.record(z.string(), z.int().min(0)),
});
export type OfferedShipMethod = z.infer<typeof OfferedShipMethod>;

/** `GET /shipmethods`: every ship method, in the order they are offered. */
export const ShipMethodList = z.object({ shipMethods: z.array(OfferedShipMethod) });
export type ShipMethodList = z.infer<typeof ShipMethodList>;

// ---------------------------------------------------------------------------------------------
// Paths and path parameters of the calls
// ---------------------------------------------------------------------------------------------

export const ProductFamilySalesPriceParams = z.object({
  productFamily: NonEmptyString,
  currency: PriceCurrency,
});
export type ProductFamilySalesPriceParams = z.infer<typeof ProductFamilySalesPriceParams>;

export const SalesItemGrossPriceParams = z.object({
  salesItemNumber: SalesItemNumber,
});
export type SalesItemGrossPriceParams = z.infer<typeof SalesItemGrossPriceParams>;

export const SalesItemSalesPriceParams = z.object({
  salesItemNumber: SalesItemNumber,
  currency: PriceCurrency,
});
export type SalesItemSalesPriceParams = z.infer<typeof SalesItemSalesPriceParams>;

/** Route templates (Fastify syntax) of the price service. */
export const PRICE_SERVICE_ROUTES = {
  orderCalculate: '/ordercalculate',
  shipMethods: '/shipmethods',
  productFamilySalesPrice: '/price/product/:productFamily/salesprice/currency/:currency',
  salesItemGrossPrice: '/price/salesitem/:salesItemNumber/grossprice',
  salesItemSalesPrice: '/price/salesitem/:salesItemNumber/salesprice/currency/:currency',
} as const;

/** Concrete request paths for clients; every segment is URL-encoded. */
export const priceServicePaths = {
  orderCalculate: (): string => PRICE_SERVICE_ROUTES.orderCalculate,
  shipMethods: (): string => PRICE_SERVICE_ROUTES.shipMethods,
  productFamilySalesPrice: (productFamily: string, currency: PriceCurrency): string =>
    `/price/product/${encodeURIComponent(productFamily)}/salesprice/currency/${encodeURIComponent(currency)}`,
  salesItemGrossPrice: (salesItemNumber: string): string =>
    `/price/salesitem/${encodeURIComponent(salesItemNumber)}/grossprice`,
  salesItemSalesPrice: (salesItemNumber: string, currency: PriceCurrency): string =>
    `/price/salesitem/${encodeURIComponent(salesItemNumber)}/salesprice/currency/${encodeURIComponent(currency)}`,
};
