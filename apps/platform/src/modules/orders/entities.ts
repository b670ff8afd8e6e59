import { fromMinorUnits } from '@actuate/contracts';
import { isoOrNull } from '../../shared/dates.ts';
import type { LineItemRow, OrderRow, PaymentRow } from './repository.ts';

/** Row → OrderCloud entity conversions of orders: minor units become decimals here, and only here. */
export function toOrder(row: OrderRow) {
  const money = (minor: number) => fromMinorUnits(minor, row.currency);
  return {
    ID: row.id,
    FromUser: row.fromUser,
    FromUserID: row.fromUserId,
    FromCompanyID: row.fromCompanyId,
    ToCompanyID: row.toCompanyId,
    BillingAddressID: row.billingAddressId,
    BillingAddress: row.billingAddress,
    ShippingAddressID: row.shippingAddressId,
    Comments: row.comments,
    LineItemCount: row.lineItemCount,
    Status: row.status,
    DateCreated: row.dateCreated.toISOString(),
    DateSubmitted: isoOrNull(row.dateSubmitted),
    DateApproved: isoOrNull(row.dateApproved),
    DateDeclined: isoOrNull(row.dateDeclined),
    DateCanceled: isoOrNull(row.dateCanceled),
    DateCompleted: isoOrNull(row.dateCompleted),
    LastUpdated: row.lastUpdated.toISOString(),
    Subtotal: money(row.subtotal),
    ShippingCost: money(row.shippingCost),
    TaxCost: money(row.taxCost),
    Gratuity: money(row.gratuity),
    Fees: money(row.fees),
    PromotionDiscount: money(row.promotionDiscount),
    Currency: row.currency,
    Total: money(row.total),
    IsSubmitted: row.isSubmitted,
    SubscriptionID: row.subscriptionId,
    xp: row.xp,
  };
}
export type OrderEntity = ReturnType<typeof toOrder>;

export function toLineItem(row: LineItemRow, currency: string) {
  const money = (minor: number) => fromMinorUnits(minor, currency);
  return {
    ID: row.id,
    ProductID: row.productId,
    Quantity: row.quantity,
    DateAdded: row.dateAdded.toISOString(),
    QuantityShipped: row.quantityShipped,
    UnitPrice: row.unitPrice === null ? null : money(row.unitPrice),
    PromotionDiscount: money(row.promotionDiscount),
    LineTotal: money(row.lineTotal),
    LineSubtotal: money(row.lineSubtotal),
    CostCenter: row.costCenter,
    DateNeeded: isoOrNull(row.dateNeeded),
    ShippingAccount: null,
    ShippingAddressID: row.shippingAddressId,
    ShipFromAddressID: null,
    Product: row.product,
    Variant: null,
    ShippingAddress: row.shippingAddress,
    ShipFromAddress: null,
    SupplierID: null,
    InventoryRecordID: null,
    PriceScheduleID: row.priceScheduleId,
    IsOnSale: row.isOnSale,
    PriceOverridden: row.priceOverridden,
    Specs: row.specs,
    xp: row.xp,
  };
}
export type LineItemEntity = ReturnType<typeof toLineItem>;

export function toPayment(row: PaymentRow, currency: string) {
  return {
    ID: row.id,
    Type: row.type,
    CreditCardID: row.creditCardId,
    SpendingAccountID: row.spendingAccountId,
    Description: row.description,
    Currency: currency,
    Amount: row.amount === null ? null : fromMinorUnits(row.amount, currency),
    Accepted: row.accepted,
    OrderReturnID: null,
    DateCreated: row.dateCreated.toISOString(),
    Transactions: row.transactions.map((transaction) => ({
      ...transaction,
      Amount: transaction.Amount === null ? null : fromMinorUnits(transaction.Amount, transaction.Currency),
    })),
    xp: row.xp,
  };
}
