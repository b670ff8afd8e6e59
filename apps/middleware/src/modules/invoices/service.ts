import type { RequestContext } from '@actuate/service-kit';
import type { z } from 'zod';
import type { BackofficeClient } from '../../clients/backoffice-client.ts';
import { UpstreamError } from '../../clients/http.ts';
import type { PlatformClient } from '../../clients/platform-client.ts';
import {
  type InvoiceDetail,
  InvoiceDetail as InvoiceDetailSchema,
  type InvoiceListQuery,
  type InvoiceLocale,
  InvoicePage,
} from './models.ts';
import { invoicePdf } from './pdf.ts';

/** Roles that see every invoice of their company (the storefront's buyer administrators). */
const COMPANY_WIDE_ROLES = ['BuyerAdmin', 'BuyerUserAdmin', 'FullAccess'];

/** Who reads invoices, from the platform (token → user, company, roles; ERP ids the integration owns). */
export interface InvoiceViewer {
  userId: string;
  customerErpId: string;
  /** The user's ERP contact: a shopper sees the invoices of the orders this contact placed. */
  contactErpId: string | null;
  companyWide: boolean;
}

const erpIdOf = (xp: Record<string, unknown> | undefined) =>
  typeof xp?.ErpId === 'string' ? xp.ErpId : null;

function parsed<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const result = schema.safeParse(body);
  if (!result.success)
    throw new UpstreamError('backoffice', 'the back office answered an invoice the middleware cannot read');
  return result.data;
}

/**
 * The ERP's invoices for the storefront, read-only: the company and roles come from the buyer's platform
 * token, the ERP ids from the platform records the integration alone writes. Buyer admins see the whole
 * company's invoices, everyone else those of their own orders; any other invoice is "not found".
 */
export class InvoiceService {
  constructor(
    private readonly platform: PlatformClient,
    private readonly backoffice: BackofficeClient,
  ) {}

  async viewerOfToken(token: string): Promise<InvoiceViewer | 'unauthorized' | 'forbidden'> {
    const me = await this.platform.getMe(token);
    if (!me) return 'unauthorized';
    const buyerId = me.Buyer?.ID;
    if (!buyerId || me.Active === false) return 'forbidden';
    const company = await this.platform.getBuyer(buyerId);
    const customerErpId = erpIdOf(company?.xp as Record<string, unknown> | undefined);
    if (!customerErpId) return 'forbidden';
    const roles = me.AvailableRoles ?? [];
    return {
      userId: me.ID,
      customerErpId,
      contactErpId: erpIdOf(me.xp),
      companyWide: roles.some((role) => COMPANY_WIDE_ROLES.includes(role)),
    };
  }

  async list(_context: RequestContext, viewer: InvoiceViewer, query: InvoiceListQuery): Promise<InvoicePage> {
    if (!viewer.companyWide && !viewer.contactErpId) {
      return { items: [], total: 0, limit: query.limit, offset: query.offset };
    }
    const answer = await this.backoffice.listInvoices({
      customerErpId: viewer.customerErpId,
      contactErpId: viewer.companyWide ? undefined : (viewer.contactErpId ?? undefined),
      kind: query.kind,
      webShopOrderId: query.orderId,
      orderNumber: query.orderNumber,
      from: query.from,
      to: query.to,
      limit: query.limit,
      offset: query.offset,
    });
    if (!answer.ok)
      throw new UpstreamError(
        'backoffice',
        `the back office refused the invoice list (${answer.error.status})`,
      );
    return parsed(InvoicePage, answer.value);
  }

  /** The invoice when the viewer may read it; null otherwise (unknown and not-yours look the same). */
  async get(
    _context: RequestContext,
    viewer: InvoiceViewer,
    invoiceNumber: string,
  ): Promise<InvoiceDetail | null> {
    const answer = await this.backoffice.getInvoice(invoiceNumber);
    if (!answer.ok) {
      if (answer.error.status === 404) return null;
      throw new UpstreamError(
        'backoffice',
        `the back office refused invoice ${invoiceNumber} (${answer.error.status})`,
      );
    }
    const invoice = parsed(InvoiceDetailSchema, answer.value);
    if (invoice.customerErpId !== viewer.customerErpId) return null;
    if (!viewer.companyWide && invoice.contactErpId !== viewer.contactErpId) return null;
    return invoice;
  }

  async pdf(context: RequestContext, viewer: InvoiceViewer, invoiceNumber: string, locale: InvoiceLocale) {
    const invoice = await this.get(context, viewer, invoiceNumber);
    return invoice ? invoicePdf(invoice, locale) : null;
  }
}
