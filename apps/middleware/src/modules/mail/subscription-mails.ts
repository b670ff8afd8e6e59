/**
 * Subscription mails to the subscription's user: the reminder once its NotificationDate has come (the
 * platform's NextOrderDate minus the integration's NotificationDays), once per subscription and order
 * date; and "could not order" when the platform made no order or the order it made was refused.
 * Reminders have no business write to follow: a sweep (scheduled, or run by an operator) enqueues one
 * mail job per due subscription.
 */
import type { Jobs } from '@actuate/service-kit';
import { MAIL_QUEUE, type MailJob, type MailService } from './service.ts';
import { subscriptionFailedMail } from './subscription-failed-mail.ts';
import { subscriptionReminderMail } from './subscription-reminder-mail.ts';

/** The queue a schedule sends one job every few minutes: it looks for due reminders. */
export const SUBSCRIPTION_REMINDER_QUEUE = 'subscription-reminders';

export interface SubscriptionReminderJob {
  kind: 'subscription-reminder';
  subscriptionId: string;
  nextOrderDate: string;
}

export interface SubscriptionFailedJob {
  kind: 'subscription-order-failed';
  subscriptionId: string;
  /** The order the platform created (refused on submit), or null when it made none. */
  orderId: string | null;
  /** What the mail is about when there is no order: the failure call recorded. */
  failureId: string | null;
}

interface PlatformSubscription {
  ID: string;
  Active?: boolean;
  NextOrderDate: string;
  NotificationDate?: string | null;
  EndDate?: string | null;
  FromCompanyID?: string | null;
  FromUserID?: string | null;
  xp?: Record<string, unknown> | null;
}

const titleOf = (subscription: PlatformSubscription) =>
  typeof subscription.xp?.Name === 'string' && subscription.xp.Name.trim()
    ? subscription.xp.Name
    : subscription.ID;

/** Due: active, its notification date reached and its next order still ahead (and before its end). */
export function reminderDue(subscription: PlatformSubscription, now: Date): boolean {
  if (subscription.Active === false || !subscription.NotificationDate) return false;
  const next = Date.parse(subscription.NextOrderDate);
  const notify = Date.parse(subscription.NotificationDate);
  const end = subscription.EndDate ? Date.parse(subscription.EndDate) : Number.POSITIVE_INFINITY;
  return notify <= now.getTime() && next > now.getTime() && notify < next && next <= end;
}

/** Enqueues a reminder job per due subscription; the mails themselves go once per (subscription, date). */
export async function enqueueDueReminders(
  mail: MailService,
  jobs: () => Jobs,
  now = new Date(),
): Promise<{ due: number }> {
  const subscriptions = await mail.platform.listAll<PlatformSubscription>('/v1/subscriptions', {
    Active: 'true',
    NextOrderDate: `>${now.toISOString()}`,
  });
  const due = subscriptions.filter((subscription) => reminderDue(subscription, now));
  for (const subscription of due) {
    const job: MailJob = {
      kind: 'subscription-reminder',
      subscriptionId: subscription.ID,
      nextOrderDate: subscription.NextOrderDate,
    };
    // At most one job an hour per subscription and date, however often the sweep finds it (the mail
    // itself goes once: `mail_deliveries`).
    await jobs().enqueue(mail.db, MAIL_QUEUE, job, {
      singletonKey: `subscription-reminder:${subscription.ID}:${subscription.NextOrderDate}`,
      singletonSeconds: 3600,
    });
  }
  return { due: due.length };
}

async function subscriptionOf(mail: MailService, id: string) {
  const response = await mail.platform.send<PlatformSubscription>(
    'GET',
    `/v1/subscriptions/${encodeURIComponent(id)}`,
  );
  if (response.status === 404) return undefined;
  if (response.status !== 200) throw new Error(`platform answered ${response.status} for subscription ${id}`);
  const subscription = response.body;
  const buyer = await mail.buyerOf(subscription.FromCompanyID, subscription.FromUserID, undefined);
  return buyer ? { subscription, buyer } : undefined;
}

const subscriptionUrl = (mail: MailService, locale: string, id: string) =>
  `${mail.storefrontUrl}/${locale}/subscriptions/${encodeURIComponent(id)}`;

export async function sendSubscriptionReminder(
  mail: MailService,
  job: SubscriptionReminderJob,
): Promise<void> {
  const found = await subscriptionOf(mail, job.subscriptionId);
  // The order date moved (the order ran, or the buyer changed it) or the subscription stopped: not due.
  if (!found || found.subscription.NextOrderDate !== job.nextOrderDate) return;
  if (!reminderDue(found.subscription, new Date())) return;
  const { subscription, buyer } = found;
  await mail.deliver(
    `subscription-reminder:${subscription.ID}:${subscription.NextOrderDate}`,
    'subscription-reminder',
    buyer,
    (locale) =>
      subscriptionReminderMail(locale, {
        name: buyer.name,
        subscriptionId: subscription.ID,
        title: titleOf(subscription),
        nextOrderDate: subscription.NextOrderDate,
        subscriptionUrl: subscriptionUrl(mail, locale, subscription.ID),
      }),
  );
}

export async function sendSubscriptionFailed(mail: MailService, job: SubscriptionFailedJob): Promise<void> {
  const found = await subscriptionOf(mail, job.subscriptionId);
  if (!found) return;
  const { subscription, buyer } = found;
  const about = job.orderId ?? job.failureId ?? subscription.NextOrderDate;
  await mail.deliver(`subscription-order-failed:${about}`, 'subscription-order-failed', buyer, (locale) =>
    subscriptionFailedMail(locale, {
      name: buyer.name,
      title: titleOf(subscription),
      orderId: job.orderId ?? undefined,
      subscriptionUrl: subscriptionUrl(mail, locale, subscription.ID),
    }),
  );
}
