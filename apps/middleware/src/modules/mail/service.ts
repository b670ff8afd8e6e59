/**
 * E-mail: every mail that follows a business write is a `mail` job enqueued in that write's
 * transaction (outbox). The job finds its recipients (through the platform), renders the mail in each
 * recipient's language and sends it over SMTP, once per (event, recipient): a failed send fails the
 * job, which pg-boss retries with back-off, skipping those already mailed. The business action
 * never waits for the mail server.
 */
import type { OrderWorksheet } from '@actuate/contracts';
import type { Database, Executor, Jobs, Transaction } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PlatformClient } from '../../clients/platform-client.ts';
import type { CheckoutEventRow } from '../checkout-integration/repository.ts';
import type { ErpCallbackBody, OrderStatusChange } from '../erp/service.ts';
import {
  type JoinRequestMailJob,
  type RegistrationMailEvent,
  type RegistrationMailJob,
  sendJoinRequestMails,
  sendRegistrationMail,
} from './account-mails.ts';
import {
  type CreditNoteMailJob,
  type InvoiceMailJob,
  isErpCreditNote,
  type ShipmentMailJob,
  sendCreditNoteMail,
  sendInvoiceMail,
  sendShipmentMail,
} from './fulfilment-mails.ts';
import type { Mailer } from './mailer.ts';
import { type QuoteMailJob, sendQuoteMail } from './quote-mails.ts';
import { claimDelivery, markSent, releaseClaim } from './repository.ts';
import {
  type SubscriptionFailedJob,
  type SubscriptionReminderJob,
  sendSubscriptionFailed,
  sendSubscriptionReminder,
} from './subscription-mails.ts';
import {
  approvalRequestedMail,
  type OrderSummary,
  orderApprovedMail,
  orderConfirmationMail,
  orderDeclinedMail,
  type RenderedMail,
} from './templates.ts';
import { type MailLocale, mailLocaleOf } from './texts.ts';

export const MAIL_QUEUE = 'mail';

export type MailJob =
  | { kind: 'order-confirmation' | 'approval-requested' | 'order-approved'; checkoutEventId: string }
  | { kind: 'order-declined'; orderId: string }
  | ShipmentMailJob
  | InvoiceMailJob
  | CreditNoteMailJob
  | RegistrationMailJob
  | JoinRequestMailJob
  | SubscriptionReminderJob
  | SubscriptionFailedJob
  | QuoteMailJob;

/** A platform user as far as mails need one. */
export interface MailUser {
  ID?: string | undefined;
  FirstName?: string | null | undefined;
  LastName?: string | null | undefined;
  Email?: string | null | undefined;
  Locale?: { Language?: string | null } | null | undefined;
  xp?: Record<string, unknown> | null | undefined;
}

export interface Recipient {
  email: string;
  name: string;
  locale: MailLocale;
}

/** Mail jobs are cheap to retry: up to about an hour and a half, backing off to 5 minutes. */
export const MAIL_QUEUE_OPTIONS = { retryLimit: 20, retryDelay: 5, retryBackoff: true, retryDelayMax: 300 };

export class MailService {
  constructor(
    readonly db: Database,
    private readonly jobs: () => Jobs,
    private readonly mailer: Mailer,
    readonly platform: PlatformClient,
    private readonly events: { event(id: string): Promise<CheckoutEventRow | undefined> },
    readonly storefrontUrl: string,
    readonly log: FastifyBaseLogger,
  ) {}

  /** Checkout listener: the buyer's confirmation, the approvers' request, the buyer's approval note. */
  async onCheckoutEvent(tx: Transaction, event: CheckoutEventRow): Promise<void> {
    const kinds: MailJob['kind'][] =
      event.eventType === 'OrderSubmit'
        ? ['order-confirmation']
        : event.eventType === 'OrderSubmitForApproval'
          ? ['order-confirmation', 'approval-requested']
          : event.eventType === 'OrderApproved'
            ? ['order-approved']
            : [];
    for (const kind of kinds) await this.enqueue(tx, { kind, checkoutEventId: event.id } as MailJob);
  }

  /** In the transaction that records the decline. */
  onOrderDeclined(tx: Transaction, orderId: string): Promise<void> {
    return this.enqueue(tx, { kind: 'order-declined', orderId });
  }

  /** ERP status listener: a shipment mails the buyer, an invoice the company's invoice address. */
  async onOrderStatus(tx: Transaction, orderId: string, change: OrderStatusChange): Promise<void> {
    if (change.shipment) {
      await this.enqueue(tx, { kind: 'shipment', orderId, status: change.status, shipment: change.shipment });
    }
    if (change.invoice)
      await this.enqueue(tx, { kind: 'invoice-available', orderId, invoice: change.invoice });
  }

