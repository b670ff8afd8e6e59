import { fromMinorUnits } from '@actuate/contracts';
import type * as repository from './repository.ts';

/** Row → OrderCloud entity conversions of subscriptions, their items and the integration. */

export function toSubscription(
  row: repository.SubscriptionRow,
  projected: { total: number; currency: string } | undefined,
  notificationDays: number,
) {
  return {
    ID: row.id,
    Frequency: row.frequency,
    Interval: row.interval,
    NextOrderDate: row.nextOrderDate.toISOString(),
    LastOrderDate: row.lastOrderDate?.toISOString() ?? null,
    NotificationDate: new Date(row.nextOrderDate.getTime() - notificationDays * 86_400_000).toISOString(),
    DateCreated: row.dateCreated.toISOString(),
    EndDate: row.endDate?.toISOString() ?? null,
    Active: row.active,
    FromCompanyID: row.fromCompanyId,
    FromUserID: row.fromUserId,
    ToCompanyID: row.toCompanyId,
    Payment: row.payment ?? null,
    BillingAddressID: row.billingAddressId,
    ShippingAddressID: row.shippingAddressId,
    ProjectedSubtotal: projected ? fromMinorUnits(projected.total, projected.currency) : 0,
    xp: row.xp,
  };
}
export type SubscriptionEntity = ReturnType<typeof toSubscription>;

export function toItem(row: repository.ItemRow) {
  const money = (minor: number) => fromMinorUnits(minor, row.currency);
  return {
    ID: row.id,
    ProductID: row.productId,
    Quantity: row.quantity,
    DateAdded: row.dateAdded.toISOString(),
    QuantityShipped: 0,
    UnitPrice: row.unitPrice === null ? null : money(row.unitPrice),
    PromotionDiscount: 0,
    LineTotal: money(row.lineSubtotal),
    LineSubtotal: money(row.lineSubtotal),
    CostCenter: row.costCenter,
    DateNeeded: null,
    ShippingAccount: null,
    ShippingAddressID: row.shippingAddressId,
    ShipFromAddressID: null,
    Product: row.product,
    Variant: null,
    ShippingAddress: null,
    ShipFromAddress: null,
    SupplierID: null,
    InventoryRecordID: null,
    PriceScheduleID: row.priceScheduleId,
    IsOnSale: false,
    PriceOverridden: false,
    Specs: row.specs,
    xp: row.xp,
  };
}

export function toIntegration(row: repository.IntegrationRow) {
  return {
    ApiClientID: row.apiClientId,
    HashKey: row.hashKey,
    ElevatedRoles: row.elevatedRoles,
    Active: row.active,
    NotificationDays: row.notificationDays,
    Url: row.url,
    xp: row.xp,
    CustomAuthHeaderName: row.customAuthHeaderName,
    CustomAuthHeaderValue: row.customAuthHeaderValue,
  };
}
