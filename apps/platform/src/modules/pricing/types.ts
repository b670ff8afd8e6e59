/**
 * Types of the pricing module: OrderCloud's PriceSchedule, PriceBreak and spec markups with every
 * amount of money in integer minor units of the order's currency (docs/architecture.md: money is integer minor units).
 *
 * The core converts at the boundary (OrderCloud decimals ↔ minor units, with
 * `@actuate/contracts` money helpers); everything in here takes and returns safe integers.
 */
import type { PriceMarkupType } from '@actuate/contracts';

export type { PriceMarkupType };

/** One price break; every price is minor units per unit of quantity. */
export interface PriceBreak {
  /** The break applies from this quantity on (OrderCloud: integer ≥ 0). */
  readonly Quantity: number;
  /** Regular unit price. */
  readonly Price: number;
  /** Unit price while the schedule is on sale. */
  readonly SalePrice?: number | null;
  /** Unit price when a subscription creates the order. */
  readonly SubscriptionPrice?: number | null;
  /** Unit price inside a bundle. Carried for completeness; bundles are not priced here. */
  readonly BundlePrice?: number | null;
}

/** A sale bound: an ISO 8601 date-time (as OrderCloud sends it) or a Date. */
export type SaleBound = string | Date;

/** The parts of an OrderCloud PriceSchedule that pricing reads. */
export interface PriceSchedule {
  /** Smallest allowed quantity; OrderCloud's default is 1. */
  readonly MinQuantity?: number | null;
  /** Largest allowed quantity; absent means no limit. */
  readonly MaxQuantity?: number | null;
  /** When true, the quantities of all lines of the product are summed to pick the break and check Min/Max. */
  readonly UseCumulativeQuantity?: boolean | null;
  /** When true, the quantity must equal one of the break quantities. */
  readonly RestrictedQuantity?: boolean | null;
  readonly PriceBreaks: readonly PriceBreak[];
  /** Start of the sale window (inclusive); absent means open. */
  readonly SaleStart?: SaleBound | null;
  /** End of the sale window (inclusive); absent means open. */
  readonly SaleEnd?: SaleBound | null;
}

/**
 * A chosen spec option's markup, as copied onto LineItem.Specs.
 * - `AmountPerQuantity` / `AmountTotal`: `PriceMarkup` is money, in minor units (integer).
 * - `Percentage`: `PriceMarkup` is the percent exactly as OrderCloud stores it (10 means 10 %), at
 *   most two decimals; it is read exactly (as basis points), never with float arithmetic.
 * - `NoMarkup` (and a null/absent type): `PriceMarkup` is ignored.
 */
export interface SpecMarkup {
  readonly PriceMarkupType?: PriceMarkupType | null;
  readonly PriceMarkup?: number | null;
}

/** Success or a typed failure. */
export type Result<T, E = PricingError> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly error: E };

/** Failure codes that the pricing rules return (OrderCloud's own codes where one exists). */
export const PRICING_ERROR_CODES = {
  /** OrderCloud: "Line Item's Quantity must be greater than 0." */
  QuantityMustBePositive: 'LineItem.QuantityMustBePositive',
  /** OrderCloud: "Quantity given cannot be lower than the minimum as per price schedule restrictions." */
  CannotBeLessThanMin: 'PriceSchedule.CannotBeLessThanMin',
  /** OrderCloud: "Quantity given cannot exceed the maximum as per price schedule restrictions." */
  CannotExceedMax: 'PriceSchedule.CannotExceedMax',
  /** OrderCloud: "Cumulative quantity given cannot be lower than the minimum …" */
  CumulativeCannotBeLessThanMin: 'PriceSchedule.CumulativeCannotBeLessThanMin',
  /** OrderCloud: "Cumulative quantity given cannot exceed the maximum …" */
  CumulativeCannotExceedMax: 'PriceSchedule.CumulativeCannotExceedMax',
  /** OrderCloud: "Quantity not allowed as per price schedule restrictions." */
  QuantityNotAllowed: 'PriceSchedule.QuantityNotAllowed',
  /** OrderCloud: "Cumulative quantity not allowed as per price schedule restrictions." */
  CumulativeQuantityNotAllowed: 'PriceSchedule.CumulativeQuantityNotAllowed',
  /** OrderCloud: "Price breaks array cannot contain duplicate quantity values." */
  DuplicatePriceBreaks: 'PriceSchedule.DuplicatePriceBreaks',
  /** OrderCloud: "Price schedule needs to have a price break with quantity of one or greater." */
  MinQtyMustBePositive: 'PriceSchedule.MinQtyMustBePositive',
  /** OrderCloud: "Max Quantity must be greater than or equal to min quantity." */
  MinGreaterThanMax: 'PriceSchedule.MinGreaterThanMax',
  /** OrderCloud: "The SaleStart DateTime must be before the SaleEnd DateTime." */
  InvalidSaleStartOrSaleEnd: 'PriceSchedule.InvalidSaleStartOrSaleEnd',
  /** OrderCloud: "This Price Schedule must have at least one price break …" */
  NoPriceBreaks: 'PriceSchedule.NoPriceBreaks',
  /**
   * Platform code (OrderCloud has none): the schedule has breaks, but every one starts above the
   * quantity being priced, so no price applies.
   */
  NoApplicablePriceBreak: 'Pricing.NoApplicablePriceBreak',
} as const;

export type PricingErrorCode = (typeof PRICING_ERROR_CODES)[keyof typeof PRICING_ERROR_CODES];

/** A typed failure, shaped like an OrderCloud ApiError (ErrorCode, Message, Data). */
export interface PricingError {
  readonly code: PricingErrorCode;
  readonly message: string;
  /** The numbers behind the failure, e.g. `{ quantity: 0 }` or `{ quantity: 3, min: 5 }`. */
  readonly data?: Readonly<Record<string, number>>;
}

/**
 * Thrown (never returned) for input no caller should send: non-integer quantities, unparsable
 * dates, a cumulative quantity below the line's own. Money that is not a safe integer makes the
 * contracts helpers throw `MoneyError` instead.
 */
export class PricingInputError extends Error {
  override name = 'PricingInputError';
}
