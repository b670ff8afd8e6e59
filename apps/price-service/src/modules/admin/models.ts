/**
 * Admin (ERP feed) bodies: strict, every amount a decimal at most two places, percentages with at
 * most two decimals, dates ISO with offset. A batch is validated whole before anything is written.
 */
import {
  CountryCode2,
  canConvertToMinorUnits,
  Id,
  IsoDateTime,
  NonEmptyString,
  PriceCurrency,
  SalesCompanyId,
  SalesItemNumber,
} from '@actuate/contracts';
import { z } from 'zod';
import { CustomerErpId } from '../../shared/models.ts';

const MAX_BATCH = 50_000;
const FAMILY_GROUPS = ['Industrial', 'Compact', 'Medical', 'Furniture', 'Accessories'] as const;

/**
 * A non-negative decimal amount with at most two decimals, e.g. 1234.5, up to 10 million: so a unit
 * price × the largest quantity (1,000,000) stays a safe integer of minor units.
 */
const Decimal2 = z
  .number()
  .min(0)
  .max(10_000_000)
  .refine((value) => canConvertToMinorUnits(value, 'DKK'), 'Amount must have at most two decimals');

/** A percentage 0–100 with at most two decimals (whole basis points). */
const Percent = z
  .number()
  .min(0)
  .max(100)
  .refine((value) => canConvertToMinorUnits(value, 'DKK'), 'Percentage must have at most two decimals');

const Period = { validFrom: IsoDateTime, validTo: IsoDateTime.nullable().default(null) };
const periodInOrder = (value: { validFrom: string; validTo: string | null }) =>
  value.validTo === null || Date.parse(value.validTo) > Date.parse(value.validFrom);
const periodMessage = { message: 'validTo must be after validFrom', path: ['validTo'] };

const batch = <T extends z.ZodType>(item: T) => z.array(item).min(1).max(MAX_BATCH);

export const PriceListsBody = z.strictObject({
  priceLists: batch(
    z
      .strictObject({ id: Id.max(64), currency: z.literal('DKK'), ...Period })
      .refine(periodInOrder, periodMessage),
  ),
});

export const FamiliesBody = z.strictObject({
  families: batch(
    z.strictObject({ id: Id.max(64), productFamilyGroup: z.enum(FAMILY_GROUPS), basePrice: Decimal2 }),
  ),
});

export const MarkupsBody = z.strictObject({
  markups: batch(
    z.strictObject({
      familyId: Id.max(64),
      facet: NonEmptyString.max(64),
      value: NonEmptyString.max(100),
      markup: Decimal2,
    }),
  ),
});

export const SalesItemsBody = z.strictObject({
  items: batch(
    z.strictObject({
      salesItemNumber: SalesItemNumber,
      familyId: Id.max(64),
      priceListId: Id.max(64),
      grossPrice: Decimal2,
      active: z.boolean(),
      shipWeightKg: z.number().positive().max(100_000),
      configuration: z.record(z.string().min(1).max(64), z.string().min(1).max(100)).optional(),
    }),
  ),
});

export const DiscountGroupsBody = z.strictObject({
  discountGroups: batch(
    z.strictObject({
      salesCompanyId: SalesCompanyId,
      customerErpId: CustomerErpId.nullable().describe(
        'null: the sales company’s default for every customer',
      ),
      productFamilyGroup: z.enum(FAMILY_GROUPS),
      discountPercent: Percent,
    }),
  ),
});

export const NetPricesBody = z.strictObject({
  netPrices: batch(
    z
      .strictObject({
        id: Id.max(100),
        salesCompanyId: SalesCompanyId,
        customerErpId: CustomerErpId,
        salesItemNumber: SalesItemNumber,
        currency: PriceCurrency,
        price: Decimal2.describe('Net unit price in `currency`'),
        ...Period,
      })
      .refine(periodInOrder, periodMessage),
  ),
});

export const QuantityBreaksBody = z.strictObject({
  schedules: batch(
    z
      .strictObject({
        familyId: Id.max(64).optional(),
        salesItemNumber: SalesItemNumber.optional(),
        breaks: z
          .array(z.strictObject({ minQuantity: z.int().min(1).max(1_000_000), discountPercent: Percent }))
          .min(1)
          .max(100)
          .refine((breaks) => new Set(breaks.map((entry) => entry.minQuantity)).size === breaks.length, {
            message: 'minQuantity must be unique within a schedule',
          }),
      })
      .refine((schedule) => (schedule.familyId === undefined) !== (schedule.salesItemNumber === undefined), {
        message: 'A schedule belongs to exactly one of familyId or salesItemNumber',
      }),
  ),
});

export const ExchangeRatesBody = z.strictObject({
  rates: batch(
    z.strictObject({
      validFrom: IsoDateTime,
      dkkPerEur: z
        .string()
        .regex(
          /^[0-9]{1,4}(\.[0-9]{1,6})?$/,
          'DKK per EUR as a decimal string with at most six decimals, e.g. "7.4604"',
        )
        .refine((value) => /[1-9]/.test(value), 'The rate must be positive'),
    }),
  ),
});

export const VatRatesBody = z.strictObject({
  rates: batch(z.strictObject({ country: CountryCode2, ratePercent: Percent, euMember: z.boolean() })),
});

export const ShipMethodsBody = z.strictObject({
  shipMethods: batch(
    z.strictObject({
      id: Id.max(64),
      name: NonEmptyString.max(200),
      countries: z.array(CountryCode2).min(1).max(300),
      description: z.string().max(1000).optional(),
      transitDays: z.record(CountryCode2, z.int().min(0).max(365)).optional(),
      position: z.int().min(0).max(10_000).optional(),
      bands: z
        .array(
          z.strictObject({
            maxWeightKg: z.number().positive().max(1_000_000),
            costDkk: Decimal2,
            costEur: Decimal2,
          }),
        )
        .min(1)
        .max(100),
    }),
  ),
});

export const AdminAnswer = z.object({
  version: z.number().describe('The price-catalog version after the write'),
  upserted: z.number().describe('Rows written'),
});
