import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { listMySubscriptions, type MySubscription, subscriptionLabel } from '@/backend/my-subscriptions';
import { requireBuyer } from '@/backend/session';
import { capabilitiesOf } from '@/components/account/roles';
import { AccountSections } from '@/components/account/section-nav';
import { Badge, Notice, PageHeader } from '@/components/account/ui';
import { day } from '@/components/orders/format';
import { ScrollRegion } from '@/components/scroll-region';
import { intervalOf, subscriptionState } from '@/components/subscriptions/describe';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/subscriptions'>): Promise<Metadata> {
  const t = await getTranslations({
    locale: localeOrDefault((await params).locale),
    namespace: 'Subscriptions',
  });
  return { title: t('title') };
}

export default async function SubscriptionsPage({ params }: PageProps<'/[locale]/subscriptions'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [t, buyer] = await Promise.all([
    getTranslations({ locale, namespace: 'Subscriptions' }),
    requireBuyer(locale),
  ]);
  const can = capabilitiesOf(buyer.roles);
  let subscriptions: MySubscription[] | undefined;
  if (can.subscribe) {
    try {
      subscriptions = await listMySubscriptions(buyer.token);
    } catch (error) {
      console.warn(`[subscriptions] list failed: ${String(error)}`);
    }
  }
  return (
    <div className="pb-12">
      <AccountSections locale={locale} current="subscriptions" buyer={buyer} />
      <PageHeader title={t('title')} intro={t('intro')}>
        {can.subscribe ? (
          <Link href="/subscriptions/new" className="button-primary">
            {t('new')}
          </Link>
        ) : null}
      </PageHeader>
      {!can.subscribe ? (
        <Notice tone="info">{t('notAllowed')}</Notice>
      ) : !subscriptions ? (
        <Notice tone="danger" alert>
          {t('error')}
        </Notice>
      ) : subscriptions.length === 0 ? (
        <p className="py-10 text-center text-ink-muted" data-testid="subscriptions-empty">
          {t('empty')}
        </p>
      ) : (
        <ScrollRegion label={t('caption')}>
          <table className="w-full min-w-[40rem] border-collapse text-left" data-testid="subscriptions-table">
            <caption className="sr-only">{t('caption')}</caption>
            <thead>
              <tr className="border-b border-line-strong text-sm text-ink-muted">
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('subscription')}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('schedule')}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('nextOrder')}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('ends')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t('status')}
                </th>
              </tr>
            </thead>
            <tbody>
              {subscriptions.map((subscription) => {
                const state = subscriptionState(subscription);
                return (
                  <tr key={subscription.ID} className="border-b border-line">
                    <th scope="row" className="py-3 pr-4 font-medium">
                      <Link
                        href={`/subscriptions/${encodeURIComponent(subscription.ID as string)}`}
                        className="text-brand underline underline-offset-4"
                        aria-label={t('view', { id: subscriptionLabel(subscription) })}
                      >
                        {subscriptionLabel(subscription)}
                      </Link>
                    </th>
                    <td className="py-3 pr-4">
                      {t(`every.${intervalOf(subscription.Interval)}`, {
                        frequency: subscription.Frequency ?? 1,
                      })}
                    </td>
                    <td className="py-3 pr-4">
                      {state === 'active' ? day(subscription.NextOrderDate, locale) : '—'}
                    </td>
                    <td className="py-3 pr-4">{day(subscription.EndDate, locale) ?? t('never')}</td>
                    <td className="py-3">
                      <Badge tone={state === 'active' ? 'brand' : 'neutral'}>{t(`state.${state}`)}</Badge>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
    </div>
  );
}
