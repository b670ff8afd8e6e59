/**
 * Line item pricing: the unit price and line subtotal from the price schedule, the chosen spec
 * options' markups, sale and subscription prices, and a price override (docs/domain.md, prices on a line;
 * oc-documentation working-with-specs.mdx "Pricing Summary"; OrderCloud .NET SDK Models.cs).
 */
import {
  BASIS_POINTS_PER_WHOLE,
  multiplyMinorUnits,
  multiplyRatio,
  percentToBasisPoints,
  sumMinorUnits,
} from '@actuate/contracts';
import { assertInteger, ok } from './internal.ts';
import { checkQuantity } from './quantity.ts';
import { choosePriceBreak, isOnSale } from './schedule.ts';
import {
  type PriceBreak,
  type PriceSchedule,
  PricingInputError,
  type Result,
  type SpecMarkup,
} from './types.ts';

/** Unit price and line subtotal, in minor units. */
export interface MarkedUpPrice {
  readonly unitPrice: number;
  readonly lineSubtotal: number;
}

/**
 * Adds the markups of the chosen spec options to the base unit price P (the break's price) for
 * quantity q (≥ 1). Per markup type (m = PriceMarkup):
 *
 * | Type              | adds to UnitPrice     | adds to LineSubtotal |
 * |-------------------|-----------------------|----------------------|
 * | NoMarkup / absent | 0 (m ignored)         | 0                    |
 * | AmountPerQuantity | m                     | m·q                  |
 * | AmountTotal       | m/q, rounded          | m (exactly, once)    |
 * | Percentage        | P·m/100, rounded      | (that rounded) · q   |
 *
 * Several specs add up (our choice: the docs show one spec only). Every Percentage applies to the
 * base P, never to an already marked-up price (no compounding); the percentages are summed and
 * rounded once. The AmountTotal markups are summed and divided by q once. Rounding is
 * `roundHalfAwayFromZero` from `@actuate/contracts` (to whole minor units, whatever the currency's
 * exponent). So:
 *
 *   U0           = P + Σ AmountPerQuantity + round(P · Σ percent / 100)
 *   LineSubtotal = U0 · q + Σ AmountTotal       (from the schedule price, not from UnitPrice)
 *   UnitPrice    = U0 + round(Σ AmountTotal / q)
 *
 * Without AmountTotal markups LineSubtotal = UnitPrice · q exactly; with them the two may differ
 * by at most q/2 minor units, as OrderCloud documents.
 */
export function applyMarkups(
  basePrice: number,
  quantity: number,
  specs: readonly SpecMarkup[] = [],
): MarkedUpPrice {
  assertInteger(quantity, 'quantity');
  if (quantity < 1) throw new PricingInputError(`quantity must be at least 1 to apply markups: ${quantity}`);
  const perUnit: number[] = [];
  const total: number[] = [];
  let basisPoints = 0;
  for (const spec of specs) {
    const markup = spec.PriceMarkup ?? 0;
    switch (spec.PriceMarkupType ?? 'NoMarkup') {
      case 'NoMarkup':
        break;
      case 'AmountPerQuantity':
        perUnit.push(markup);
        break;
      case 'AmountTotal':
        total.push(markup);
        break;
      case 'Percentage':
        basisPoints += percentToBasisPoints(markup);
        break;
      default:
        throw new PricingInputError(`Unknown PriceMarkupType: ${String(spec.PriceMarkupType)}`);
    }
  }
  const unitBeforeTotal = sumMinorUnits([
    basePrice,
    ...perUnit,
    multiplyRatio(basePrice, basisPoints, BASIS_POINTS_PER_WHOLE),
  ]);
  const amountTotal = sumMinorUnits(total);
  return {
    unitPrice: sumMinorUnits([unitBeforeTotal, multiplyRatio(amountTotal, 1, quantity)]),
    lineSubtotal: sumMinorUnits([multiplyMinorUnits(unitBeforeTotal, quantity), amountTotal]),
  };
}

/** Where the base unit price came from. */
export type UnitPriceSource = 'Price' | 'SalePrice' | 'SubscriptionPrice' | 'Override';

