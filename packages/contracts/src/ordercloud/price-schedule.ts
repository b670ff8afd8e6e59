/** OrderCloud PriceSchedule and PriceBreak (docs/domain.md, Prices on a line). */
import { z } from 'zod';
import { CurrencyCode, Id, IsoDateTime, NonEmptyString } from '../validation.ts';
import { AnyXp, NonNegativeDecimal } from './common.ts';

/**
 * Price from a quantity on. The break that applies is the one with the largest Quantity not above
 * the quantity priced; SalePrice replaces Price while the schedule is on sale.
 */
export const PriceBreak = z.object({
  Quantity: z.int().min(0),
  Price: NonNegativeDecimal,
  SalePrice: NonNegativeDecimal.nullish(),
  SubscriptionPrice: NonNegativeDecimal.nullish(),
  BundlePrice: NonNegativeDecimal.nullish(),
});
export type PriceBreak = z.infer<typeof PriceBreak>;

export const PriceSchedule = z
  .object({
    ID: Id.optional(),
    OwnerID: Id.nullish(),
    Name: NonEmptyString,
    ApplyTax: z.boolean().optional(),
    ApplyShipping: z.boolean().optional(),
    MinQuantity: z.int().min(1).nullish(),
    MaxQuantity: z.int().min(1).nullish(),
    UseCumulativeQuantity: z.boolean().optional(),
    RestrictedQuantity: z.boolean().optional(),
    PriceBreaks: z.array(PriceBreak),
    Currency: CurrencyCode.nullish(),
    SaleStart: IsoDateTime.nullish(),
    SaleEnd: IsoDateTime.nullish(),
    /** Read-only. */
    IsOnSale: z.boolean().optional(),
    xp: AnyXp.nullish(),
  })
  .superRefine((schedule, context) => {
    // OrderCloud's own checks: unique break quantities, and one break from quantity 1 or more.
    const quantities = schedule.PriceBreaks.map((priceBreak) => priceBreak.Quantity);
    if (new Set(quantities).size !== quantities.length) {
      context.addIssue({
        code: 'custom',
        message: 'Price break quantities must be unique',
        path: ['PriceBreaks'],
      });
    }
    if (quantities.length > 0 && !quantities.some((quantity) => quantity >= 1)) {
      context.addIssue({
        code: 'custom',
        message: 'One price break must start at quantity 1 or more',
        path: ['PriceBreaks'],
      });
    }
    if (
      schedule.MinQuantity != null &&
      schedule.MaxQuantity != null &&
      schedule.MinQuantity > schedule.MaxQuantity
    ) {
      context.addIssue({
        code: 'custom',
        message: 'MinQuantity must not exceed MaxQuantity',
        path: ['MaxQuantity'],
      });
    }
    if (
      schedule.SaleStart &&
      schedule.SaleEnd &&
      Date.parse(schedule.SaleStart) > Date.parse(schedule.SaleEnd)
    ) {
      context.addIssue({ code: 'custom', message: 'SaleStart must not be after SaleEnd', path: ['SaleEnd'] });
    }
  });
export type PriceSchedule = z.infer<typeof PriceSchedule>;
