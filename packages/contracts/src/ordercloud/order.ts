/** OrderCloud Order with our ERP extension (docs/domain.md, Orders; Prices on a line). */
import { z } from 'zod';
import { ErpSubmissionIssue, OrderStatus, WebShopStatus } from '../enums.ts';
import { CurrencyCode, Id, IsoDateTime, NonEmptyString, SalesCompanyId } from '../validation.ts';
import { Address } from './address.ts';
import { BuyerUser } from './buyer-user.ts';
import { Count, Decimal, NonNegativeDecimal } from './common.ts';

/** Extension of an order the ERP has accepted. */
export const SubmittedOrderXp = z.looseObject({
  OrderNumber: NonEmptyString,
  SalesCompanyId: SalesCompanyId,
  WebShopStatus: WebShopStatus,
  CustomerReference: z.string().nullish(),
  /** Set once the ERP confirms a shipping date. */
  ConfirmedShippingDate: IsoDateTime.nullish(),
});
export type SubmittedOrderXp = z.infer<typeof SubmittedOrderXp>;

/** Extension of an order whose ERP submission is still pending, with the reason. */
export const PendingOrderXp = z.looseObject({
  OrderNumber: NonEmptyString,
  ErpSubmissionIssue: ErpSubmissionIssue,
  WebShopStatus: WebShopStatus,
  CustomerReference: z.string().nullish(),
});
export type PendingOrderXp = z.infer<typeof PendingOrderXp>;

/**
 * Order xp as stored at any point of the order's life, from an empty cart to a submitted order:
 * every field optional, each one validated when present. Use `SubmittedOrderXp` or
 * `PendingOrderXp` (or the guards below) where a stage is required.
 */
export const OrderXp = z.looseObject({
  OrderNumber: NonEmptyString.optional(),
  SalesCompanyId: SalesCompanyId.optional(),
  WebShopStatus: WebShopStatus.optional(),
  ErpSubmissionIssue: ErpSubmissionIssue.optional(),
  CustomerReference: z.string().nullish(),
  ConfirmedShippingDate: IsoDateTime.nullish(),
});
export type OrderXp = z.infer<typeof OrderXp>;

export function isSubmittedOrderXp(xp: unknown): xp is SubmittedOrderXp {
  return SubmittedOrderXp.safeParse(xp).success;
}

export function isPendingOrderXp(xp: unknown): xp is PendingOrderXp {
  return PendingOrderXp.safeParse(xp).success;
}

/**
 * An order. Almost everything is read-only; money fields add up as in OrderCloud:
 * Total = Subtotal + TaxCost + ShippingCost + Gratuity + Fees − PromotionDiscount.
 */
export const Order = z.object({
  ID: Id.optional(),
  /** Read-only: the user who placed the order. */
  FromUser: BuyerUser.nullish(),
  FromUserID: Id.nullish(),
  FromCompanyID: Id.nullish(),
  ToCompanyID: Id.nullish(),
  BillingAddressID: Id.nullish(),
  /** Read-only. */
  BillingAddress: Address.nullish(),
  ShippingAddressID: Id.nullish(),
  /** The buyer's comment to the order, at most 2000 characters. */
  Comments: z.string().max(2000).nullish(),
  /** Read-only. */
  LineItemCount: Count.optional(),
  /** Read-only. */
  Status: OrderStatus.optional(),
  /** Read-only. */
  DateCreated: IsoDateTime.nullish(),
  /** Read-only: null until the order leaves the buyer (Open). */
  DateSubmitted: IsoDateTime.nullish(),
  /** Read-only. */
  DateApproved: IsoDateTime.nullish(),
  /** Read-only. */
  DateDeclined: IsoDateTime.nullish(),
  /** Read-only. */
  DateCanceled: IsoDateTime.nullish(),
  /** Read-only. */
  DateCompleted: IsoDateTime.nullish(),
  /** Read-only. */
  LastUpdated: IsoDateTime.nullish(),
  /** Read-only: Σ LineItem.LineSubtotal. */
  Subtotal: Decimal.optional(),
  /** Writable only with the OverrideShipping role. */
  ShippingCost: Decimal.nullish(),
  /** Writable only with the OverrideTax role. */
  TaxCost: Decimal.nullish(),
  Gratuity: NonNegativeDecimal.nullish(),
  /** Read-only: fees on the order or its lines (OrderCalculate FeeTotal). */
  Fees: Decimal.nullish(),
  /** Read-only: order- and line-level promotions together. */
  PromotionDiscount: Decimal.optional(),
  /** Read-only: inherited from the user placing the order. */
  Currency: CurrencyCode.nullish(),
  /** Read-only. */
  Total: Decimal.optional(),
  /** Read-only: true from Open on (docs/domain.md, Orders). */
  IsSubmitted: z.boolean().optional(),
  /** Read-only: set when a subscription created the order. */
  SubscriptionID: Id.nullish(),
  xp: OrderXp.nullish(),
});
export type Order = z.infer<typeof Order>;
