import type { RequestContext } from '@actuate/service-kit';
import { unauthorized } from '@actuate/service-kit';
import { UpstreamError } from '../../clients/http.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';
import type { PdfLocale } from '../../shared/pdf-sheet.ts';
import { type ExportedOrder, orderCsv, orderPdf } from './documents.ts';

interface LineBody {
  ProductID?: string;
  Quantity?: number;
  UnitPrice?: number | null;
  LineTotal?: number | null;
  Product?: { Name?: string | null } | null;
}

export type ExportFormat = 'csv' | 'pdf';

/**
 * The buyer's cart or order as a file. Everything is read with the buyer's own token, so the platform
 * decides which orders they may read (anything else is "not found").
 */
export class OrderExportService {
  constructor(private readonly platform: PlatformClient) {}

  async read(_context: RequestContext, token: string, orderId: string): Promise<ExportedOrder | null> {
    const order = await this.platform.getOrderAs(token, orderId);
    if (order === 'unauthorized') throw unauthorized('invalid-token', 'The platform token is not valid.');
    if (!order) return null;
    const lines: LineBody[] = [];
    for (let page = 1; ; page++) {
      const answer = await this.platform.sendAs<{ Items?: LineBody[]; Meta?: { TotalPages?: number } }>(
        token,
        'GET',
        `/v1/orders/Outgoing/${encodeURIComponent(orderId)}/lineitems?pageSize=100&page=${page}`,
      );
      if (answer.status !== 200)
        throw new UpstreamError('platform', `platform refused the order's lines (${answer.status})`);
      const items = answer.body.Items ?? [];
      lines.push(...items);
      if (items.length === 0 || page >= (answer.body.Meta?.TotalPages ?? 1)) break;
    }
    const xp = (order.xp ?? {}) as Record<string, unknown>;
    return {
      id: order.ID ?? orderId,
      status: order.Status ?? 'Unsubmitted',
      currency: order.Currency ?? 'EUR',
      dateCreated: order.DateCreated ?? null,
      dateSubmitted: order.DateSubmitted ?? null,
      customerReference: typeof xp.CustomerReference === 'string' ? xp.CustomerReference : null,
      subtotal: order.Subtotal ?? 0,
      shipping: order.ShippingCost ?? 0,
      tax: order.TaxCost ?? 0,
      total: order.Total ?? 0,
      lines: lines.map((line) => ({
        salesItemNumber: line.ProductID ?? '',
        name: line.Product?.Name ?? line.ProductID ?? '',
        quantity: line.Quantity ?? 0,
        unitPrice: line.UnitPrice ?? 0,
        lineTotal: line.LineTotal ?? 0,
      })),
    };
  }

  /** The file, or null when the buyer may not read the order. */
  async file(
    context: RequestContext,
    token: string,
    orderId: string,
    format: ExportFormat,
    locale: PdfLocale,
  ): Promise<{ body: string | Uint8Array; isCart: boolean } | null> {
    const order = await this.read(context, token, orderId);
    if (!order) return null;
    const isCart = order.status === 'Unsubmitted';
    return { body: format === 'csv' ? orderCsv(order) : await orderPdf(order, locale, isCart), isCart };
  }
}
