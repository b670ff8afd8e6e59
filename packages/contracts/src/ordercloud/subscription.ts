/** OrderCloud Subscription and SubscriptionItem (docs/domain.md, Subscriptions). */
import { z } from 'zod';
import { PaymentType, SubscriptionInterval } from '../enums.ts';
import { Id, IsoDateTime } from '../validation.ts';
import { AnyXp, Decimal } from './common.ts';
import { LineItem } from './line-item.ts';

/** How each order a subscription creates is paid. */
export const SubscriptionPayment = z.object({
  Type: PaymentType,
  CreditCardID: Id.nullish(),
  SpendingAccountID: Id.nullish(),
});
export type SubscriptionPayment = z.infer<typeof SubscriptionPayment>;

/** A repeating order: it runs once every Frequency × Interval, until EndDate (null: never ends). */
export const Subscription = z.object({
  ID: Id.optional(),
  Frequency: z.int().min(1),
  Interval: SubscriptionInterval,
  NextOrderDate: IsoDateTime,
  /** Read-only. */
  LastOrderDate: IsoDateTime.nullish(),
  /** Read-only: NextOrderDate minus the integration's notification days. */
  NotificationDate: IsoDateTime.nullish(),
  /** Read-only. */
  DateCreated: IsoDateTime.nullish(),
  EndDate: IsoDateTime.nullish(),
  Active: z.boolean().optional(),
  FromCompanyID: Id.nullish(),
  FromUserID: Id.nullish(),
  ToCompanyID: Id.nullish(),
  Payment: SubscriptionPayment.nullish(),
  BillingAddressID: Id.nullish(),
  ShippingAddressID: Id.nullish(),
  /** Read-only. */
  ProjectedSubtotal: Decimal.nullish(),
  xp: AnyXp.nullish(),
});
export type Subscription = z.infer<typeof Subscription>;

/** Items of a subscription have the shape of line items, as in OrderCloud. */
export const SubscriptionItem = LineItem;
export type SubscriptionItem = LineItem;
