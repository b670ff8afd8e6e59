/**
 * E-mail: every mail that follows a business write is a `mail` job enqueued in that write's
 * transaction (outbox). The job finds its recipients (through the platform), renders the mail in each
 * recipient's language and sends it over SMTP, once per (event, recipient): a failed send fails the
 * job, which pg-boss retries with back-off, skipping those already mailed. The business action
 * never waits for the mail server.
 */
import type { OrderWorksheet } from '@actuate/contracts';
import type { Database, Jobs, Transaction } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PlatformClient } from '../../clients/platform-client.ts';
import type { CheckoutEventRow } from '../checkout-integration/repository.ts';
import type { Mailer } from './mailer.ts';
import { claimDelivery, markSent, releaseClaim } from './repository.ts';
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
  | { kind: 'order-declined'; orderId: string };

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
    private readonly db: Database,
    private readonly jobs: () => Jobs,
    private readonly mailer: Mailer,
    private readonly platform: PlatformClient,
    private readonly events: { event(id: string): Promise<CheckoutEventRow | undefined> },
    private readonly storefrontUrl: string,
    private readonly log: FastifyBaseLogger,
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

  private async enqueue(tx: Transaction, job: MailJob): Promise<void> {
    await this.jobs().enqueue(tx, MAIL_QUEUE, job);
  }

  async handleJob(job: MailJob): Promise<void> {
    if (job.kind === 'order-declined') return this.sendDeclined(job.orderId);
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
  private async buyerOf(
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

  private orderUrl(locale: MailLocale, orderId: string): string {
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
