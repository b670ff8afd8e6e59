import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getErpSubmission } from '@/backend/erp-status';
import { getMySubscription, subscriptionLabel } from '@/backend/my-subscriptions';
import { getOrderDetail, type OrderDetail } from '@/backend/order-history';
import { requireBuyer } from '@/backend/session';
import { AccountSections } from '@/components/account/section-nav';
import { Badge, Notice, PageHeader, Section } from '@/components/account/ui';
import { AddToList, listLinesOf } from '@/components/order-lists/add-to-list';
import { dateTime, day } from '@/components/orders/format';
import { CancelOrderButton, ReorderButton } from '@/components/orders/order-actions';
import {
  canCancel,
  canResubmit,
  isSettled,
  lineErpIssue,
  orderErpIssue,
} from '@/components/orders/order-status';
import { shipmentsToShow } from '@/components/orders/shipments';
import { OrderTimeline } from '@/components/orders/timeline';
import { ExportLinks } from '@/components/shop/export-links';
import { Link } from '@/i18n/link';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';
import { cancelAction, reorderAction } from './actions';
import { OrderAddresses } from './order-addresses';
import { OrderErpIssue } from './order-erp-issue';
import { OrderInvoices } from './order-invoices';
import { OrderLines } from './order-lines';
import { OrderPayments } from './order-payments';
import { OrderShipments } from './order-shipments';

export async function generateMetadata({ params }: PageProps<'/[locale]/orders/[id]'>): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale: localeOrDefault(locale), namespace: 'Orders.detail' });
  return { title: t('title', { id }) };
}

