import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Order, RequiredDeep } from 'ordercloud-javascript-sdk';
import { listApprovable } from '@/backend/order-history';
import { requireBuyer } from '@/backend/session';
import { AccountSections } from '@/components/account/section-nav';
import { Notice, PageHeader } from '@/components/account/ui';
import { DecisionForm } from '@/components/approvals/decision-form';
import { dateTime, money } from '@/components/orders/format';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';
import { decideAction } from './actions';

export async function generateMetadata({ params }: PageProps<'/[locale]/approvals'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Approvals' });
  return { title: t('title') };
}

/** Orders of colleagues waiting for this buyer's approval. */
export default async function ApprovalsPage({ params }: PageProps<'/[locale]/approvals'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [t, buyer] = await Promise.all([
    getTranslations({ locale, namespace: 'Approvals' }),
    requireBuyer(locale),
  ]);
  let orders: RequiredDeep<Order>[] | undefined;
  try {
    orders = await listApprovable(buyer.token);
  } catch (error) {
    console.warn(`[approvals] list failed: ${String(error)}`);
  }
  return (
    <div className="pb-12">
      <AccountSections locale={locale} current="approvals" buyer={buyer} />
      <PageHeader title={t('title')} intro={t('intro')} />
      {!orders ? (
        <Notice tone="danger" alert>
          {t('error')}
        </Notice>
      ) : orders.length === 0 ? (
        <p className="py-10 text-center text-ink-muted" data-testid="approvals-empty">
          {t('empty')}
        </p>
      ) : (
        <>
          <p className="text-sm text-ink-muted">{t('count', { count: orders.length })}</p>
          <ul className="mt-4 space-y-6" data-testid="approvals">
            {orders.map((order) => (
              <li key={order.ID} data-order-id={order.ID}>
                <article
                  aria-labelledby={`approval-${order.ID}`}
                  className="grid gap-6 rounded-lg border border-line p-4 sm:p-6 md:grid-cols-[1fr_minmax(16rem,24rem)]"
                >
                  <div>
                    <h2 id={`approval-${order.ID}`} className="text-xl font-semibold">
                      {t('order', { id: order.ID })}
                    </h2>
                    <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1">
                      <dt className="text-ink-muted">{t('from')}</dt>
                      <dd>
                        {[order.FromUser?.FirstName, order.FromUser?.LastName].filter(Boolean).join(' ') ||
                          order.FromUserID}
                      </dd>
                      <dt className="text-ink-muted">{t('submitted')}</dt>
                      <dd>
                        {dateTime(order.DateSubmitted ?? order.LastUpdated ?? order.DateCreated, locale) ??
                          '—'}
                      </dd>
                      <dt className="text-ink-muted">{t('total')}</dt>
                      <dd className="font-semibold tabular-nums">
                        {money(order.Total, order.Currency, locale)}{' '}
                        <span className="font-normal text-ink-muted">
                          ({t('lines', { count: order.LineItemCount ?? 0 })})
                        </span>
                      </dd>
                    </dl>
                    <p className="mt-3">
                      <Link
                        href={`/orders/${encodeURIComponent(order.ID)}`}
                        className="text-brand underline underline-offset-4"
                      >
                        {t('view', { id: order.ID })}
                      </Link>
                    </p>
                  </div>
                  <DecisionForm
                    action={decideAction.bind(null, locale, order.ID)}
                    labels={{
                      comment: t('comment'),
                      hint: t('commentHint'),
                      approve: t('approve'),
                      decline: t('decline'),
                      working: t('working'),
                    }}
                  />
                </article>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
