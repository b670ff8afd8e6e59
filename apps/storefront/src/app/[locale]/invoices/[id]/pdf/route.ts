import { NO_STORE, passFileOn } from '@/backend/file-response';
import { fetchInvoicePdf } from '@/backend/invoices';
import { getBuyerSession } from '@/backend/session';
import { localeOrDefault } from '@/i18n/routing';

/** An invoice (INV-…) or credit note (CN-…) number. */
const INVOICE_NUMBER = /^(INV|CN)-[A-Z]{3}-\d{4}-\d{6}$/;

/**
 * The invoice or credit note as a PDF download in the page's language. The middleware renders it and decides, from the
 * buyer's token, whether the buyer may have it; this handler only passes the answer on.
 */
export async function GET(_request: Request, { params }: RouteContext<'/[locale]/invoices/[id]/pdf'>) {
  const { locale: rawLocale, id } = await params;
  const locale = localeOrDefault(rawLocale);
  const invoiceNumber = decodeURIComponent(id);
  if (!INVOICE_NUMBER.test(invoiceNumber))
    return new Response('Not found', { status: 404, headers: NO_STORE });
  const buyer = await getBuyerSession();
  if (!buyer) return new Response('Sign in first', { status: 401, headers: NO_STORE });
  let upstream: Response;
  try {
    upstream = await fetchInvoicePdf(buyer.token, invoiceNumber, locale);
  } catch (error) {
    console.warn(`[invoices] pdf ${invoiceNumber} failed: ${String(error)}`);
    return new Response('The invoice cannot be fetched right now', { status: 502, headers: NO_STORE });
  }
  return passFileOn(upstream, 'The invoice cannot be fetched right now', {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${invoiceNumber}.pdf"`,
  });
}
