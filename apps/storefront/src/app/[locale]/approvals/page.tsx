import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { Order, RequiredDeep } from 'ordercloud-javascript-sdk';
import { approvalCardDetails } from '@/backend/approval-cards';
import { listApprovable } from '@/backend/order-history';
import { requireBuyer } from '@/backend/session';
import { AccountSections } from '@/components/account/section-nav';
import { Notice, PageHeader } from '@/components/account/ui';
import { ApprovalCard } from '@/components/approvals/approval-card';
import { decidedOrder } from '@/components/approvals/decided';
import { DecisionForm } from '@/components/approvals/decision-form';
import { localeOrDefault } from '@/i18n/routing';
import { decideAction } from './actions';

const NO_DETAILS = { lines: [], rules: [] };

export async function generateMetadata({ params }: PageProps<'/[locale]/approvals'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Approvals' });
  return { title: t('title') };
}

/** Orders of colleagues waiting for this buyer's approval. */
export default async function ApprovalsPage({ params, searchParams }: PageProps<'/[locale]/approvals'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [t, buyer, query] = await Promise.all([
    getTranslations({ locale, namespace: 'Approvals' }),
    requireBuyer(locale),
    searchParams,
  ]);
  let orders: RequiredDeep<Order>[] | undefined;
  try {
    orders = await listApprovable(buyer.token);
  } catch (error) {
    console.warn(`[approvals] list failed: ${String(error)}`);
  }
  const details = await Promise.all(
    (orders ?? []).map((order) => approvalCardDetails(buyer.token, buyer.companyId, order.ID)),
  );
  // The order just decided (the decision redirects here, so the header's count is fresh too).
  const decided = decidedOrder(query);
  return (
    <div className="pb-12">
      <AccountSections locale={locale} current="approvals" buyer={buyer} />
      <PageHeader title={t('title')} intro={t('intro')} />
      {decided ? (
        <div data-order-id={decided.id} className="mb-6">
          <p
            role="status"
            data-testid="approval-result"
            className="rounded-md border-l-4 border-brand bg-brand-soft px-4 py-3 text-sm"
          >
            {decided.decision === 'approve'
              ? t('approved', { id: decided.id })
              : t('declined', { id: decided.id })}
          </p>
        </div>
      ) : null}
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
            {orders.map((order, index) => (
              <li key={order.ID} data-order-id={order.ID}>
                <ApprovalCard locale={locale} order={order} details={details[index] ?? NO_DETAILS}>
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
                </ApprovalCard>
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
