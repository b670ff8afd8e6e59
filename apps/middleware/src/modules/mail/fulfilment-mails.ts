/**
 * Mails of the ERP's progress on an order: a shipment (to the buyer, with the carrier's tracking link)
 * and an invoice (to the company's invoice address, `xp.InvoiceEmail`).
 */
import type { ErpInvoice, ErpShipment } from '../erp/service.ts';
import { invoiceMail } from './invoice-mail.ts';
import type { MailService, MailUser, Recipient } from './service.ts';
import { shipmentMail } from './shipment-mail.ts';
import { mailLocaleOf } from './texts.ts';

export interface ShipmentMailJob {
  kind: 'shipment';
  orderId: string;
  status: string;
  shipment: ErpShipment;
}

export interface InvoiceMailJob {
  kind: 'invoice-available';
  orderId: string;
  invoice: ErpInvoice;
}

interface PlatformOrder {
  ID: string;
  FromCompanyID?: string;
  FromUserID?: string;
  FromUser?: MailUser;
  xp?: Record<string, unknown> | null;
}

/** Only http(s) links reach a mail, whatever the ERP reported. */
function httpUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

async function platformOrder(mail: MailService, orderId: string): Promise<PlatformOrder | undefined> {
  const response = await mail.platform.send<PlatformOrder>(
    'GET',
    `/v1/orders/Incoming/${encodeURIComponent(orderId)}`,
  );
  if (response.status === 404) return undefined;
  if (response.status !== 200) throw new Error(`platform answered ${response.status} for order ${orderId}`);
  return response.body;
}

export async function sendShipmentMail(mail: MailService, job: ShipmentMailJob): Promise<void> {
  const order = await platformOrder(mail, job.orderId);
  const buyer = order && (await mail.buyerOf(order.FromCompanyID, order.FromUserID, order.FromUser));
  if (!buyer) {
    mail.log.warn({ orderId: job.orderId }, 'shipment mail skipped: no order or no buyer address');
    return;
  }
  const { shipment } = job;
  const orderNumber = typeof order?.xp?.OrderNumber === 'string' ? order.xp.OrderNumber : undefined;
  await mail.deliver(`shipment:${job.orderId}:${shipment.erpShipmentId}`, 'shipment', buyer, (locale) =>
    shipmentMail(locale, {
      name: buyer.name,
      orderId: job.orderId,
      orderNumber,
      carrier: shipment.carrier ?? undefined,
      trackingNumber: shipment.trackingNumber ?? undefined,
      trackingUrl: httpUrl(shipment.trackingUrl),
      shippedAt: shipment.shippedAt ?? undefined,
      complete: job.status === 'Shipped',
      orderUrl: mail.orderUrl(locale, job.orderId),
    }),
  );
}

export async function sendInvoiceMail(mail: MailService, job: InvoiceMailJob): Promise<void> {
  const order = await platformOrder(mail, job.orderId);
  if (!order?.FromCompanyID) {
    mail.log.warn({ orderId: job.orderId }, 'invoice mail skipped: the platform has no such order');
    return;
  }
  const company = await mail.platform.send<{ Name?: string; xp?: Record<string, unknown> | null }>(
    'GET',
    `/v1/buyers/${encodeURIComponent(order.FromCompanyID)}`,
  );
  const xp = company.status === 200 ? (company.body.xp ?? {}) : {};
  // The company's invoice address (the ERP keeps it on the platform buyer); the invoice's own copy else.
  const email =
    (typeof xp.InvoiceEmail === 'string' && xp.InvoiceEmail.trim()) || job.invoice.invoiceEmail?.trim();
  if (!email) {
    mail.log.warn({ orderId: job.orderId }, 'invoice mail skipped: the company has no invoice address');
    return;
  }
  const recipient: Recipient = {
    email,
    name: (company.status === 200 && company.body.Name) || '',
    locale: mailLocaleOf({ xp }),
  };
  const { invoice } = job;
  await mail.deliver(`invoice:${invoice.invoiceNumber}`, 'invoice-available', recipient, (locale) =>
    invoiceMail(locale, {
      name: recipient.name,
      invoiceNumber: invoice.invoiceNumber,
      orderId: job.orderId,
      currency: invoice.currency,
      totalAmount: invoice.totalAmount,
      dueDate: invoice.dueDate ?? undefined,
      invoiceUrl: `${mail.storefrontUrl}/${locale}/invoices/${encodeURIComponent(invoice.invoiceNumber)}`,
    }),
  );
}
