import { z } from 'zod';

const IsoDate = z.iso.date();
const ErpId = z
  .string()
  .regex(/^[A-Z]{3}-[0-9]{6}$/, 'ERP id must be three uppercase letters, a hyphen and six digits');

const INVOICE_NUMBER = /^INV-[A-Z]{3}-\d{4}-\d{6}$/;
const DOCUMENT_NUMBER = /^(INV|CN)-[A-Z]{3}-\d{4}-\d{6}$/;

/** An invoice or a credit note number (both are read at `/erp/invoices/{number}`). */
export const DocumentNumberParams = z.object({
  invoiceNumber: z
    .string()
    .regex(
      DOCUMENT_NUMBER,
      'Numbers look like INV-ADK-2026-000001 (invoice) or CN-ADK-2026-000001 (credit note)',
    )
    .describe('An invoice or a credit note number'),
});

export const InvoiceNumberParams = z.object({
  invoiceNumber: z.string().regex(INVOICE_NUMBER, 'Invoice numbers look like INV-ADK-2026-000001'),
});

export const DOCUMENT_KINDS = ['Invoice', 'CreditNote'] as const;

/** What an operator credits: some invoiced lines (up to what is left of each) or a net amount. */
export const CreditNoteRequest = z
  .strictObject({
    reason: z
      .string()
      .trim()
      .min(1)
      .max(500)
      .describe('Why the invoice is credited (shown on the credit note)'),
    lines: z
      .array(
        z.strictObject({
          lineNumber: z.int().min(1).max(1_000_000).describe("The invoice line's number"),
          quantity: z.int().min(1).max(1_000_000).describe('How many of the invoiced units to credit'),
        }),
      )
      .min(1)
      .max(200)
      .optional(),
    amount: z
      .int()
      .min(1)
      .max(1_000_000_000)
      .optional()
      .describe(
        "A net amount to credit instead of lines (minor units, without VAT; the invoice's VAT is added)",
      ),
  })
  .refine((body) => (body.lines === undefined) !== (body.amount === undefined), {
    message: 'Give either `lines` or `amount`',
    path: ['lines'],
  })
  .refine((body) => new Set(body.lines?.map((line) => line.lineNumber)).size === (body.lines?.length ?? 0), {
    message: 'Each line at most once',
    path: ['lines'],
  });
export type CreditNoteRequest = z.infer<typeof CreditNoteRequest>;

export const InvoiceListQuery = z
  .object({
    kind: z.enum(DOCUMENT_KINDS).optional().describe('Only invoices or only credit notes'),
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

/**
 * An invoice or credit note as listed: the amounts are minor units of `currency`; a credit note's
 * amounts are negative (what it takes off the invoice).
 */
export const InvoiceSummary = z.object({
  invoiceNumber: z.string().describe('The invoice number, or the credit note number (`kind: CreditNote`)'),
  kind: z.enum(DOCUMENT_KINDS),
  creditsInvoiceNumber: z
    .string()
    .nullable()
    .describe('The invoice a credit note credits (null on an invoice)'),
  reason: z.string().nullable().describe('Why a credit note was issued (null on an invoice)'),
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
  dueDate: z
    .string()
    .describe("YYYY-MM-DD: issue date + the customer's payment terms (a credit note's: its issue date)"),
});
export type InvoiceSummary = z.infer<typeof InvoiceSummary>;

export const InvoicePage = z.object({
  items: z.array(InvoiceSummary),
  total: z.number().describe('How many invoices and credit notes match the filters'),
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
      lineAmount: z.number().describe('Negative on a credit note (a credited amount is one line numbered 0)'),
    }),
  ),
  creditNotes: z
    .array(
      z.object({
        invoiceNumber: z.string().describe('The credit note number'),
        issueDate: z.string(),
        totalAmount: z.number().describe('Negative'),
      }),
    )
    .describe("An invoice's credit notes, oldest first (empty on a credit note)"),
  creditableNetAmount: z
    .number()
    .nullable()
    .describe('Net amount (lines and shipping) still open to credit on an invoice (null on a credit note)'),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;
