import { z } from 'zod';

const IsoDate = z.iso.date();
const ErpId = z
  .string()
  .regex(/^[A-Z]{3}-[0-9]{6}$/, 'ERP id must be three uppercase letters, a hyphen and six digits');

export const InvoiceNumberParams = z.object({
  invoiceNumber: z
    .string()
    .regex(/^INV-[A-Z]{3}-\d{4}-\d{6}$/, 'Invoice numbers look like INV-ADK-2026-000001'),
});

export const InvoiceListQuery = z
  .object({
    customerErpId: ErpId.optional().describe("The customer's ERP id (company xp.ErpId)"),
    contactErpId: ErpId.optional().describe('Only invoices of orders this contact placed (user xp.ErpId)'),
    orderNumber: z.string().min(1).max(40).optional().describe('The ERP sales order number'),
    webShopOrderId: z.string().min(1).max(100).optional().describe('The web-shop order id'),
    from: IsoDate.optional().describe('Issued on or after this date (YYYY-MM-DD, UTC)'),
    to: IsoDate.optional().describe('Issued on or before this date (YYYY-MM-DD, UTC)'),
    limit: z.coerce.number().int().min(1).max(200).default(20),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: '`from` must not be after `to`',
    path: ['from'],
  });
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;

/** An invoice as listed: the amounts are minor units of `currency`. */
export const InvoiceSummary = z.object({
  invoiceNumber: z.string(),
  kind: z.literal('Invoice').describe('Credit notes are not issued by this ERP yet'),
  orderNumber: z.string(),
  webShopOrderId: z.string(),
  customerErpId: z.string(),
  contactErpId: z.string(),
  salesCompanyId: z.string(),
  customerReference: z.string().nullable(),
  currency: z.string(),
  netAmount: z.number().describe('Sum of the lines, without shipping and VAT'),
  shippingAmount: z.number(),
  vatRateBasisPoints: z.number().describe('2500 = 25 %'),
  vatAmount: z.number(),
  totalAmount: z.number(),
  issuedAt: z.string().describe('When the ERP issued the invoice (ISO 8601)'),
  issueDate: z.string().describe('YYYY-MM-DD (UTC)'),
  dueDate: z.string().describe("YYYY-MM-DD: issue date + the customer's payment terms"),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const InvoicePage = z.object({
  items: z.array(InvoiceSummary),
  total: z.number().describe('How many invoices match the filters'),
  limit: z.number(),
  offset: z.number(),
});

const Party = z.object({
  name: z.string(),
  vatNumber: z.string(),
  countryCode2: z.string(),
});

export const InvoiceDetail = InvoiceSummary.extend({
  paymentTermsDays: z.number(),
  seller: Party.extend({ salesCompanyId: z.string() }),
  buyer: Party.extend({
    customerErpId: z.string(),
    address: z
      .object({
        companyName: z.string().nullable(),
        street1: z.string(),
        street2: z.string().nullable(),
        zip: z.string(),
        city: z.string(),
        state: z.string(),
        countryCode2: z.string(),
      })
      .nullable()
      .describe("The order's delivery address"),
  }),
  lines: z.array(
    z.object({
      lineNumber: z.number(),
      webShopLineItemId: z.string(),
      salesItemNumber: z.string(),
      description: z.string(),
      quantity: z.number(),
      unitPrice: z.number(),
      lineAmount: z.number(),
    }),
  ),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;
