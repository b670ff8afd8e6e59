import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { LineItem, Order, RequiredDeep } from 'ordercloud-javascript-sdk';
import { isAddressInUse } from '@/backend/address-validity';
import { customerLinePrices } from '@/backend/line-prices';
import { listMyAddresses } from '@/backend/my-account';
import {
  getMySubscription,
  listSubscriptionItems,
  type MySubscription,
  subscriptionLabel,
} from '@/backend/my-subscriptions';
import { listSubscriptionOrders } from '@/backend/order-history';
import { requireBuyer } from '@/backend/session';
import { AccountSections } from '@/components/account/section-nav';
import { Badge, Notice, PageHeader, Section } from '@/components/account/ui';
import { day, money } from '@/components/orders/format';
import { intervalOf, subscriptionState } from '@/components/subscriptions/describe';
import { scheduleFormLabels } from '@/components/subscriptions/labels';
import { dateTimeToDay, todayDay, upcomingOrderDates } from '@/components/subscriptions/schedule';
import { ScheduleForm } from '@/components/subscriptions/schedule-form';
import { ToggleActiveButton } from '@/components/subscriptions/toggle-active';
import { catalogTexts } from '@/format/catalog-texts';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';
import { setActiveAction, updateScheduleAction } from '../actions';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/subscriptions/[id]'>): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale: localeOrDefault(locale), namespace: 'Subscriptions.detail' });
  return { title: t('title', { id }) };
}

