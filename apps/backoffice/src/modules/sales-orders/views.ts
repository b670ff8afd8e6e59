import type { SalesOrderView } from './models.ts';
import type { InvoiceRow, SalesOrderLineRow, SalesOrderRow, ShipmentRow } from './repository.ts';

/** A sales order as the ERP's API and callbacks show it. */
export function salesOrderView(
  order: SalesOrderRow,
  lines: SalesOrderLineRow[],
  shipments: ShipmentRow[],
  invoice: InvoiceRow | undefined,
): SalesOrderView {
  return {
    orderNumber: order.orderNumber,
    webShopOrderId: order.webShopOrderId,
    status: order.status,
    customerErpId: order.customerErpId,
    contactErpId: order.contactErpId,
    salesCompanyId: order.salesCompanyId,
    currency: order.currency,
    taxGroup: order.taxGroup,
    deliveryAddressErpId: order.deliveryAddressErpId,
    customerReference: order.customerReference,
    comments: order.comments,
    shippingCost: order.shippingCost,
    confirmedShippingDate: order.confirmedShippingDate,
    cancellationReason: order.cancellationReason,
    completedShortAt: order.completedShortAt?.toISOString() ?? null,
    lines: lines.map(lineView),
    shipments: shipments.map((row) => shipmentView(row, order.currency)),
    invoice: invoice ? invoiceView(invoice) : null,
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

const lineView = (row: SalesOrderLineRow) => ({
  lineNumber: row.lineNumber,
  webShopLineItemId: row.webShopLineItemId,
  salesItemNumber: row.salesItemNumber,
  quantity: row.quantity,
  quantityShipped: row.quantityShipped,
  unitPrice: row.unitPrice,
  lineAmount: row.unitPrice * row.quantity,
  dateNeeded: row.dateNeeded,
  costCenter: row.costCenter,
});

export const shipmentView = (row: ShipmentRow, currency: string) => ({
  erpShipmentId: row.erpShipmentId,
  carrier: row.carrier,
  trackingNumber: row.trackingNumber,
  trackingUrl: row.trackingUrl,
  containerIds: row.containerIds,
  shippedAt: row.shippedAt.toISOString(),
  cost: row.cost,
  currency,
  deliveredAt: row.deliveredAt?.toISOString() ?? null,
  lines: row.lines,
});

const invoiceView = (row: InvoiceRow) => ({
  invoiceNumber: row.invoiceNumber,
  currency: row.currency,
  netAmount: row.netAmount,
  shippingAmount: row.shippingAmount,
  vatRateBasisPoints: row.vatRateBasisPoints,
  vatAmount: row.vatAmount,
  totalAmount: row.totalAmount,
  invoiceEmail: row.invoiceEmail,
  invoicedAt: row.invoicedAt.toISOString(),
  dueDate: row.dueDate,
});
