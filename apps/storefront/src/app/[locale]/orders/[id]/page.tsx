import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Address, LineItem } from 'ordercloud-javascript-sdk';
import { AccountSections } from '@/components/account/section-nav';
import { Badge, Notice, PageHeader, Section } from '@/components/account/ui';
import { dateTime, day, money } from '@/components/orders/format';
import { CancelOrderButton, ReorderButton, ResubmitButton } from '@/components/orders/order-actions';
import {
  canCancel,
  canResubmit,
  isSettled,
  lineErpIssue,
  orderErpIssue,
} from '@/components/orders/order-status';
import { shipmentsToShow } from '@/components/orders/shipments';
import { OrderTimeline } from '@/components/orders/timeline';
import { Link } from '@/i18n/link';
import { type AppLocale, localeOrDefault } from '@/i18n/routing';
import { getErpSubmission } from '@/backend/erp-status';
import { getOrderDetail, type OrderDetail } from '@/backend/order-history';
import { requireBuyer } from '@/backend/session';
import { cancelAction, reorderAction, resubmitAction } from './actions';

export async function generateMetadata({ params }: PageProps<'/[locale]/orders/[id]'>): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale: localeOrDefault(locale), namespace: 'Orders.detail' });
  return { title: t('title', { id }) };
}

function AddressBlock({
  address,
  none,
}: {
  readonly address: Address | null | undefined;
  readonly none: string;
}) {
  if (!address?.Street1) return <p className="text-ink-muted">{none}</p>;
  const name = [address.FirstName, address.LastName].filter(Boolean).join(' ');
  return (
    <address className="not-italic leading-relaxed">
      {address.CompanyName ? <span className="block">{address.CompanyName}</span> : null}
      {name ? <span className="block">{name}</span> : null}
      <span className="block">{address.Street1}</span>
      {address.Street2 ? <span className="block">{address.Street2}</span> : null}
      <span className="block">
        {address.Zip} {address.City}
      </span>
      <span className="block">
        {address.State ? `${address.State}, ` : ''}
        {address.Country}
      </span>
    </address>
  );
}

