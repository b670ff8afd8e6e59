/**
 * Mails of the ERP's progress on an order: a shipment (to the buyer, with the carrier's tracking link),
 * an invoice and a credit note (to the company's invoice address, `xp.InvoiceEmail`).
 */
import type { ErpInvoice, ErpShipment } from '../erp/service.ts';
import { creditNoteMail } from './credit-note-mail.ts';
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

/** A credit note as the ERP's `credit-note.issued` callback carries it (`totalAmount` negative). */
export interface ErpCreditNote {
  creditNoteNumber: string;
  invoiceNumber: string;
  currency: string;
  totalAmount: number;
  invoiceEmail?: string | null;
  reason?: string | null;
}

export interface CreditNoteMailJob {
  kind: 'credit-note-available';
  orderId: string;
  creditNote: ErpCreditNote;
}

export const isErpCreditNote = (value: unknown): value is ErpCreditNote =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ErpCreditNote).creditNoteNumber === 'string' &&
  typeof (value as ErpCreditNote).invoiceNumber === 'string' &&
  typeof (value as ErpCreditNote).currency === 'string' &&
  typeof (value as ErpCreditNote).totalAmount === 'number';

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

/** The company's invoice address (the ERP keeps it on the platform buyer); the document's own copy else. */
async function invoiceRecipient(
  mail: MailService,
  orderId: string,
  documentEmail: string | null | undefined,
): Promise<Recipient | undefined> {
  const order = await platformOrder(mail, orderId);
  if (!order?.FromCompanyID) {
    mail.log.warn({ orderId }, 'invoice mail skipped: the platform has no such order');
    return undefined;
  }
  const company = await mail.platform.send<{ Name?: string; xp?: Record<string, unknown> | null }>(
    'GET',
    `/v1/buyers/${encodeURIComponent(order.FromCompanyID)}`,
  );
  const xp = company.status === 200 ? (company.body.xp ?? {}) : {};
  const email = (typeof xp.InvoiceEmail === 'string' && xp.InvoiceEmail.trim()) || documentEmail?.trim();
  if (!email) {
    mail.log.warn({ orderId }, 'invoice mail skipped: the company has no invoice address');
    return undefined;
  }
  return {
    email,
    name: (company.status === 200 && company.body.Name) || '',
    locale: mailLocaleOf({ xp }),
  };
}

const documentUrl = (mail: MailService, locale: string, number: string) =>
  `${mail.storefrontUrl}/${locale}/invoices/${encodeURIComponent(number)}`;

export async function sendInvoiceMail(mail: MailService, job: InvoiceMailJob): Promise<void> {
  const { invoice } = job;
  const recipient = await invoiceRecipient(mail, job.orderId, invoice.invoiceEmail);
  if (!recipient) return;
  await mail.deliver(`invoice:${invoice.invoiceNumber}`, 'invoice-available', recipient, (locale) =>
    invoiceMail(locale, {
      name: recipient.name,
      invoiceNumber: invoice.invoiceNumber,
      orderId: job.orderId,
      currency: invoice.currency,
      totalAmount: invoice.totalAmount,
      dueDate: invoice.dueDate ?? undefined,
      invoiceUrl: documentUrl(mail, locale, invoice.invoiceNumber),
    }),
  );
}

export async function sendCreditNoteMail(mail: MailService, job: CreditNoteMailJob): Promise<void> {
  const { creditNote } = job;
  const recipient = await invoiceRecipient(mail, job.orderId, creditNote.invoiceEmail);
  if (!recipient) return;
  await mail.deliver(
    `credit-note:${creditNote.creditNoteNumber}`,
    'credit-note-available',
    recipient,
    (locale) =>
      creditNoteMail(locale, {
        name: recipient.name,
        creditNoteNumber: creditNote.creditNoteNumber,
        invoiceNumber: creditNote.invoiceNumber,
        orderId: job.orderId,
        currency: creditNote.currency,
        creditedAmount: Math.abs(creditNote.totalAmount),
        reason: creditNote.reason ?? undefined,
        creditNoteUrl: documentUrl(mail, locale, creditNote.creditNoteNumber),
      }),
  );
}
