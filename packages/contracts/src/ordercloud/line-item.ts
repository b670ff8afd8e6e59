/** OrderCloud LineItem with its specs and ERP extension (docs/domain.md, Prices on a line). */
import { z } from 'zod';
import { LineItemErpIssue, PriceMarkupType } from '../enums.ts';
import { Id, IsoDateTime } from '../validation.ts';
import { Address } from './address.ts';
import { Count, Decimal, NonNegativeDecimal } from './common.ts';
import { ProductXp } from './product.ts';

/**
 * The chosen option of one spec, with the markup copied from the option. OptionID is null for an
 * open-text value.
 */
export const LineItemSpec = z.object({
  SpecID: Id,
  /** Read-only: the spec's name. */
  Name: z.string().nullish(),
  OptionID: Id.nullish(),
  Value: z.string().nullish(),
  /** Read-only. */
  PriceMarkupType: PriceMarkupType.nullish(),
  /** Read-only. */
  PriceMarkup: Decimal.nullish(),
});
export type LineItemSpec = z.infer<typeof LineItemSpec>;

/** The read-only copy of the product that a line item carries. */
export const LineItemProduct = z.object({
  ID: Id.optional(),
  Name: z.string().nullish(),
  Description: z.string().nullish(),
  Returnable: z.boolean().optional(),
  QuantityMultiplier: z.int().min(1).nullish(),
  ShipWeight: NonNegativeDecimal.nullish(),
  ShipHeight: NonNegativeDecimal.nullish(),
  ShipWidth: NonNegativeDecimal.nullish(),
  ShipLength: NonNegativeDecimal.nullish(),
  DefaultSupplierID: Id.nullish(),
  ParentID: Id.nullish(),
  xp: ProductXp.optional(),
});
export type LineItemProduct = z.infer<typeof LineItemProduct>;

/** A line the ERP accepted: its line number in the ERP sales order. */
export const SubmittedLineItemXp = z.looseObject({
  ErpLineNumber: z.int().min(1),
});
export type SubmittedLineItemXp = z.infer<typeof SubmittedLineItemXp>;

/** A line the ERP refused, and why. */
export const RejectedLineItemXp = z.looseObject({
  ErpSubmissionIssue: LineItemErpIssue,
});
export type RejectedLineItemXp = z.infer<typeof RejectedLineItemXp>;

/**
 * Line item xp as stored: empty before ERP submission, then either an ERP line number or an
 * ERP issue, never both. A null is a cleared value: PATCH merges xp, so a re-submission that
 * changes a line's result writes the other key as null.
 */
export const LineItemXp = z
  .looseObject({
    ErpLineNumber: z.int().min(1).nullish(),
    ErpSubmissionIssue: LineItemErpIssue.nullish(),
  })
  .refine((xp) => xp.ErpLineNumber == null || xp.ErpSubmissionIssue == null, {
    message: 'A line item has either an ERP line number or an ERP submission issue, not both',
  });
export type LineItemXp = z.infer<typeof LineItemXp>;

export const LineItem = z.object({
  ID: Id.optional(),
  ProductID: Id,
  /** At least 1 (OrderCloud `LineItem.QuantityMustBePositive`). */
  Quantity: z.int().min(1),
  /** Read-only. */
  DateAdded: IsoDateTime.nullish(),
  /** Read-only: the sum of the line's shipment items. */
  QuantityShipped: Count.optional(),
  /** Calculated from the price schedule; writable only with the OverrideUnitPrice role. */
  UnitPrice: Decimal.nullish(),
  /** Read-only: line-level promotions on this line. */
  PromotionDiscount: Decimal.optional(),
  /** Read-only: LineSubtotal − PromotionDiscount. */
  LineTotal: Decimal.optional(),
  /** Read-only: UnitPrice × Quantity (or P·q + m for an AmountTotal markup). */
  LineSubtotal: Decimal.optional(),
  /** Free text (a buyer's cost center ID or name), at most 100 characters. */
  CostCenter: z.string().max(100).nullish(),
  /** The requested delivery date; the platform refuses a date in the past. */
  DateNeeded: IsoDateTime.nullish(),
  ShippingAccount: z.string().nullish(),
  ShippingAddressID: Id.nullish(),
  ShipFromAddressID: Id.nullish(),
  /** Read-only. */
  Product: LineItemProduct.nullish(),
  /** Read-only. */
  ShippingAddress: Address.nullish(),
  /** Read-only. */
  ShipFromAddress: Address.nullish(),
  /** Read-only. */
  SupplierID: Id.nullish(),
  InventoryRecordID: Id.nullish(),
  /** Read-only: the schedule the price came from. */
  PriceScheduleID: Id.nullish(),
  /** Read-only. */
  IsOnSale: z.boolean().optional(),
  /** Read-only: true when UnitPrice was overridden. */
  PriceOverridden: z.boolean().optional(),
  Specs: z.array(LineItemSpec).optional(),
  xp: LineItemXp.nullish(),
});
export type LineItem = z.infer<typeof LineItem>;
