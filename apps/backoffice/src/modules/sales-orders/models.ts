import {
  CountryCode2,
  CurrencyCode,
  ErpSubmissionIssue,
  Id,
  IsoDateTime,
  LineItemErpIssue,
  NonEmptyString,
  SalesItemNumber,
  WebShopStatus,
} from '@actuate/contracts';
import { z } from 'zod';

export const SALES_ORDER_STATUSES = [
  'Received',
  'Confirmed',
  'PartlyShipped',
  'Shipped',
  'Invoiced',
  'Cancelled',
] as const;
/** The ERP statuses: the subset of WebShopStatus the ERP reports. */
export const SalesOrderStatus = z.enum(SALES_ORDER_STATUSES);

const ErpIdShape = z
  .string()
  .regex(/^[A-Z]{3}-[0-9]{6}$/, 'ERP id must be three uppercase letters, a hyphen and six digits');

export const SubmitSalesOrderRequest = z
  .object({
    webShopOrderId: Id.describe('The web-shop (platform) order id: the idempotency key of the submission'),
    customerErpId: ErpIdShape.describe("The company's ERP customer id (company xp.ErpId)"),
    contactErpId: ErpIdShape.describe("The ordering user's ERP contact id (user xp.ErpId)"),
    currency: CurrencyCode,
    customerReference: z.string().max(100).nullish(),
    comments: z.string().max(2000).nullish(),
    orderedAt: IsoDateTime.optional(),
    shipMethodId: z.string().min(1).max(100).optional(),
    /** Shipping cost in minor units of the currency. */
    shippingCost: z.int().min(0).default(0),
    deliveryAddress: z.object({
      erpId: z.string().min(1).nullish().describe('The address xp.ErpId, when the shop has one'),
      webShopAddressId: Id.nullish(),
      companyName: z.string().nullish(),
      firstName: z.string().nullish(),
      lastName: z.string().nullish(),
      street1: NonEmptyString,
      street2: z.string().nullish(),
      city: NonEmptyString,
      zip: NonEmptyString,
      state: NonEmptyString,
      countryCode2: CountryCode2,
    }),
    lines: z
      .array(
        z.object({
          webShopLineItemId: Id,
          salesItemNumber: SalesItemNumber,
          quantity: z.int().min(1).max(100_000),
          /** Unit price in minor units of the currency (the shop's price). */
          unitPrice: z.int().min(0),
          dateNeeded: z.iso.date().nullish().describe("The buyer's requested delivery date (YYYY-MM-DD)"),
          costCenter: z.string().max(100).nullish().describe("The buyer's cost center of the line"),
        }),
      )
      .min(1)
      .max(500),
  })
  .refine((order) => new Set(order.lines.map((line) => line.webShopLineItemId)).size === order.lines.length, {
    message: 'Line item ids must be unique',
    path: ['lines'],
  });
export type SubmitSalesOrderRequest = z.infer<typeof SubmitSalesOrderRequest>;

export const SalesOrderLineView = z.object({
  lineNumber: z.number(),
  webShopLineItemId: z.string(),
  salesItemNumber: z.string(),
  quantity: z.number(),
  quantityShipped: z.number(),
  unitPrice: z.number(),
  lineAmount: z.number(),
  dateNeeded: z.string().nullable(),
  costCenter: z.string().nullable(),
});

export const ShipmentView = z.object({
  erpShipmentId: z.string(),
  carrier: z.string(),
  trackingNumber: z.string(),
  trackingUrl: z.string(),
  containerIds: z.array(z.string()),
  shippedAt: z.string(),
  /** What the carrier charges, in minor units of `currency`. */
  cost: z.number(),
  currency: z.string(),
  deliveredAt: z.string().nullable(),
  lines: z.array(
    z.object({
      lineNumber: z.number(),
      webShopLineItemId: z.string(),
      salesItemNumber: z.string(),
      quantity: z.number(),
    }),
  ),
});

export const InvoiceView = z.object({
  invoiceNumber: z.string(),
  currency: z.string(),
  netAmount: z.number(),
  shippingAmount: z.number(),
  vatRateBasisPoints: z.number(),
  vatAmount: z.number(),
  totalAmount: z.number(),
  invoiceEmail: z.string(),
  invoicedAt: z.string(),
  dueDate: z.string(),
});

export const SalesOrderView = z.object({
  orderNumber: z.string(),
  webShopOrderId: z.string(),
  status: SalesOrderStatus,
  customerErpId: z.string(),
  contactErpId: z.string(),
  salesCompanyId: z.string(),
  currency: z.string(),
  taxGroup: z.string(),
  deliveryAddressErpId: z.string(),
  customerReference: z.string().nullable(),
  comments: z.string().nullable(),
  shippingCost: z.number(),
  confirmedShippingDate: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  /** When the order was completed short (the unshipped rest will not ship). */
  completedShortAt: z.string().nullable(),
  lines: z.array(SalesOrderLineView),
  shipments: z.array(ShipmentView),
  invoice: InvoiceView.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SalesOrderView = z.infer<typeof SalesOrderView>;

export const SubmissionOutcome = z.enum(['Accepted', 'PartiallySubmitted', 'Refused']);

export const SubmissionResult = z.object({
  webShopOrderId: z.string(),
  outcome: SubmissionOutcome,
  /** What goes into the order's xp.ErpSubmissionIssue. */
  erpSubmissionIssue: ErpSubmissionIssue,
  message: z.string(),
  orderNumber: z.string().nullable(),
  webShopStatus: WebShopStatus.nullable(),
  salesCompanyId: z.string().nullable(),
  deliveryAddressErpId: z.string().nullable(),
  lines: z.array(
    z.object({
      webShopLineItemId: z.string(),
      salesItemNumber: z.string(),
      quantity: z.number(),
      /** xp.ErpLineNumber of the line, when accepted. */
      erpLineNumber: z.number().nullable(),
      /** xp.ErpSubmissionIssue of the line, when refused. */
      issue: LineItemErpIssue.nullable(),
    }),
  ),
  salesOrder: SalesOrderView.nullable(),
});
export type SubmissionResult = z.infer<typeof SubmissionResult>;

export const SubmissionLogEntry = z.object({
  id: z.number(),
  webShopOrderId: z.string(),
  orderNumber: z.string().nullable(),
  outcome: z.string(),
  issue: z.string(),
  lineIssues: z.record(z.string(), z.string()),
  submittedAt: z.string(),
});
