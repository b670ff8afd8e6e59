/** The ERP sales order of a submitted order, built from the worksheet recorded at submit. */
import { type LineItem, type OrderWorksheet, toMinorUnits } from '@actuate/contracts';
import { err, ok, type Result } from '@actuate/service-kit';
import type { CustomerCompany } from '../../shared/customers.ts';
import { salesItemNumberOf } from '../checkout-integration/service.ts';

/** Why an order cannot become a sales order (an `ErpSubmissionIssue` code and its message). */
export interface SalesOrderIssue {
  code: 'MissingContact' | 'MissingDeliveryAddress';
  message: string;
}

/** The sales order (`POST /erp/sales-orders`) of the company's order, or the first thing it lacks for the ERP. */
export function salesOrderOf(
  worksheet: OrderWorksheet,
  company: CustomerCompany,
): Result<Record<string, unknown>, SalesOrderIssue> {
  const order = worksheet.Order;
  const userXp = (order.FromUser?.xp ?? {}) as Record<string, unknown>;
  const contactErpId = typeof userXp.ErpId === 'string' ? userXp.ErpId : null;
  if (!contactErpId)
    return err({ code: 'MissingContact', message: 'The ordering user has no ERP contact id.' });
  const address = worksheet.LineItems.find((line) => line.ShippingAddress)?.ShippingAddress;
  if (!address) return err({ code: 'MissingDeliveryAddress', message: 'The order has no ship-to address.' });
  const currency = order.Currency ?? company.currency;
  const addressXp = (address.xp ?? {}) as Record<string, unknown>;
  return ok({
    webShopOrderId: order.ID,
    customerErpId: company.erpId,
    contactErpId,
    currency,
    customerReference: order.xp?.CustomerReference ?? null,
    comments: order.Comments ?? null,
    ...(order.DateSubmitted ? { orderedAt: order.DateSubmitted } : {}),
    ...(selectedShipMethod(worksheet) ? { shipMethodId: selectedShipMethod(worksheet) } : {}),
    shippingCost: toMinorUnits(order.ShippingCost ?? 0, currency),
    deliveryAddress: {
      erpId: typeof addressXp.ErpId === 'string' ? addressXp.ErpId : null,
      webShopAddressId: address.ID ?? null,
      companyName: address.CompanyName ?? null,
      firstName: address.FirstName ?? null,
      lastName: address.LastName ?? null,
      street1: address.Street1,
      street2: address.Street2 ?? null,
      city: address.City,
      zip: address.Zip,
      state: address.State,
      countryCode2: address.Country,
    },
    lines: worksheet.LineItems.map((line: LineItem) => ({
      webShopLineItemId: line.ID,
      salesItemNumber: salesItemNumberOf(line),
      quantity: line.Quantity,
      unitPrice: toMinorUnits(line.UnitPrice ?? 0, currency),
      // The buyer's requested delivery day (the date part: the ERP plans by day) and cost center.
      dateNeeded: line.DateNeeded ? line.DateNeeded.slice(0, 10) : null,
      costCenter: line.CostCenter?.trim() || null,
    })),
  });
}

function selectedShipMethod(worksheet: OrderWorksheet): string | undefined {
  return (
    worksheet.ShipEstimateResponse?.ShipEstimates?.find((estimate) => estimate.SelectedShipMethodID)
      ?.SelectedShipMethodID ?? undefined
  );
}
