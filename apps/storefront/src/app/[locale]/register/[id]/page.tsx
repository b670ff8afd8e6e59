import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getRegistration } from '@/backend/registrations';
import { Notice, PageHeader } from '@/components/account/ui';
import { dateTime } from '@/components/orders/format';
import { AutoRefresh } from '@/components/register/auto-refresh';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/register/[id]'>): Promise<Metadata> {
  const t = await getTranslations({
    locale: localeOrDefault((await params).locale),
    namespace: 'Register.status',
  });
  return { title: t('title') };
}

const STATUSES = ['Pending', 'AwaitingApproval', 'Complete', 'Failed', 'Declined', 'Expired'] as const;
type Status = (typeof STATUSES)[number];
const isStatus = (value: unknown): value is Status => STATUSES.includes(value as Status);
const TONE = {
  Pending: 'info',
  AwaitingApproval: 'info',
  Complete: 'success',
  Failed: 'danger',
  Declined: 'danger',
  Expired: 'warning',
} as const;

/**
 * How far a registration got: Pending (refreshes itself), Complete or Failed; a join request (the
 * company exists already) waits for the company's administrator: AwaitingApproval, Declined (with
 * the reason) or Expired.
 */
export default async function RegistrationStatusPage({ params }: PageProps<'/[locale]/register/[id]'>) {
  const { locale: rawLocale, id } = await params;
  const locale = localeOrDefault(rawLocale);
  setRequestLocale(locale);
  const [t, registration] = await Promise.all([
    getTranslations({ locale, namespace: 'Register.status' }),
    getRegistration(id),
  ]);
  const status = isStatus(registration?.Status) ? registration.Status : undefined;
  const closed = status === 'Declined' || status === 'Expired';
  return (
    <div className="mx-auto max-w-2xl pb-12">
      <PageHeader title={t('title')} />
      {!registration || !status ? (
        <Notice tone="danger" alert>
          {t('unknown')}
        </Notice>
      ) : (
        <div data-testid="registration-status" data-status={status}>
          <Notice tone={TONE[status]} alert>
            <p className="font-medium">{t(status)}</p>
            {status === 'Declined' && registration.Message ? (
              <p className="mt-2 break-words" data-testid="registration-reason">
                {t('declinedReason', { reason: registration.Message })}
              </p>
            ) : null}
          </Notice>
          <div className="mt-4 space-y-1 text-ink-muted">
            {registration.CompanyName ? <p>{t('company', { company: registration.CompanyName })}</p> : null}
            <p>{t('reference', { id: registration.ID })}</p>
          </div>
          {status === 'Pending' ? (
            <>
              <AutoRefresh seconds={5} />
              <p className="mt-4">{t('pendingNote')}</p>
            </>
          ) : null}
          {status === 'AwaitingApproval' ? (
            <p className="mt-4">
              {t('awaitingNote', { date: dateTime(registration.ExpiresAt, locale) ?? '—' })}
            </p>
          ) : null}
          <p className="mt-6 flex flex-wrap gap-3">
            {status === 'Pending' || status === 'AwaitingApproval' ? (
              <Link href={`/register/${registration.ID}`} className="button-secondary">
                {t('checkAgain')}
              </Link>
            ) : null}
            {closed ? (
              <Link href="/register" className="button-primary py-2">
                {t('registerAgain')}
              </Link>
            ) : status !== 'AwaitingApproval' ? (
              <Link href="/sign-in" className="button-primary py-2">
                {t('signIn')}
              </Link>
            ) : null}
          </p>
        </div>
      )}
    </div>
  );
}
