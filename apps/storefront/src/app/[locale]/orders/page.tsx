import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { listMyOrders, type OrderPage } from '@/backend/order-history';
import { requireBuyer } from '@/backend/session';
import { AccountSections } from '@/components/account/section-nav';
import { Badge, Notice, PageHeader } from '@/components/account/ui';
import { ColumnHeadings, Pager } from '@/components/lists/pager';
import { isFiltered, orderFilterQuery, parseOrderFilter } from '@/components/orders/filters';
import { day, money } from '@/components/orders/format';
import { OrderFiltersForm } from '@/components/orders/order-filters-form';
import { PaymentStateBadge } from '@/components/orders/payment-state';
import { ScrollRegion } from '@/components/scroll-region';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/orders'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Orders' });
  return { title: t('title') };
}

/** The buyer's order history, filtered and paged by the URL. */
export default async function OrdersPage({ params, searchParams }: PageProps<'/[locale]/orders'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [t, buyer, query] = await Promise.all([
    getTranslations({ locale, namespace: 'Orders' }),
    requireBuyer(locale),
    searchParams,
  ]);
  const token = buyer.token;
  const filter = parseOrderFilter(query);
  let result: OrderPage | undefined;
  try {
    result = await listMyOrders(token, filter);
  } catch (error) {
    console.warn(`[orders] list failed: ${String(error)}`);
  }

  return (
    <div className="pb-12">
      <AccountSections locale={locale} current="orders" buyer={buyer} />
      <PageHeader title={t('title')} intro={t('intro')} />
      <OrderFiltersForm locale={locale} filter={filter} action={`/${locale}/orders`} />
      {!result ? (
        <Notice tone="danger" alert>
          {t('error')}
        </Notice>
      ) : result.orders.length === 0 ? (
        <div className="py-10 text-center" data-testid="orders-empty">
          <p className="text-ink-muted">{isFiltered(filter) ? t('list.noMatch') : t('list.empty')}</p>
          {!isFiltered(filter) ? (
            <p className="mt-4">
              <Link href="/catalog" className="button-secondary">
                {t('list.browse')}
              </Link>
            </p>
          ) : null}
        </div>
      ) : (
        <>
          <p className="mt-6 text-sm text-ink-muted" aria-live="polite">
            {t('list.count', { count: result.totalCount })}
          </p>
          <ScrollRegion className="mt-2" label={t('list.caption')}>
            <table className="w-full min-w-[40rem] border-collapse text-left" data-testid="orders-table">
              <caption className="sr-only">{t('list.caption')}</caption>
              <ColumnHeadings
                labels={[
                  t('list.order'),
                  t('list.submitted'),
                  t('list.status'),
                  t('list.payment'),
                  t('list.delivery'),
                  t('list.total'),
                ]}
              />
              <tbody>
                {result.orders.map((order) => {
                  const wss = order.xp?.WebShopStatus as string | undefined;
                  return (
                    <tr key={order.ID} className="border-b border-line">
                      <th scope="row" className="py-3 pr-4 font-medium">
                        <Link
                          href={`/orders/${encodeURIComponent(order.ID)}`}
                          className="text-brand underline underline-offset-4"
                          aria-label={t('list.viewOrder', { id: order.ID })}
                        >
                          {order.ID}
                        </Link>
                        {order.xp?.OrderNumber ? (
                          <span className="block text-sm font-normal text-ink-muted">
                            {order.xp.OrderNumber}
                          </span>
                        ) : null}
                      </th>
                      <td className="py-3 pr-4">{day(order.DateSubmitted, locale) ?? t('list.notYet')}</td>
                      <td className="py-3 pr-4">
                        <Badge
                          tone={
                            order.Status === 'Declined' || order.Status === 'Canceled' ? 'danger' : 'neutral'
                          }
                        >
                          {t(`status.${order.Status}`)}
                        </Badge>
                      </td>
                      <td className="py-3 pr-4">
                        {order.xp?.PaymentStatus ? (
                          <PaymentStateBadge locale={locale} state={order.xp.PaymentStatus} />
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className="py-3 pr-4">
                        {wss && wss in STATUS_KEYS
                          ? t(`webShopStatus.${wss as keyof typeof STATUS_KEYS}`)
                          : '—'}
                      </td>
                      <td className="py-3 text-right tabular-nums">
                        {money(order.Total, order.Currency, locale)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </ScrollRegion>
          {result.totalPages > 1 ? (
            <Pager
              label={t('paging.label')}
              status={t('paging.page', { page: result.page, pages: result.totalPages })}
              previous={{
                text: t('paging.previous'),
                href:
                  result.page > 1
                    ? `/orders${orderFilterQuery(filter, { page: result.page - 1 })}`
                    : undefined,
              }}
              next={{
                text: t('paging.next'),
                href:
                  result.page < result.totalPages
                    ? `/orders${orderFilterQuery(filter, { page: result.page + 1 })}`
                    : undefined,
              }}
            />
          ) : null}
        </>
      )}
    </div>
  );
}

const STATUS_KEYS = {
  Submitted: 1,
  Received: 1,
  Confirmed: 1,
  PartlyShipped: 1,
  Shipped: 1,
  Invoiced: 1,
  Cancelled: 1,
} as const;
