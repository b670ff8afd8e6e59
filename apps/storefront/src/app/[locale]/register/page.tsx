import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { policyVersions } from '@/backend/policies';
import { PageHeader } from '@/components/account/ui';
import { REGISTRATION_COUNTRIES } from '@/components/register/registration-form';
import { RegistrationForm } from '@/components/register/registration-form-view';
import { localeOrDefault } from '@/i18n/routing';
import { registerAction } from './actions';

export async function generateMetadata({ params }: PageProps<'/[locale]/register'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Register' });
  return { title: t('title') };
}

/** A new business buyer registers their company (public). */
export default async function RegisterPage({ params }: PageProps<'/[locale]/register'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [t, { termsVersion, privacyVersion }] = await Promise.all([
    getTranslations({ locale, namespace: 'Register' }),
    policyVersions(),
  ]);
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  const countries = REGISTRATION_COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort(
    (a, b) => a.name.localeCompare(b.name, locale),
  );
  return (
    <div className="mx-auto max-w-2xl pb-12">
      <PageHeader title={t('title')} intro={t('intro')} />
      <RegistrationForm
        action={registerAction.bind(null, locale)}
        countries={countries}
        labels={{
          companyLegend: t('companyLegend'),
          personLegend: t('personLegend'),
          companyName: t('companyName'),
          vatNumber: t('vatNumber'),
          vatHint: t('vatHint'),
          country: t('country'),
          chooseCountry: t('chooseCountry'),
          firstName: t('firstName'),
          lastName: t('lastName'),
          email: t('email'),
          password: t('password'),
          passwordHint: t('passwordHint'),
          phone: t('phone'),
          acceptTerms: t('acceptTerms', { terms: termsVersion, privacy: privacyVersion }),
          readTerms: t('readTerms'),
          submit: t('submit'),
          submitting: t('submitting'),
        }}
      />
    </div>
  );
}
