import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { type JoinRequest, listJoinRequests } from '@/backend/join-requests';
import { requireBuyer } from '@/backend/session';
import { JoinRequestForm } from '@/components/account/join-request-form';
import { capabilitiesOf } from '@/components/account/roles';
import { AccountSections } from '@/components/account/section-nav';
import { Notice, PageHeader } from '@/components/account/ui';
import { dateTime } from '@/components/orders/format';
import { localeOrDefault } from '@/i18n/routing';
import { decideJoinRequestAction } from './actions';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/account/join-requests'>): Promise<Metadata> {
  const t = await getTranslations({
    locale: localeOrDefault((await params).locale),
    namespace: 'Account.joinRequests',
  });
  return { title: t('title') };
}

/** Registrations with the company's VAT number waiting for a buyer administrator's decision. */
export default async function JoinRequestsPage({ params }: PageProps<'/[locale]/account/join-requests'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [t, buyer] = await Promise.all([
    getTranslations({ locale, namespace: 'Account.joinRequests' }),
    requireBuyer(locale),
  ]);
  const allowed = capabilitiesOf(buyer.roles).decideJoinRequests;
  const requests: JoinRequest[] | undefined = allowed ? await listJoinRequests(buyer.token) : undefined;
  return (
    <div className="pb-12">
      <AccountSections locale={locale} current="joinRequests" buyer={buyer} />
      <PageHeader title={t('title')} intro={t('intro')} />
      {!allowed ? (
        <Notice tone="danger">{t('forbidden')}</Notice>
      ) : !requests ? (
        <Notice tone="danger" alert>
          {t('error')}
        </Notice>
      ) : requests.length === 0 ? (
        <p className="py-10 text-center text-ink-muted" data-testid="join-requests-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="mt-4 space-y-6" data-testid="join-requests">
          {requests.map((request) => {
            const name = [request.FirstName, request.LastName].filter(Boolean).join(' ') || request.Email;
            return (
              <li key={request.ID} data-request-id={request.ID}>
                <article
                  aria-labelledby={`join-${request.ID}`}
                  className="grid gap-6 rounded-lg border border-line p-4 sm:p-6 md:grid-cols-[1fr_minmax(16rem,24rem)]"
                >
                  <div className="min-w-0">
                    <h2 id={`join-${request.ID}`} className="text-xl font-semibold break-words">
                      {name}
                    </h2>
                    <dl className="mt-3 grid grid-cols-[max-content_minmax(0,1fr)] gap-x-6 gap-y-1">
                      <dt className="text-ink-muted">{t('email')}</dt>
                      <dd className="break-all">{request.Email}</dd>
                      <dt className="text-ink-muted">{t('requested')}</dt>
                      <dd>{dateTime(request.DateCreated, locale) ?? '—'}</dd>
                      <dt className="text-ink-muted">{t('expires')}</dt>
                      <dd>{dateTime(request.ExpiresAt, locale) ?? '—'}</dd>
                    </dl>
                  </div>
                  <JoinRequestForm
                    action={decideJoinRequestAction.bind(null, locale, request.ID, name)}
                    labels={{
                      reason: t('reason', { name }),
                      approve: t('approve'),
                      approveLabel: t('approveLabel', { name }),
                      decline: t('decline'),
                      declineLabel: t('declineLabel', { name }),
                    }}
                  />
                </article>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