  /** ERP callback listener: a credit note mails the company's invoice address, like an invoice. */
  async onErpCallback(tx: Transaction, body: ErpCallbackBody): Promise<void> {
    if (body.type !== 'credit-note.issued') return;
    const { webShopOrderId, creditNote } = body.data;
    if (typeof webShopOrderId !== 'string' || !isErpCreditNote(creditNote)) return;
    await this.enqueue(tx, { kind: 'credit-note-available', orderId: webShopOrderId, creditNote });
  }

  /** Registration listener (in the write that changed the registration). */
  async onRegistration(
    executor: Executor,
    registrationId: string,
    event: RegistrationMailEvent | 'join-requested',
  ) {
    if (event === 'join-requested') {
      await this.enqueue(executor, { kind: 'join-request', registrationId });
    } else {
      await this.enqueue(executor, { kind: 'registration', registrationId, event });
    }
  }

  /** Subscription listener: the platform made no order, or its order was refused. */
  onSubscriptionOrderFailed(
    executor: Executor,
    failure: { subscriptionId: string; orderId: string | null; failureId: string | null },
  ): Promise<void> {
    return this.enqueue(executor, { kind: 'subscription-order-failed', ...failure });
  }

  /** Quote listener (in the write that changed the quote). */
  onQuote(executor: Executor, job: Omit<QuoteMailJob, 'kind'>): Promise<void> {
    return this.enqueue(executor, { kind: 'quote', ...job });
  }

  private async enqueue(executor: Executor, job: MailJob): Promise<void> {
    await this.jobs().enqueue(executor, MAIL_QUEUE, job);
  }

  async handleJob(job: MailJob): Promise<void> {
    switch (job.kind) {
      case 'order-declined':
        return this.sendDeclined(job.orderId);
      case 'shipment':
        return sendShipmentMail(this, job);
      case 'invoice-available':
        return sendInvoiceMail(this, job);
      case 'credit-note-available':
        return sendCreditNoteMail(this, job);
      case 'registration':
        return sendRegistrationMail(this, job);
      case 'join-request':
        return sendJoinRequestMails(this, job);
      case 'subscription-reminder':
        return sendSubscriptionReminder(this, job);
      case 'subscription-order-failed':
        return sendSubscriptionFailed(this, job);
      case 'quote':
        return sendQuoteMail(this, job);
      default:
        return this.sendOrderMail(job);
    }
  }

  private async sendOrderMail(job: {
    kind: 'order-confirmation' | 'approval-requested' | 'order-approved';
    checkoutEventId: string;
  }): Promise<void> {
    const event = await this.events.event(job.checkoutEventId);
    if (!event) {
      this.log.warn({ checkoutEventId: job.checkoutEventId }, 'mail job for an unknown checkout event');
      return;
    }
    const worksheet = event.worksheet as OrderWorksheet;
    const order = worksheet.Order;
    const orderId = event.orderId;
    const buyer = await this.buyerOf(
      order.FromCompanyID,
      order.FromUserID ?? order.FromUser?.ID,
      order.FromUser,
    );
    if (job.kind === 'approval-requested') return this.sendApprovalRequests(event, worksheet, buyer);
    if (!buyer) {
      this.log.warn({ orderId }, 'order mail skipped: the buyer has no e-mail address');
      return;
    }
    if (job.kind === 'order-confirmation') {
      // One confirmation per order: a resubmission after a decline does not confirm again.
      await this.deliver(`order-confirmation:${orderId}`, 'order-confirmation', buyer, (locale) =>
        orderConfirmationMail(locale, {
          name: buyer.name,
          order: orderSummary(worksheet),
          orderUrl: this.orderUrl(locale, orderId),
          awaitingApproval: event.eventType === 'OrderSubmitForApproval',
        }),
      );
    } else {
      await this.deliver(`order-approved:${event.id}`, 'order-approved', buyer, (locale) =>
        orderApprovedMail(locale, { name: buyer.name, orderId, orderUrl: this.orderUrl(locale, orderId) }),
      );
    }
  }

