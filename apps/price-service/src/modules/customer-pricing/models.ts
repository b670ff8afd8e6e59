import { NonEmptyString, SalesItemNumber } from '@actuate/contracts';
import { z } from 'zod';
import { Amount, CurrencyParam, CustomerRefBody, PriceDate } from '../../shared/models.ts';

export const FamilyPriceParams = z.object({
  productFamily: NonEmptyString.describe('Product family id, e.g. HD25'),
  currency: CurrencyParam,
});

export const FamilyPriceBody = z
  .strictObject({ customer: CustomerRefBody, priceDate: PriceDate.optional() })
  .meta({
    description: 'The customer whose prices make the range; the range is at quantity 1.',
    examples: [{ customer: { salesCompanyId: 'ADK', customerErpId: 'ADK-100001' } }],
  });

export const FamilyPriceAnswer = z
  .object({ productId: z.string(), minPrice: Amount, maxPrice: Amount })
  .describe('Cheapest and dearest customer price of the family’s active sales items');

export const SalesPriceParams = z.object({
  salesItemNumber: SalesItemNumber.describe('e.g. A10001'),
  currency: CurrencyParam,
});

export const SalesPriceBody = z
  .strictObject({
    customer: CustomerRefBody,
    quantity: z
      .int()
      .min(1)
      .max(1_000_000)
      .default(1)
      .describe('Quantity ordered (decides the quantity break); default 1'),
    priceDate: PriceDate.optional(),
  })
  .meta({
    description: 'The customer, the quantity and optionally the price date.',
    examples: [{ customer: { salesCompanyId: 'ADE', customerErpId: 'ADE-100002' }, quantity: 10 }],
  });

export const SalesItemPriceAnswer = z
  .object({ salesItemNumber: z.string(), price: Amount })
  .describe('Unit price of the sales item for the customer, quantity and currency');