export default async function SubscriptionPage({
  params,
  searchParams,
}: PageProps<'/[locale]/subscriptions/[id]'>) {
  const { locale: rawLocale, id: rawId } = await params;
  const locale = localeOrDefault(rawLocale);
  setRequestLocale(locale);
  const id = decodeURIComponent(rawId);
  const [t, tList, tOrders, buyer, query] = await Promise.all([
    getTranslations({ locale, namespace: 'Subscriptions.detail' }),
    getTranslations({ locale, namespace: 'Subscriptions' }),
    getTranslations({ locale, namespace: 'Orders' }),
    requireBuyer(locale),
    searchParams,
  ]);
  let subscription: MySubscription | undefined;
  let items: RequiredDeep<LineItem>[] = [];
  let orders: RequiredDeep<Order>[] = [];
  let failed = false;
  try {
    subscription = await getMySubscription(buyer.token, id);
    if (subscription) {
      [items, orders] = await Promise.all([
        listSubscriptionItems(buyer.token, id),
        listSubscriptionOrders(buyer.token, id).catch(() => []),
      ]);
    }
  } catch (error) {
    failed = true;
    console.warn(`[subscriptions] detail ${id} failed: ${String(error)}`);
  }
  if (!subscription) {
    return (
      <div className="pb-12">
        <AccountSections locale={locale} current="subscriptions" buyer={buyer} />
        <PageHeader title={t('title', { id })} />
        <Notice tone="danger" alert>
          {failed ? tList('error') : t('notFound')}
        </Notice>
        <Link href="/subscriptions" className="text-brand underline underline-offset-4">
          {t('back')}
        </Link>
      </div>
    );
  }
  const state = subscriptionState(subscription);
  const interval = intervalOf(subscription.Interval);
  const nextDay = dateTimeToDay(subscription.NextOrderDate) ?? todayDay();
  const endDay = dateTimeToDay(subscription.EndDate);
  const upcoming =
    state === 'active'
      ? upcomingOrderDates(
          {
            frequency: subscription.Frequency ?? 1,
            interval,
            nextOrderDate: nextDay,
            ...(endDay && { endDate: endDay }),
          },
          3,
        ).map((entry) => day(entry, locale))
      : [];
  const currency = buyer.currency;
  const unitPrices = await customerLinePrices(buyer, items);
  const label = subscriptionLabel(subscription);
  // Flagged when the ERP has closed the address the subscription delivers to.
  const shipToId = (subscription as { ShippingAddressID?: string | null }).ShippingAddressID;
  const shipTo = shipToId
    ? (await listMyAddresses(buyer.token).catch(() => [])).find((address) => address.ID === shipToId)
    : undefined;
  const addressClosed = shipTo !== undefined && !isAddressInUse(shipTo);

  return (
    <div className="pb-12" data-testid="subscription-detail">
      <AccountSections locale={locale} current="subscriptions" buyer={buyer} />
      <p className="mt-6">
        <Link href="/subscriptions" className="text-brand underline underline-offset-4">
          ← {t('back')}
        </Link>
      </p>
      <PageHeader title={t('title', { id: label })}>
        <Badge tone={state === 'active' ? 'brand' : 'neutral'}>
          <span data-testid="subscription-state">{tList(`state.${state}`)}</span>
        </Badge>
      </PageHeader>
      {query.created ? <Notice tone="success">{tList('fromCart.created')}</Notice> : null}
      {addressClosed ? (
        <Notice tone="danger" testId="subscription-address-closed">
          {t('addressClosed')}
        </Notice>
      ) : null}
      <dl className="grid gap-x-8 gap-y-3 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-sm text-ink-muted">{tList('schedule')}</dt>
          <dd className="font-medium">
            {tList(`every.${interval}`, { frequency: subscription.Frequency ?? 1 })}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{tList('nextOrder')}</dt>
          <dd className="font-medium" data-testid="next-order-date">
            {state === 'active' ? day(subscription.NextOrderDate, locale) : '—'}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{tList('lastOrder')}</dt>
          <dd className="font-medium">{day(subscription.LastOrderDate, locale) ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-sm text-ink-muted">{tList('ends')}</dt>
          <dd className="font-medium">{day(subscription.EndDate, locale) ?? tList('never')}</dd>
        </div>
      </dl>
      {upcoming.length > 0 ? (
        <p className="mt-4 text-sm text-ink-muted">{tList('form.preview', { dates: upcoming.join(', ') })}</p>
      ) : null}
      {state !== 'ended' ? (
        <div className="mt-6">
          <ToggleActiveButton
            action={setActiveAction.bind(null, locale, id, state !== 'active')}
            label={state === 'active' ? t('pause') : t('resume')}
          />
        </div>
      ) : null}

      <Section title={t('itemsTitle')} id="subscription-items">
        {items.length === 0 ? (
          <p className="text-ink-muted">{t('noItems')}</p>
        ) : (
          <ul className="divide-y divide-line">
            {items.map((item) => (
              <li key={item.ID} className="flex flex-wrap justify-between gap-2 py-2">
                <span>
                  <span className="font-medium">
                    {catalogTexts(locale).productName(item.Product, item.ProductID)}
                  </span>{' '}
                  <span className="text-sm text-ink-muted">{item.ProductID}</span>
                </span>
                <span className="tabular-nums" data-testid="subscription-item-price">
                  {item.Quantity}
                  {unitPrices.get(item.ID) ? ` × ${money(unitPrices.get(item.ID), currency, locale)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title={t('ordersTitle')} id="subscription-orders">
        {orders.length === 0 ? (
          <p className="text-ink-muted" data-testid="subscription-no-orders">
            {t('noOrders')}
          </p>
        ) : (
          <ul className="divide-y divide-line" data-testid="subscription-orders">
            {orders.map((order) => (
              <li key={order.ID} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <Link
                  href={`/orders/${encodeURIComponent(order.ID)}`}
                  className="text-brand underline underline-offset-4"
                >
                  {tOrders('list.viewOrder', { id: order.ID })}
                </Link>
                <span className="text-sm text-ink-muted">
                  {day(order.DateSubmitted ?? order.DateCreated, locale)} ·{' '}
                  {tOrders(`status.${order.Status}`)} · {money(order.Total, order.Currency, locale)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>

      {state !== 'ended' ? (
        <Section title={t('editTitle')} id="subscription-edit">
          <ScheduleForm
            action={updateScheduleAction.bind(null, locale, id)}
            idPrefix="edit-subscription"
            defaults={{
              frequency: subscription.Frequency ?? 1,
              interval,
              nextOrderDate: nextDay,
              ...(endDay && { endDate: endDay }),
            }}
            labels={await scheduleFormLabels(locale, 'edit')}
          />
        </Section>
      ) : null}
    </div>
  );
}