/** The input of {@link priceLineItem}; money in minor units. */
export interface PriceLineItemInput {
  readonly schedule: PriceSchedule;
  /** The line's Quantity. */
  readonly quantity: number;
  /**
   * Summed Quantity of all lines of this product on the order, this line included. Read only when
   * the schedule has `UseCumulativeQuantity`; defaults to `quantity`.
   */
  readonly cumulativeQuantity?: number;
  /** Markups of the chosen spec options (LineItem.Specs). */
  readonly specs?: readonly SpecMarkup[];
  /** The moment of pricing, for the sale window. */
  readonly now: Date;
  /** True when a subscription creates the order. */
  readonly subscription?: boolean;
  /**
   * A unit price set by a user with the OverrideUnitPrice role (the core checks the role). It
   * replaces the calculated UnitPrice, markups included, and LineSubtotal = override · Quantity.
   */
  readonly overrideUnitPrice?: number | null;
}

/** A priced line item; money in minor units. */
export interface LineItemPrice {
  /** LineItem.UnitPrice. */
  readonly unitPrice: number;
  /** LineItem.LineSubtotal. */
  readonly lineSubtotal: number;
  /** LineItem.IsOnSale: true when the break's SalePrice was used. */
  readonly isOnSale: boolean;
  /** Quantity of the price break that applied. */
  readonly priceBreakQuantity: number;
  /** LineItem.PriceOverridden. */
  readonly priceOverridden: boolean;
  /** The base unit price P before markups (the override, when overridden). */
  readonly basePrice: number;
  readonly priceSource: UnitPriceSource;
}

/**
 * Prices one line item, as OrderCloud does when a line is added or changed:
 * 1. {@link checkQuantity} (positive quantity, Min/Max, RestrictedQuantity; cumulative variants
 *    with `UseCumulativeQuantity`); its failure is returned as is.
 * 2. {@link choosePriceBreak} for the cumulative quantity (with `UseCumulativeQuantity`) or the
 *    line's quantity.
 * 3. The base price P of that break: `SubscriptionPrice` when `subscription` and the break has one;
 *    else `SalePrice` when the schedule {@link isOnSale} and the break has one; else `Price`.
 *    A subscription price wins over a sale price (our choice: the docs do not rank them).
 * 4. {@link applyMarkups} with the line's specs, for the line's own quantity.
 * 5. With `overrideUnitPrice`, that price replaces the result: UnitPrice = override,
 *    LineSubtotal = override · quantity, PriceOverridden = true, IsOnSale = false.
 */
export function priceLineItem(input: PriceLineItemInput): Result<LineItemPrice> {
  const { schedule, quantity } = input;
  const checked = checkQuantity(schedule, quantity, input.cumulativeQuantity ?? quantity);
  if (!checked.ok) return checked;
  const chosen = choosePriceBreak(schedule, checked.value.pricingQuantity);
  if (!chosen.ok) return chosen;
  const priceBreak = chosen.value;

  if (input.overrideUnitPrice != null) {
    const override = input.overrideUnitPrice;
    return ok({
      unitPrice: sumMinorUnits([override]),
      lineSubtotal: multiplyMinorUnits(override, quantity),
      isOnSale: false,
      priceBreakQuantity: priceBreak.Quantity,
      priceOverridden: true,
      basePrice: override,
      priceSource: 'Override',
    });
  }

  const [basePrice, priceSource] = basePriceOf(
    priceBreak,
    input.subscription === true,
    isOnSale(schedule, input.now),
  );
  const { unitPrice, lineSubtotal } = applyMarkups(basePrice, quantity, input.specs);
  return ok({
    unitPrice,
    lineSubtotal,
    isOnSale: priceSource === 'SalePrice',
    priceBreakQuantity: priceBreak.Quantity,
    priceOverridden: false,
    basePrice,
    priceSource,
  });
}

function basePriceOf(
  priceBreak: PriceBreak,
  subscription: boolean,
  onSale: boolean,
): [number, UnitPriceSource] {
  if (subscription && priceBreak.SubscriptionPrice != null) {
    return [priceBreak.SubscriptionPrice, 'SubscriptionPrice'];
  }
  if (onSale && priceBreak.SalePrice != null) return [priceBreak.SalePrice, 'SalePrice'];
  return [priceBreak.Price, 'Price'];
}