export default async function OrderPage({ params, searchParams }: PageProps<'/[locale]/orders/[id]'>) {
  const { locale: rawLocale, id: rawId } = await params;
  const locale: AppLocale = localeOrDefault(rawLocale);
  setRequestLocale(locale);
  const orderId = decodeURIComponent(rawId);
  const [t, buyer, query] = await Promise.all([
    getTranslations({ locale, namespace: 'Orders' }),
    requireBuyer(locale),
    searchParams,
  ]);
  const token = buyer.token;

  let detail: OrderDetail | undefined;
  let failed = false;
  try {
    detail = await getOrderDetail(token, orderId);
  } catch (error) {
    failed = true;
    console.warn(`[orders] detail ${orderId} failed: ${String(error)}`);
  }
  if (!detail) {
    return (
      <div className="pb-12">
        <AccountSections locale={locale} current="orders" buyer={buyer} />
        <PageHeader title={t('detail.title', { id: orderId })} />
        <Notice tone="danger" alert>
          {failed ? t('error') : t('detail.notFound')}
        </Notice>
        <Link href="/orders" className="text-brand underline underline-offset-4">
          {t('detail.back')}
        </Link>
      </div>
    );
  }

  const { order, lines, payments, approvals } = detail;
  const [erp, subscription] = await Promise.all([
    order.IsSubmitted ? getErpSubmission(token, order.ID) : undefined,
    order.SubscriptionID ? getMySubscription(token, order.SubscriptionID).catch(() => undefined) : undefined,
  ]);
  // The buyer's name of the subscription that placed the order, not its generated ID.
  const subscriptionName = subscription ? subscriptionLabel(subscription) : order.SubscriptionID;
  const xp = (order.xp ?? {}) as Record<string, string | undefined>;
  const webShopStatus = xp.WebShopStatus ?? erp?.WebShopStatus ?? undefined;
  const issue = orderErpIssue(erp?.ErpSubmissionIssue ?? xp.ErpSubmissionIssue);
  // The ERP is being given the delivery address; the order goes on by itself (no issue to fix).
  const awaitingAddress = erp
    ? erp.State === 'AwaitingAddress'
    : xp.ErpSubmissionState === 'AwaitingDeliveryAddress';
  // The middleware's view of the submission is current; the platform's line xp may keep an issue a
  // re-submission resolved, so a line with an ERP line number counts as taken.
  const lineIssues = new Map<string, string>();
  if (erp?.LineItems) {
    for (const line of erp.LineItems) {
      const lineIssue = lineErpIssue(line.ErpSubmissionIssue);
      if (line.LineItemID && lineIssue && !line.ErpLineNumber) lineIssues.set(line.LineItemID, lineIssue);
    }
  } else {
    for (const line of lines) {
      const lineIssue = lineErpIssue(line.xp?.ErpSubmissionIssue);
      if (lineIssue && !line.xp?.ErpLineNumber) lineIssues.set(line.ID, lineIssue);
    }
  }
  const shipments = shipmentsToShow(detail.shipments, erp?.Shipments);
  const lineById = new Map(lines.map((line) => [line.ID, line]));
  // The ERP's shipments count too while the platform has none of its own.
  const shippedByLine = new Map<string, number>();
  for (const shipment of shipments) {
    for (const item of shipment.items) {
      shippedByLine.set(item.lineItemId, (shippedByLine.get(item.lineItemId) ?? 0) + item.quantity);
    }
  }
  const currency = order.Currency;
  const confirmedShippingDate = xp.ConfirmedShippingDate ?? erp?.ConfirmedShippingDate ?? undefined;
  const orderForRules = {
    Status: order.Status,
    xp: { WebShopStatus: webShopStatus, ErpSubmissionIssue: issue },
  };
  const none = t('detail.none');

  return (
    <div className="pb-12" data-testid="order-detail">
      <AccountSections locale={locale} current="orders" buyer={buyer} />
      <p className="mt-6">
        <Link href="/orders" className="text-brand underline underline-offset-4">
          ← {t('detail.back')}
        </Link>
      </p>
      <PageHeader title={t('detail.title', { id: order.ID })}>
        <Badge tone={order.Status === 'Declined' || order.Status === 'Canceled' ? 'danger' : 'brand'}>
          <span data-testid="order-status">{t(`status.${order.Status}`)}</span>
        </Badge>
      </PageHeader>
      <ExportLinks locale={locale} path={`/orders/${encodeURIComponent(order.ID ?? '')}`} />

      {query.resubmitted ? (
        <Notice tone="success" alert testId="resubmit-result">
          {t('erp.resubmitted')}
        </Notice>
      ) : null}
      {query.canceled ? (
        <Notice tone="success" alert testId="cancel-result">
          {t('actions.canceled')}
        </Notice>
      ) : null}
      <dl className="grid gap-x-8 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-sm text-ink-muted">{t('detail.orderNumber')}</dt>
          <dd className="font-medium" data-testid="order-number">
            {xp.OrderNumber ?? erp?.OrderNumber ?? none}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{t('detail.submitted')}</dt>
          <dd className="font-medium">{dateTime(order.DateSubmitted, locale) ?? none}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{t('detail.placedBy')}</dt>
          <dd className="font-medium">
            {[order.FromUser?.FirstName, order.FromUser?.LastName].filter(Boolean).join(' ') || none}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{t('detail.customerReference')}</dt>
          <dd className="font-medium">{xp.CustomerReference ?? none}</dd>
        </div>
        {order.Comments ? (
          <div className="sm:col-span-2">
            <dt className="text-sm text-ink-muted">{t('detail.comments')}</dt>
            <dd className="whitespace-pre-line" data-testid="order-comment">
              {order.Comments}
            </dd>
          </div>
        ) : null}
        {order.SubscriptionID ? (
          <div className="sm:col-span-2">
            <dt className="sr-only">{t('detail.subscription', { id: subscriptionName })}</dt>
            <dd>
              <Link
                href={`/subscriptions/${encodeURIComponent(order.SubscriptionID)}`}
                className="text-brand underline underline-offset-4"
              >
                {t('detail.subscription', { id: subscriptionName })}
              </Link>
            </dd>
          </div>
        ) : null}
      </dl>

      <Section title={t('timeline.title')} id="order-timeline-title">
        {order.Status === 'AwaitingApproval' ? (
          <p className="text-ink-muted">{t('timeline.awaitingApproval')}</p>
        ) : order.Status === 'Declined' ? (
          <p className="text-ink-muted">{t('timeline.declined')}</p>
        ) : order.Status === 'Canceled' && webShopStatus !== 'Cancelled' ? (
          <p className="text-ink-muted">{t('timeline.canceled')}</p>
        ) : (
          <>
            <OrderTimeline
              locale={locale}
              orderId={order.ID}
              webShopStatus={webShopStatus}
              confirmedShippingDate={confirmedShippingDate}
            />
            {awaitingAddress ? (
              <div className="mt-4">
                <Notice tone="info" testId="awaiting-address">
                  {t('erp.awaitingAddress')}
                </Notice>
              </div>
            ) : !webShopStatus && !issue ? (
              <p className="mt-4 text-sm text-ink-muted">{t('timeline.waiting')}</p>
            ) : null}
          </>
        )}
      </Section>

      {(issue || lineIssues.size > 0) && !isSettled(order) ? (
        <OrderErpIssue
          locale={locale}
          orderId={order.ID}
          issue={issue}
          lineIssues={lineIssues}
          lineById={lineById}
          resubmittable={canResubmit(orderForRules)}
        />
      ) : null}

      <OrderLines locale={locale} order={order} lines={lines} shippedByLine={shippedByLine} />
      <AddToList locale={locale} token={token} lines={listLinesOf(lines)} idPrefix="order-list" />

      <OrderAddresses locale={locale} shipping={lines[0]?.ShippingAddress} billing={order.BillingAddress} />

      <OrderShipments locale={locale} shipments={shipments} lineById={lineById} />

      <OrderPayments locale={locale} payments={payments} currency={currency} />

      {order.IsSubmitted ? <OrderInvoices locale={locale} token={token} orderId={order.ID} /> : null}

      {approvals.length > 0 ? (
        <Section title={t('approvals.title')} id="order-approvals-title">
          <ul className="space-y-2">
            {approvals.map((approval) => (
              <li key={`${approval.ApprovalRuleID}-${approval.ApprovingGroupID}-${approval.DateCreated}`}>
                <span className="font-medium">{t(`approvals.${approval.Status ?? 'Pending'}`)}</span>
                {approval.Approver
                  ? ` · ${[approval.Approver.FirstName, approval.Approver.LastName].join(' ')}`
                  : ''}
                {approval.DateCompleted ? ` · ${day(approval.DateCompleted, locale)}` : ''}
                {approval.Comments ? (
                  <span className="block text-sm text-ink-muted">
                    {t('approvals.comment', { comment: approval.Comments })}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section title={t('actions.title')} id="order-actions-title">
        <div className="flex flex-wrap items-start gap-6">
          {order.Status !== 'Unsubmitted' ? (
            <ReorderButton
              action={reorderAction.bind(null, locale, order.ID)}
              labels={{
                submit: t('actions.reorder'),
                pending: t('actions.reordering'),
                goToCart: t('actions.goToCart'),
              }}
            />
          ) : null}
          {canCancel(order) ? (
            <CancelOrderButton
              action={cancelAction.bind(null, locale, order.ID)}
              labels={{
                cancel: t('actions.cancel'),
                confirm: t('actions.cancelConfirm'),
                yes: t('actions.cancelYes'),
                no: t('actions.cancelNo'),
              }}
            />
          ) : null}
        </div>
      </Section>
    </div>
  );
}