function productLabel(line: LineItem): string {
  return line.Product?.Name ? `${line.Product.Name}` : line.ProductID;
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
  const erp = order.IsSubmitted ? await getErpSubmission(token, order.ID) : undefined;
  const xp = (order.xp ?? {}) as Record<string, string | undefined>;
  const webShopStatus = xp.WebShopStatus ?? erp?.WebShopStatus ?? undefined;
  const issue = orderErpIssue(erp?.ErpSubmissionIssue ?? xp.ErpSubmissionIssue);
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
            <dd>{order.Comments}</dd>
          </div>
        ) : null}
        {order.SubscriptionID ? (
          <div className="sm:col-span-2">
            <dt className="sr-only">{t('detail.subscription', { id: order.SubscriptionID })}</dt>
            <dd>
              <Link
                href={`/subscriptions/${encodeURIComponent(order.SubscriptionID)}`}
                className="text-brand underline underline-offset-4"
              >
                {t('detail.subscription', { id: order.SubscriptionID })}
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
            {!webShopStatus && !issue ? (
              <p className="mt-4 text-sm text-ink-muted">{t('timeline.waiting')}</p>
            ) : null}
          </>
        )}
      </Section>

      {(issue || lineIssues.size > 0) && !isSettled(order) ? (
        <section
          aria-labelledby="order-erp-title"
          className="mt-8 rounded-lg border-2 border-danger bg-danger-soft p-4 sm:p-6"
          data-testid="erp-issue"
          data-issue={issue ?? 'lines'}
        >
          <h2 id="order-erp-title" className="text-xl font-semibold text-danger">
            {t('erp.title')}
          </h2>
          {issue ? <p className="mt-2 text-ink">{t(`erp.issue.${issue}`)}</p> : null}
          {lineIssues.size > 0 ? (
            <>
              <h3 className="mt-4 font-semibold">{t('erp.lineTitle')}</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5">
                {[...lineIssues].map(([lineId, lineIssue]) => {
                  const line = lineById.get(lineId);
                  return (
                    <li key={lineId}>
                      <span className="font-medium">{line ? productLabel(line) : lineId}</span>:{' '}
                      {t(`erp.lineIssue.${lineIssue as 'Error'}`)}
                    </li>
                  );
                })}
              </ul>
            </>
          ) : null}
          {canResubmit(orderForRules) ? (
            <div className="mt-4">
              <ResubmitButton
                action={resubmitAction.bind(null, locale, order.ID)}
                labels={{ submit: t('erp.resubmit'), pending: t('erp.resubmitting') }}
              />
            </div>
          ) : null}
        </section>
      ) : null}

      <Section title={t('lines.title')} id="order-lines-title">
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] border-collapse text-left">
            <thead>
              <tr className="border-b border-line-strong text-sm text-ink-muted">
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('lines.product')}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  {t('lines.quantity')}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  {t('lines.shipped')}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  {t('lines.unitPrice')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('lines.lineTotal')}
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.ID} className="border-b border-line align-top">
                  <th scope="row" className="py-3 pr-4 font-medium">
                    {productLabel(line)}
                    <span className="block text-sm font-normal text-ink-muted">
                      {line.ProductID}
                      {line.xp?.ErpLineNumber
                        ? ` · ${t('lines.erpLine', { number: line.xp.ErpLineNumber })}`
                        : ''}
                    </span>
                    {(line.Specs ?? []).length > 0 ? (
                      <span className="block text-sm font-normal text-ink-muted">
                        {(line.Specs ?? [])
                          .map((spec) => `${spec.Name ?? spec.SpecID}: ${spec.Value ?? spec.OptionID ?? ''}`)
                          .join(' · ')}
                      </span>
                    ) : null}
                  </th>
                  <td className="py-3 pr-4 text-right tabular-nums">{line.Quantity}</td>
                  <td className="py-3 pr-4 text-right tabular-nums">
                    {Math.max(line.QuantityShipped ?? 0, shippedByLine.get(line.ID) ?? 0)}
                  </td>
                  <td className="py-3 pr-4 text-right tabular-nums">
                    {money(line.UnitPrice, currency, locale)}
                  </td>
                  <td className="py-3 text-right tabular-nums">{money(line.LineTotal, currency, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <dl className="mt-4 ml-auto grid max-w-xs grid-cols-2 gap-y-1 text-sm" aria-label={t('totals.title')}>
          <dt className="text-ink-muted">{t('totals.subtotal')}</dt>
          <dd className="text-right tabular-nums">{money(order.Subtotal, currency, locale)}</dd>
          <dt className="text-ink-muted">{t('totals.shipping')}</dt>
          <dd className="text-right tabular-nums">{money(order.ShippingCost, currency, locale)}</dd>
          <dt className="text-ink-muted">{t('totals.tax')}</dt>
          <dd className="text-right tabular-nums">{money(order.TaxCost, currency, locale)}</dd>
          {order.PromotionDiscount ? (
            <>
              <dt className="text-ink-muted">{t('totals.discount')}</dt>
              <dd className="text-right tabular-nums">−{money(order.PromotionDiscount, currency, locale)}</dd>
            </>
          ) : null}
          {order.Fees ? (
            <>
              <dt className="text-ink-muted">{t('totals.fees')}</dt>
              <dd className="text-right tabular-nums">{money(order.Fees, currency, locale)}</dd>
            </>
          ) : null}
          <dt className="border-t border-line pt-1 font-semibold">{t('totals.total')}</dt>
          <dd
            className="border-t border-line pt-1 text-right font-semibold tabular-nums"
            data-testid="order-total"
          >
            {money(order.Total, currency, locale)}
          </dd>
        </dl>
      </Section>

      <Section title={t('addresses.title')} id="order-addresses-title">
        <div className="grid gap-6 sm:grid-cols-2">
          <div>
            <h3 className="font-semibold">{t('addresses.shipping')}</h3>
            <AddressBlock address={lines[0]?.ShippingAddress} none={t('addresses.none')} />
          </div>
          <div>
            <h3 className="font-semibold">{t('addresses.billing')}</h3>
            <AddressBlock address={order.BillingAddress} none={t('addresses.none')} />
          </div>
        </div>
      </Section>

      <Section title={t('shipments.title')} id="order-shipments-title">
        {shipments.length === 0 ? (
          <p className="text-ink-muted">{t('shipments.none')}</p>
        ) : (
          <ul className="space-y-4" data-testid="shipments">
            {shipments.map((shipment) => (
              <li key={shipment.id} className="rounded-md border border-line p-4">
                <h3 className="font-semibold">{t('shipments.shipment', { id: shipment.id })}</h3>
                <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                  {shipment.carrier ? (
                    <>
                      <dt className="text-ink-muted">{t('shipments.carrier')}</dt>
                      <dd>{shipment.carrier}</dd>
                    </>
                  ) : null}
                  {shipment.trackingNumber ? (
                    <>
                      <dt className="text-ink-muted">{t('shipments.trackingNumber')}</dt>
                      <dd>
                        {shipment.trackingUrl ? (
                          <a
                            href={shipment.trackingUrl}
                            target="_blank"
                            rel="noopener noreferrer"
                            className="text-brand underline underline-offset-4"
                            data-testid="tracking-link"
                          >
                            {shipment.trackingNumber}
                            <span className="sr-only">
                              {' '}
                              {t('shipments.track', { number: shipment.trackingNumber })}{' '}
                              {t('shipments.newWindow')}
                            </span>
                          </a>
                        ) : (
                          shipment.trackingNumber
                        )}
                      </dd>
                    </>
                  ) : null}
                  {shipment.shippedAt ? (
                    <>
                      <dt className="text-ink-muted">{t('shipments.shipped')}</dt>
                      <dd>{dateTime(shipment.shippedAt, locale)}</dd>
                    </>
                  ) : null}
                  {shipment.deliveredAt ? (
                    <>
                      <dt className="text-ink-muted">{t('shipments.delivered')}</dt>
                      <dd>{dateTime(shipment.deliveredAt, locale)}</dd>
                    </>
                  ) : null}
                  {shipment.containers.length > 0 ? (
                    <>
                      <dt className="text-ink-muted">{t('shipments.containers')}</dt>
                      <dd>{shipment.containers.join(', ')}</dd>
                    </>
                  ) : null}
                  {shipment.items.length > 0 ? (
                    <>
                      <dt className="text-ink-muted">{t('shipments.items')}</dt>
                      <dd>
                        {shipment.items
                          .map((item) => {
                            const line = lineById.get(item.lineItemId);
                            return t('shipments.itemLine', {
                              quantity: item.quantity,
                              product: line ? productLabel(line) : item.lineItemId,
                            });
                          })
                          .join(', ')}
                      </dd>
                    </>
                  ) : null}
                </dl>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('payments.title')} id="order-payments-title">
        {payments.length === 0 ? (
          <p className="text-ink-muted">{t('payments.none')}</p>
        ) : (
          <ul className="space-y-4">
            {payments.map((payment) => (
              <li key={payment.ID} className="rounded-md border border-line p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">
                    {payment.Type ? t(`payments.type.${payment.Type as 'PurchaseOrder'}`) : payment.ID}
                    {payment.Amount !== null && payment.Amount !== undefined
                      ? ` · ${money(payment.Amount, payment.Currency ?? currency, locale)}`
                      : ''}
                  </h3>
                  <Badge tone={payment.Accepted ? 'brand' : 'neutral'}>
                    {payment.Accepted ? t('payments.accepted') : t('payments.pending')}
                  </Badge>
                </div>
                {(payment.Transactions ?? []).length > 0 ? (
                  <div className="mt-3 overflow-x-auto">
                    <table className="w-full min-w-[28rem] border-collapse text-left text-sm">
                      <caption className="sr-only">{t('payments.transactions')}</caption>
                      <thead>
                        <tr className="border-b border-line text-ink-muted">
                          <th scope="col" className="py-1 pr-3 font-medium">
                            {t('payments.transactionType')}
                          </th>
                          <th scope="col" className="py-1 pr-3 font-medium">
                            {t('payments.date')}
                          </th>
                          <th scope="col" className="py-1 pr-3 text-right font-medium">
                            {t('payments.amount')}
                          </th>
                          <th scope="col" className="py-1 font-medium">
                            {t('payments.result')}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {(payment.Transactions ?? []).map((transaction) => (
                          <tr key={transaction.ID} className="border-b border-line">
                            <td className="py-1 pr-3">{transaction.Type}</td>
                            <td className="py-1 pr-3">{dateTime(transaction.DateExecuted, locale)}</td>
                            <td className="py-1 pr-3 text-right tabular-nums">
                              {money(transaction.Amount, transaction.Currency ?? currency, locale)}
                            </td>
                            <td className="py-1">
                              {transaction.Succeeded ? t('payments.succeeded') : t('payments.failed')}
                              {transaction.ResultMessage ? ` — ${transaction.ResultMessage}` : ''}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                ) : (
                  <p className="mt-2 text-sm text-ink-muted">{t('payments.noTransactions')}</p>
                )}
              </li>
            ))}
          </ul>
        )}
      </Section>

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
