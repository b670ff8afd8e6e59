/**
 * Quantity rules of a price schedule (docs/domain.md, prices on a line; OrderCloud .NET SDK ErrorCodes.cs).
 */
import { assertInteger, fail, ok } from './internal.ts';
import { PRICING_ERROR_CODES, type PriceSchedule, PricingInputError, type Result } from './types.ts';

/** What {@link checkQuantity} found acceptable. */
export interface QuantityCheck {
  /**
   * The quantity that picks the price break: the cumulative quantity when the schedule has
   * `UseCumulativeQuantity`, else the line's own quantity.
   */
  readonly pricingQuantity: number;
  /** True when `pricingQuantity` is the cumulative quantity. */
  readonly cumulative: boolean;
}

/**
 * Checks a line's quantity against its price schedule, in this order, and returns the first
 * failure:
 * 1. `LineItem.QuantityMustBePositive`: the line's Quantity is below 1.
 * 2. Min: the quantity is below MinQuantity → `PriceSchedule.CannotBeLessThanMin`
 *    (`PriceSchedule.CumulativeCannotBeLessThanMin` when cumulative).
 * 3. Max: the quantity is above MaxQuantity → `PriceSchedule.CannotExceedMax`
 *    (`PriceSchedule.CumulativeCannotExceedMax` when cumulative).
 * 4. RestrictedQuantity: the quantity is not one of the break quantities →
 *    `PriceSchedule.QuantityNotAllowed` (`PriceSchedule.CumulativeQuantityNotAllowed` when cumulative).
 *
 * With `UseCumulativeQuantity` the checks 2–4 use `cumulativeQuantity`: the summed Quantity of all
 * lines of the product on the order, this line included (OrderCloud aggregates "when determining
 * which price break applies, and when Min/Max quantities are met"). Applying the restriction to the
 * cumulative quantity as well is our reading of the SDK's `CumulativeQuantityNotAllowed` code.
 *
 * @param cumulativeQuantity defaults to `lineQuantity` (the product is on one line only); throws
 *   `PricingInputError` when it is below `lineQuantity`.
 */
export function checkQuantity(
  schedule: PriceSchedule,
  lineQuantity: number,
  cumulativeQuantity: number = lineQuantity,
): Result<QuantityCheck> {
  assertInteger(lineQuantity, 'lineQuantity');
  assertInteger(cumulativeQuantity, 'cumulativeQuantity');
  if (lineQuantity < 1) {
    return fail(PRICING_ERROR_CODES.QuantityMustBePositive, "Line Item's Quantity must be greater than 0.", {
      quantity: lineQuantity,
    });
  }
  if (cumulativeQuantity < lineQuantity) {
    throw new PricingInputError(
      `cumulativeQuantity (${cumulativeQuantity}) includes the line and cannot be below its quantity (${lineQuantity})`,
    );
  }

  const cumulative = schedule.UseCumulativeQuantity === true;
  const quantity = cumulative ? cumulativeQuantity : lineQuantity;
  const what = cumulative ? 'Cumulative quantity' : 'Quantity';

  const min = schedule.MinQuantity;
  if (min != null && quantity < min) {
    return fail(
      cumulative
        ? PRICING_ERROR_CODES.CumulativeCannotBeLessThanMin
        : PRICING_ERROR_CODES.CannotBeLessThanMin,
      `${what} ${quantity} cannot be lower than the minimum of ${min}.`,
      { quantity, min },
    );
  }
  const max = schedule.MaxQuantity;
  if (max != null && quantity > max) {
    return fail(
      cumulative ? PRICING_ERROR_CODES.CumulativeCannotExceedMax : PRICING_ERROR_CODES.CannotExceedMax,
      `${what} ${quantity} cannot exceed the maximum of ${max}.`,
      { quantity, max },
    );
  }
  if (
    schedule.RestrictedQuantity === true &&
    !schedule.PriceBreaks.some((priceBreak) => priceBreak.Quantity === quantity)
  ) {
    return fail(
      cumulative ? PRICING_ERROR_CODES.CumulativeQuantityNotAllowed : PRICING_ERROR_CODES.QuantityNotAllowed,
      `${what} ${quantity} is not allowed: it must equal one of the price break quantities.`,
      { quantity },
    );
  }
  return ok({ pricingQuantity: quantity, cumulative });
}
