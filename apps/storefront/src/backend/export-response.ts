import { findCartOrder } from './cart';
import { NO_STORE, passFileOn } from './file-response';
import { fetchOrderExport } from './quick-order';
import { getBuyerSession } from './session';

/**
 * The buyer's cart (no order ID) or order as a CSV or PDF download. The middleware renders it and
 * reads the order with the buyer's token, so it alone decides whether the buyer may have it; this
 * only passes the answer on.
 */
export async function orderExportResponse(
  request: Request,
  locale: string,
  orderId: string | undefined,
): Promise<Response> {
  const format = new URL(request.url).searchParams.get('format');
  if (format !== 'csv' && format !== 'pdf')
    return new Response('Not found', { status: 404, headers: NO_STORE });
  const buyer = await getBuyerSession();
  if (!buyer) return new Response('Sign in first', { status: 401, headers: NO_STORE });
  try {
    const id = orderId ?? (await findCartOrder(buyer.token))?.ID;
    if (!id) return new Response('Not found', { status: 404, headers: NO_STORE });
    const upstream = await fetchOrderExport(buyer.token, id, format, locale);
    return await passFileOn(upstream, 'The file cannot be made right now', {
      'content-type': upstream.headers.get('content-type') ?? 'application/octet-stream',
      'content-disposition': upstream.headers.get('content-disposition') ?? 'attachment',
    });
  } catch (error) {
    console.warn(`[exports] ${orderId ?? 'cart'} failed: ${String(error)}`);
    return new Response('The file cannot be made right now', { status: 502, headers: NO_STORE });
  }
}
