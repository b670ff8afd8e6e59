/**
 * Price schedule rules: which break applies, whether the schedule is on sale, and OrderCloud's
 * checks of a schedule itself (docs/domain.md, prices on a line; OrderCloud .NET SDK Models.cs and ErrorCodes.cs;
 * oc-documentation sale-prices.mdx).
 */
import { assertInteger, fail, ok, toEpochMs } from './internal.ts';
import {
  PRICING_ERROR_CODES,
  type PriceBreak,
  type PriceSchedule,
  type PricingError,
  type Result,
} from './types.ts';

/**
 * The break that prices `quantity`: the one with the largest `Quantity` that is ≤ `quantity`
 * (Headstart: `PriceBreaks.Last(pb => pb.Quantity <= qty)`). The breaks need not be sorted.
 *
 * `quantity` is the line's own quantity, or the cumulative quantity of all lines of the product
 * when the schedule has `UseCumulativeQuantity` (the caller picks; `priceLineItem` does it).
 *
 * Fails with `PriceSchedule.NoPriceBreaks` for a schedule without breaks, and with
 * `Pricing.NoApplicablePriceBreak` when every break starts above `quantity`.
 */
export function choosePriceBreak(schedule: PriceSchedule, quantity: number): Result<PriceBreak> {
  assertInteger(quantity, 'quantity');
  if (schedule.PriceBreaks.length === 0) {
    return fail(PRICING_ERROR_CODES.NoPriceBreaks, 'The price schedule has no price breaks.');
  }
  let chosen: PriceBreak | undefined;
  for (const priceBreak of schedule.PriceBreaks) {
    if (priceBreak.Quantity <= quantity && (chosen === undefined || priceBreak.Quantity > chosen.Quantity)) {
      chosen = priceBreak;
    }
  }
  if (chosen === undefined) {
    const smallest = Math.min(...schedule.PriceBreaks.map((priceBreak) => priceBreak.Quantity));
    return fail(
      PRICING_ERROR_CODES.NoApplicablePriceBreak,
      `No price break applies to quantity ${quantity}; the smallest starts at ${smallest}.`,
      { quantity, smallestBreakQuantity: smallest },
    );
  }
  return ok(chosen);
}

/**
 * OrderCloud's `PriceSchedule.IsOnSale`: `now` lies within [SaleStart, SaleEnd] (both bounds
 * inclusive; an absent bound is open) AND at least one break has a SalePrice (0 counts: a break
 * can be free while on sale).
 */
export function isOnSale(schedule: PriceSchedule, now: Date): boolean {
  const at = toEpochMs(now, 'now');
  if (!schedule.PriceBreaks.some((priceBreak) => priceBreak.SalePrice != null)) return false;
  if (schedule.SaleStart != null && at < toEpochMs(schedule.SaleStart, 'SaleStart')) return false;
  if (schedule.SaleEnd != null && at > toEpochMs(schedule.SaleEnd, 'SaleEnd')) return false;
  return true;
}

/** Options of {@link validatePriceSchedule}. */
export interface ValidatePriceScheduleOptions {
  /**
   * Also require at least one break (`PriceSchedule.NoPriceBreaks`). OrderCloud lets a schedule be
   * saved without breaks (they can be added one by one) but not be assigned to a product, so pass
   * true when the schedule is about to price something.
   */
  readonly requireBreaks?: boolean;
}

/**
 * OrderCloud's checks of a price schedule, all violations at once (empty list = valid):
 * - `PriceSchedule.DuplicatePriceBreaks`: two breaks with the same Quantity.
 * - `PriceSchedule.MinQtyMustBePositive`: there are breaks, but none with Quantity ≥ 1.
 * - `PriceSchedule.MinGreaterThanMax`: MinQuantity > MaxQuantity.
 * - `PriceSchedule.InvalidSaleStartOrSaleEnd`: SaleStart after SaleEnd.
 * - `PriceSchedule.NoPriceBreaks`: no breaks at all, only with `requireBreaks`.
 */
export function validatePriceSchedule(
  schedule: PriceSchedule,
  options: ValidatePriceScheduleOptions = {},
): readonly PricingError[] {
  const errors: PricingError[] = [];
  const quantities = schedule.PriceBreaks.map((priceBreak) => priceBreak.Quantity);
  for (const quantity of quantities) assertInteger(quantity, 'PriceBreak.Quantity');

  if (quantities.length === 0) {
    if (options.requireBreaks) {
      errors.push({
        code: PRICING_ERROR_CODES.NoPriceBreaks,
        message: 'The price schedule must have at least one price break.',
      });
    }
  } else if (!quantities.some((quantity) => quantity >= 1)) {
    errors.push({
      code: PRICING_ERROR_CODES.MinQtyMustBePositive,
      message: 'The price schedule needs a price break with a quantity of one or more.',
    });
  }

  const seen = new Set<number>();
  const duplicates = new Set<number>();
  for (const quantity of quantities) {
    if (seen.has(quantity)) duplicates.add(quantity);
    seen.add(quantity);
  }
  for (const quantity of duplicates) {
    errors.push({
      code: PRICING_ERROR_CODES.DuplicatePriceBreaks,
      message: `More than one price break has quantity ${quantity}.`,
      data: { quantity },
    });
  }

  const { MinQuantity: min, MaxQuantity: max } = schedule;
  if (min != null && max != null && min > max) {
    errors.push({
      code: PRICING_ERROR_CODES.MinGreaterThanMax,
      message: `MaxQuantity (${max}) must be greater than or equal to MinQuantity (${min}).`,
      data: { min, max },
    });
  }

  if (
    schedule.SaleStart != null &&
    schedule.SaleEnd != null &&
    toEpochMs(schedule.SaleStart, 'SaleStart') > toEpochMs(schedule.SaleEnd, 'SaleEnd')
  ) {
    errors.push({
      code: PRICING_ERROR_CODES.InvalidSaleStartOrSaleEnd,
      message: 'SaleStart must not be after SaleEnd.',
    });
  }
  return errors;
}
