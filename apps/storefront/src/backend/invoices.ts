import { getConfig } from '../config';

/*
 * The ERP's invoices and credit notes through the middleware (`GET /invoices…`), always with the buyer's platform token:
 * the middleware decides from it which invoices the buyer may see (admins: the company's; others: their
 * own orders'). Read-only: the shop never writes an invoice. Amounts are minor units.
 */

export type InvoiceKind = 'Invoice' | 'CreditNote';

/** An invoice or a credit note (`kind`); a credit note's amounts are negative. */
export interface InvoiceSummary {
  readonly invoiceNumber: string;
  readonly kind: InvoiceKind;
  /** The invoice a credit note credits (null on an invoice). */
  readonly creditsInvoiceNumber: string | null;
  readonly reason: string | null;
  readonly orderNumber: string;
  readonly webShopOrderId: string;
  readonly customerReference: string | null;
  readonly currency: string;
  readonly netAmount: number;
  readonly shippingAmount: number;
  readonly vatRateBasisPoints: number;
  readonly vatAmount: number;
  readonly totalAmount: number;
  readonly issueDate: string;
  readonly dueDate: string;
}

export interface InvoicePage {
  readonly items: readonly InvoiceSummary[];
  readonly total: number;
  readonly limit: number;
  readonly offset: number;
}

interface Party {
  readonly name: string;
  readonly vatNumber: string;
  readonly countryCode2: string;
}

export interface InvoiceDetail extends InvoiceSummary {
  readonly paymentTermsDays: number;
  readonly seller: Party;
  readonly buyer: Party & {
    readonly customerErpId: string;
    readonly address: {
      readonly companyName: string | null;
      readonly street1: string;
      readonly street2: string | null;
      readonly zip: string;
      readonly city: string;
      readonly countryCode2: string;
    } | null;
  };
  readonly lines: readonly {
    readonly lineNumber: number;
    readonly salesItemNumber: string;
    readonly description: string;
    readonly quantity: number;
    readonly unitPrice: number;
    readonly lineAmount: number;
  }[];
  /** An invoice's credit notes, oldest first. */
  readonly creditNotes: readonly {
    readonly invoiceNumber: string;
    readonly issueDate: string;
    readonly totalAmount: number;
  }[];
}

export interface InvoiceFilter {
  readonly kind?: InvoiceKind;
  readonly orderId?: string;
  readonly orderNumber?: string;
  readonly from?: string;
  readonly to?: string;
  readonly page: number;
}

export const INVOICES_PER_PAGE = 20;
const TIMEOUT_MS = 8000;

function call(token: string, path: string, accept = 'application/json') {
  return fetch(`${getConfig().middlewareUrl}${path}`, {
    headers: { authorization: `Bearer ${token}`, accept, 'x-api-key': getConfig().middlewareApiKey },
    cache: 'no-store',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
}

/** A page of the buyer's invoices; throws when the middleware cannot answer. */
export async function listMyInvoices(token: string, filter: InvoiceFilter): Promise<InvoicePage> {
  const query = new URLSearchParams({
    limit: String(INVOICES_PER_PAGE),
    offset: String((filter.page - 1) * INVOICES_PER_PAGE),
  });
  for (const key of ['kind', 'orderId', 'orderNumber', 'from', 'to'] as const) {
    const value = filter[key];
    if (value) query.set(key, value);
  }
  const response = await call(token, `/invoices?${query}`);
  if (!response.ok) throw new Error(`middleware GET /invoices answered ${response.status}`);
  return (await response.json()) as InvoicePage;
}

/** The invoices and credit notes of one of the buyer's orders (none when the middleware cannot answer). */
export async function invoicesOfOrder(token: string, orderId: string): Promise<readonly InvoiceSummary[]> {
  try {
    return (await listMyInvoices(token, { orderId, page: 1 })).items;
  } catch {
    return [];
  }
}

/** The invoice, or undefined when it is not the buyer's (or unknown); throws when the middleware fails. */
export async function getMyInvoice(token: string, invoiceNumber: string): Promise<InvoiceDetail | undefined> {
  const response = await call(token, `/invoices/${encodeURIComponent(invoiceNumber)}`);
  if (response.status === 404 || response.status === 400) return undefined;
  if (!response.ok) throw new Error(`middleware GET /invoices/{id} answered ${response.status}`);
  return (await response.json()) as InvoiceDetail;
}

/** The invoice's PDF in the locale's language, straight from the middleware (status and body as it answered). */
export function fetchInvoicePdf(token: string, invoiceNumber: string, locale: string): Promise<Response> {
  return call(
    token,
    `/invoices/${encodeURIComponent(invoiceNumber)}/pdf?locale=${encodeURIComponent(locale)}`,
    'application/pdf',
  );
}
