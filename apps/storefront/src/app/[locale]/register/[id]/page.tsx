import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Notice, PageHeader } from '@/components/account/ui';
import { AutoRefresh } from '@/components/register/auto-refresh';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';
import { getRegistration } from '@/platform/registrations';

export async function generateMetadata({ params }: PageProps<'/[locale]/register/[id]'>): Promise<Metadata> {
  const t = await getTranslations({
    locale: localeOrDefault((await params).locale),
    namespace: 'Register.status',
  });
  return { title: t('title') };
}

/** How far a registration got: Pending (refreshes itself), Complete or Failed. */
export default async function RegistrationStatusPage({ params }: PageProps<'/[locale]/register/[id]'>) {
  const { locale: rawLocale, id } = await params;
  const locale = localeOrDefault(rawLocale);
  setRequestLocale(locale);
  const [t, registration] = await Promise.all([
    getTranslations({ locale, namespace: 'Register.status' }),
    getRegistration(id),
  ]);
  const status =
    registration?.Status === 'Complete' ||
    registration?.Status === 'Failed' ||
    registration?.Status === 'Pending'
      ? registration.Status
      : undefined;
  return (
    <div className="mx-auto max-w-2xl pb-12">
      <PageHeader title={t('title')} />
      {!registration || !status ? (
        <Notice tone="danger" alert>
          {t('unknown')}
        </Notice>
      ) : (
        <div data-testid="registration-status" data-status={status}>
          <Notice tone={status === 'Failed' ? 'danger' : status === 'Complete' ? 'success' : 'info'} alert>
            <p className="font-medium">{t(status)}</p>
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
          <p className="mt-6 flex flex-wrap gap-3">
            {status === 'Pending' ? (
              <Link href={`/register/${registration.ID}`} className="button-secondary">
                {t('checkAgain')}
              </Link>
            ) : null}
            <Link href="/sign-in" className="button-primary py-2">
              {t('signIn')}
            </Link>
          </p>
        </div>
      )}
    </div>
  );
}
