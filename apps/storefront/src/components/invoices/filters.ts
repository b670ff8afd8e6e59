import type { InvoiceFilter, InvoiceKind } from '@/backend/invoices';

const KINDS: readonly InvoiceKind[] = ['Invoice', 'CreditNote'];

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** The ERP's sales order numbers (SO-ADK-000001); anything else is taken as a web-shop order id. */
const ERP_ORDER_NUMBER = /^SO-[A-Z]{3}-\d{6}$/i;
const WEB_ORDER_ID = /^[A-Za-z0-9_-]{1,100}$/;

type Query = Record<string, string | string[] | undefined>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim();

/** The list's filter from the URL; what does not parse is left out rather than refused. */
export function parseInvoiceFilter(query: Query): InvoiceFilter & { readonly order?: string } {
  const from = first(query.from);
  const to = first(query.to);
  const order = first(query.order);
  const kind = KINDS.find((known) => known === first(query.kind)) as InvoiceKind | undefined;
  const page = Number.parseInt(first(query.page) ?? '1', 10);
  const dates = {
    ...(from && ISO_DATE.test(from) ? { from } : {}),
    ...(to && ISO_DATE.test(to) ? { to } : {}),
  };
  // A reversed range would be refused by the middleware: swap it, as the buyer meant.
  if (dates.from && dates.to && dates.from > dates.to) [dates.from, dates.to] = [dates.to, dates.from];
  const orderFilter = !order
    ? {}
    : ERP_ORDER_NUMBER.test(order)
      ? { orderNumber: order.toUpperCase(), order }
      : WEB_ORDER_ID.test(order)
        ? { orderId: order, order }
        : { order };
  return {
    ...(kind ? { kind } : {}),
    ...dates,
    ...orderFilter,
    page: Number.isFinite(page) && page >= 1 && page <= 5000 ? page : 1,
  };
}

export const isInvoiceFilterSet = (filter: ReturnType<typeof parseInvoiceFilter>) =>
  Boolean(filter.kind || filter.from || filter.to || filter.order);

/** The list URL's query for the filter (and a page). */
export function invoiceFilterQuery(filter: ReturnType<typeof parseInvoiceFilter>, page: number): string {
  const query = new URLSearchParams();
  if (filter.kind) query.set('kind', filter.kind);
  if (filter.from) query.set('from', filter.from);
  if (filter.to) query.set('to', filter.to);
  if (filter.order) query.set('order', filter.order);
  if (page > 1) query.set('page', String(page));
  const text = query.toString();
  return text ? `?${text}` : '';
}
