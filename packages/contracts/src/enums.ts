/**
 * Every enumeration of the storefront contract, plus two OrderCloud enums (docs/domain.md,
 * Orders) that the platform and the storefront both need. Each one is exported three
 * ways: the value array (for selects, seeds and tests), the zod schema and the TypeScript type.
 */
import { z } from 'zod';

/** OrderCloud order status; docs/domain.md, Orders, has the transitions. */
export const ORDER_STATUSES = [
  'Unsubmitted',
  'AwaitingApproval',
  'Declined',
  'Open',
  'Completed',
  'Canceled',
] as const;
export const OrderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof OrderStatus>;

/** Status of an order as the ERP reports it back to the web shop. */
export const WEB_SHOP_STATUSES = [
  'Received',
  'Confirmed',
  'Shipped',
  'Invoiced',
  'Cancelled',
  'Submitted',
  'PartlyShipped',
] as const;
export const WebShopStatus = z.enum(WEB_SHOP_STATUSES);
export type WebShopStatus = z.infer<typeof WebShopStatus>;

/** Why an order could not (fully) be submitted to the ERP; `None` when it could. */
export const ERP_SUBMISSION_ISSUES = [
  'MissingCustomer',
  'MissingContact',
  'MissingDeliveryAddress',
  'PartiallySubmitted',
  'LineItemIssue',
  'Error',
  'None',
] as const;
export const ErpSubmissionIssue = z.enum(ERP_SUBMISSION_ISSUES);
export type ErpSubmissionIssue = z.infer<typeof ErpSubmissionIssue>;

/** Why a single line item was refused by the ERP. */
export const LINE_ITEM_ERP_ISSUES = [
  'MissingItemSalesCompany',
  'InvalidItemLifecycleStateFactory',
  'InvalidItemLifecycleStateSalesCompany',
  'InvalidItemStateSalesCompany',
  'Error',
] as const;
export const LineItemErpIssue = z.enum(LINE_ITEM_ERP_ISSUES);
export type LineItemErpIssue = z.infer<typeof LineItemErpIssue>;

/** OrderCloud payment type. */
export const PAYMENT_TYPES = ['PurchaseOrder', 'CreditCard', 'SpendingAccount'] as const;
export const PaymentType = z.enum(PAYMENT_TYPES);
export type PaymentType = z.infer<typeof PaymentType>;

/** How a spec option changes the price (formulas in docs/domain.md, Prices on a line). */
export const PRICE_MARKUP_TYPES = ['NoMarkup', 'AmountPerQuantity', 'AmountTotal', 'Percentage'] as const;
export const PriceMarkupType = z.enum(PRICE_MARKUP_TYPES);
export type PriceMarkupType = z.infer<typeof PriceMarkupType>;

/** Unit of a subscription's frequency: it runs once every Frequency × Interval. */
export const SUBSCRIPTION_INTERVALS = ['Days', 'Weeks', 'Months'] as const;
export const SubscriptionInterval = z.enum(SUBSCRIPTION_INTERVALS);
export type SubscriptionInterval = z.infer<typeof SubscriptionInterval>;

/** OrderCloud environment named in checkout and subscription integration payloads. */
export const ENVIRONMENTS = ['Sandbox', 'Staging', 'Production'] as const;
export const Environment = z.enum(ENVIRONMENTS);
export type Environment = z.infer<typeof Environment>;

/** Status in the body of the pre-submit webhook answer. */
export const PRE_SUBMIT_STATUSES = ['Success', 'Failure'] as const;
export const PreSubmitStatus = z.enum(PRE_SUBMIT_STATUSES);
export type PreSubmitStatus = z.infer<typeof PreSubmitStatus>;

/** Status of one approval step of an order (OrderCloud OrderApproval; docs/domain.md, Orders). */
export const APPROVAL_STATUSES = ['Pending', 'Approved', 'Declined'] as const;
export const ApprovalStatus = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof ApprovalStatus>;

/** Order direction path segment, read from the caller's point of view (docs/domain.md, Orders). */
export const ORDER_DIRECTIONS = ['Incoming', 'Outgoing', 'All'] as const;
export const OrderDirection = z.enum(ORDER_DIRECTIONS);
export type OrderDirection = z.infer<typeof OrderDirection>;
