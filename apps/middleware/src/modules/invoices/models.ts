import { z } from 'zod';

/** The locales a PDF is labelled in (the storefront's). */
export const INVOICE_LOCALES = ['en', 'da', 'de'] as const;
export type InvoiceLocale = (typeof INVOICE_LOCALES)[number];

export const DOCUMENT_KINDS = ['Invoice', 'CreditNote'] as const;

export const InvoiceParams = z.object({
  invoiceNumber: z
    .string()
    .regex(
      /^(INV|CN)-[A-Z]{3}-\d{4}-\d{6}$/,
      'Numbers look like INV-ADK-2026-000001 (invoice) or CN-ADK-2026-000001 (credit note)',
    )
    .describe('An invoice or a credit note number'),
});

export const InvoiceListQuery = z
  .object({
    kind: z.enum(DOCUMENT_KINDS).optional().describe('Only invoices or only credit notes'),
    orderId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,100}$/)
      .optional()
      .describe('Only the invoices of this web-shop order'),
    orderNumber: z.string().min(1).max(40).optional().describe('Only the invoices of this ERP sales order'),
    from: z.iso.date().optional().describe('Issued on or after (YYYY-MM-DD)'),
    to: z.iso.date().optional().describe('Issued on or before (YYYY-MM-DD)'),
    limit: z.coerce.number().int().min(1).max(100).default(20),
    offset: z.coerce.number().int().min(0).max(100_000).default(0),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: '`from` must not be after `to`',
    path: ['from'],
  });
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>;

export const PdfQuery = z.object({ locale: z.enum(INVOICE_LOCALES).default('en') });

/**
 * An invoice or credit note as the ERP issued it; amounts in minor units of `currency`, a credit note's
 * negative (what it takes off the invoice). Read-only in the shop.
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
  netAmount: z.int(),
  shippingAmount: z.int(),
  vatRateBasisPoints: z.int(),
  vatAmount: z.int(),
  totalAmount: z.int(),
  issuedAt: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
});

export const InvoicePage = z.object({
  items: z.array(InvoiceSummary),
  total: z.int(),
  limit: z.int(),
  offset: z.int(),
});
export type InvoicePage = z.infer<typeof InvoicePage>;

const Party = z.object({ name: z.string(), vatNumber: z.string(), countryCode2: z.string() });

export const InvoiceDetail = InvoiceSummary.extend({
  paymentTermsDays: z.int(),
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
      .nullable(),
  }),
  lines: z.array(
    z.object({
      lineNumber: z.int(),
      webShopLineItemId: z.string(),
      salesItemNumber: z.string(),
      description: z.string(),
      quantity: z.int(),
      unitPrice: z.int(),
      lineAmount: z.int().describe('Negative on a credit note'),
    }),
  ),
  creditNotes: z
    .array(z.object({ invoiceNumber: z.string(), issueDate: z.string(), totalAmount: z.int() }))
    .describe("An invoice's credit notes, oldest first (empty on a credit note)"),
});
export type InvoiceDetail = z.infer<typeof InvoiceDetail>;
