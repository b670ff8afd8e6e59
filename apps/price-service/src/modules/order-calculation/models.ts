import { CountryCode2, Id, PriceCurrency, SalesItemNumber, TaxGroup } from '@actuate/contracts';
import { z } from 'zod';
import { Amount, CustomerRefBody, PriceDate } from '../../shared/models.ts';

export const MAX_ORDER_LINES = 1000;

/** A weight in kg as a decimal with at most three decimals (whole grams). */
const WeightKg = z
  .number()
  .positive()
  .max(1_000_000)
  .refine(
    (kg) => Number.isInteger(Math.round(kg * 1000)) && Math.abs(kg * 1000 - Math.round(kg * 1000)) < 1e-6,
    {
      message: 'Weight must have at most three decimals (whole grams)',
    },
  );

export const OrderLineBody = z.strictObject({
  lineId: Id.max(100).describe('The order line’s id, echoed in the answer'),
  salesItemNumber: SalesItemNumber,
  quantity: z.int().min(1).max(1_000_000),
  unitWeightKg: WeightKg.optional().describe(
    'Shipping weight of one unit in kg; default: the sales item’s weight',
  ),
  agreedUnitPrice: z
    .number()
    .min(0)
    .max(10_000_000)
    .optional()
    .describe(
      'A unit price agreed with the customer (a sales-desk quote, checked by the caller), decimal in the order currency: used instead of the customer price rule; VAT and totals follow from it',
    ),
});

export const OrderCalculateBody = z
  .strictObject({
    customer: CustomerRefBody.extend({
      taxGroup: TaxGroup.describe('The customer company’s TaxGroup, e.g. DK-DOM, DE-DOM, EU-RC, EXPORT'),
      vatNumber: z.string().min(1).max(20).optional().describe('The customer’s VAT number, e.g. DE814736592'),
    }).strict(),
    currency: PriceCurrency.describe('Currency of the order: every amount of the answer is in it'),
    shipTo: z.strictObject({ country: CountryCode2.describe('Ship-to country, two letters') }),
    shipMethodId: Id.max(64).describe('STANDARD-PARCEL, EXPRESS or PALLET-FREIGHT in the demo world'),
    priceDate: PriceDate.optional(),
    lines: z
      .array(OrderLineBody)
      .min(1)
      .max(MAX_ORDER_LINES)
      .refine((lines) => new Set(lines.map((line) => line.lineId)).size === lines.length, {
        message: 'lineId must be unique within the order',
      }),
  })
  .meta({
    description:
      'The order to price: customer (with tax group and VAT number), currency, ship-to, ship method and lines.',
    examples: [
      {
        customer: {
          salesCompanyId: 'ADK',
          customerErpId: 'ADK-100001',
          taxGroup: 'DK-DOM',
          vatNumber: 'DK29403187',
        },
        currency: 'DKK',
        shipTo: { country: 'DK' },
        shipMethodId: 'STANDARD-PARCEL',
        lines: [{ lineId: 'line-1', salesItemNumber: 'A10001', quantity: 2 }],
      },
    ],
  });
export type OrderCalculateBody = z.output<typeof OrderCalculateBody>;

export const CalculatedOrderAnswer = z
  .object({
    shippingPrice: Amount,
    shippingVat: Amount,
    totalShipping: Amount,
    lines: z.array(
      z.object({
        lineId: z.string(),
        quantity: z.number(),
        price: Amount.describe('Unit price'),
        tax: Amount.describe('VAT of one unit'),
        taxTotal: Amount.describe('VAT of the line: (price × quantity) × rate, rounded once'),
        total: Amount.describe('price × quantity + taxTotal'),
      }),
    ),
  })
  .describe('Calculated order: shipping with its VAT, and per line unit price, VAT and total');
