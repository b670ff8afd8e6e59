import { CurrencyCode, SalesItemNumber } from '@actuate/contracts';
import { z } from 'zod';
import { Amount } from '../../shared/models.ts';

export const GrossPriceParams = z.object({ salesItemNumber: SalesItemNumber.describe('e.g. A10001') });

export const GrossPriceBody = z
  .strictObject({
    options: z
      .record(z.string().min(1).max(64), z.string().min(1).max(100))
      .default({})
      .describe(
        'Option choices of the configuration: facet key → value label (e.g. {"voltage": "48 V", "strokeLength": "300 mm"}). Facets not given keep the sales item’s value.',
      ),
    currency: CurrencyCode.default('DKK').describe(
      'Gross prices exist only in DKK; another well-formed code is a 404',
    ),
  })
  .meta({
    description: 'The configuration’s option choices on top of the sales item.',
    examples: [{ options: { voltage: '48 V', feedback: 'Dual Hall' } }, {}],
  });

export const GrossPriceAnswer = z
  .object({
    salesItemNumber: z.string(),
    price: Amount.describe('Gross price of the configuration in DKK: base price + markups'),
    basePrice: Amount.describe('The family’s base price in DKK'),
    markupPrice: Amount.describe('What the configuration’s options add to the base price, in DKK'),
  })
  .describe('Gross price (SalesItemPrice shape) with its base and markup parts');