  private async sendApprovalRequests(
    event: CheckoutEventRow,
    worksheet: OrderWorksheet,
    buyer: Recipient | undefined,
  ): Promise<void> {
    const orderId = event.orderId;
    const path = `/v1/orders/Incoming/${encodeURIComponent(orderId)}`;
    const approvers = await this.platform.listAll<MailUser>(`${path}/eligibleapprovers`);
    if (approvers.length === 0) {
      // The platform calls OrderSubmitForApproval before its submit commits: until then the order
      // has no pending approval. Retry until it has one, or has moved on (approved, declined).
      const order = await this.platform.expect<{ Status?: string }>('GET', path);
      if (order.Status === 'Unsubmitted' || order.Status === 'Open') {
        throw new Error(`order ${orderId} has no pending approval yet`);
      }
      return;
    }
    const buyerName =
      buyer?.name || worksheet.Order.FromUser?.Username || worksheet.Order.FromCompanyID || '';
    const failures: unknown[] = [];
    for (const approver of approvers) {
      const recipient = recipientOf(approver);
      if (!recipient) continue;
      try {
        await this.deliver(`approval-requested:${event.id}`, 'approval-requested', recipient, (locale) =>
          approvalRequestedMail(locale, {
            name: recipient.name,
            buyerName,
            order: orderSummary(worksheet),
            approvalsUrl: `${this.storefrontUrl}/${locale}/approvals`,
          }),
        );
      } catch (error) {
        failures.push(error);
      }
    }
    // The others are mailed; the job's retry mails the ones that failed (and skips the rest).
    if (failures.length > 0) throw failures[0];
  }

  private async sendDeclined(orderId: string): Promise<void> {
    const order = await this.platform.expect<{
      FromCompanyID?: string;
      FromUserID?: string;
      FromUser?: MailUser;
      Comments?: string | null;
    }>('GET', `/v1/orders/Incoming/${encodeURIComponent(orderId)}`);
    const buyer = await this.buyerOf(order.FromCompanyID, order.FromUserID, order.FromUser);
    if (!buyer) return;
    await this.deliver(`order-declined:${orderId}`, 'order-declined', buyer, (locale) =>
      orderDeclinedMail(locale, { name: buyer.name, orderId, orderUrl: this.orderUrl(locale, orderId) }),
    );
  }

  /** The buyer as the platform knows them now (their language may have changed); else the order's copy. */
  async buyerOf(
    companyId: string | null | undefined,
    userId: string | null | undefined,
    fallback: MailUser | null | undefined,
  ): Promise<Recipient | undefined> {
    if (companyId && userId) {
      const response = await this.platform.send<MailUser>(
        'GET',
        `/v1/buyers/${encodeURIComponent(companyId)}/users/${encodeURIComponent(userId)}`,
      );
      if (response.status === 200) return recipientOf(response.body);
    }
    return fallback ? recipientOf(fallback) : undefined;
  }

  /**
   * Sends one mail unless this (event, recipient) has had it or is being mailed by another job;
   * records the delivery. False: nothing sent.
   */
  async deliver(
    eventKey: string,
    template: string,
    recipient: Recipient,
    build: (locale: MailLocale) => RenderedMail,
  ): Promise<boolean> {
    const address = recipient.email.toLowerCase();
    const claim = { eventKey, recipient: address, template, locale: recipient.locale };
    if (!(await claimDelivery(this.db, claim))) return false;
    let messageId: string;
    try {
      messageId = await this.mailer.send(recipient.email, {
        ...build(recipient.locale),
        locale: recipient.locale,
      });
    } catch (error) {
      await releaseClaim(this.db, eventKey, address);
      throw error;
    }
    await markSent(this.db, eventKey, address, messageId);
    this.log.info({ eventKey, template, locale: recipient.locale }, 'mail sent');
    return true;
  }

  orderUrl(locale: MailLocale, orderId: string): string {
    return `${this.storefrontUrl}/${locale}/orders/${encodeURIComponent(orderId)}`;
  }
}

export function recipientOf(user: MailUser): Recipient | undefined {
  const email = user.Email?.trim();
  if (!email) return undefined;
  const name = [user.FirstName, user.LastName].filter(Boolean).join(' ').trim();
  return { email, name, locale: mailLocaleOf(user) };
}

function orderSummary(worksheet: OrderWorksheet): OrderSummary {
  const order = worksheet.Order;
  const lines = worksheet.LineItems.map((line) => ({
    name: line.Product?.Name ?? line.ProductID,
    productId: line.ProductID,
    quantity: line.Quantity,
    unitPrice: line.UnitPrice ?? 0,
    lineTotal: line.LineTotal ?? (line.UnitPrice ?? 0) * line.Quantity,
  }));
  const subtotal = order.Subtotal ?? lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const shipping = order.ShippingCost ?? 0;
  const tax = order.TaxCost ?? 0;
  const discount = order.PromotionDiscount ?? 0;
  return {
    id: order.ID ?? '',
    currency: order.Currency ?? 'EUR',
    lines,
    subtotal,
    discount,
    shipping,
    tax,
    total: order.Total ?? subtotal + shipping + tax - discount,
    shipTo: worksheet.LineItems.find((line) => line.ShippingAddress)?.ShippingAddress ?? undefined,
    billTo: order.BillingAddress ?? undefined,
  };
}
