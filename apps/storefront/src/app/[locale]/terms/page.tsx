import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { policyVersions } from '@/backend/policies';
import { getBuyerSession } from '@/backend/session';
import { AccountSections } from '@/components/account/section-nav';
import { TermsForm } from '@/components/account/terms-form';
import { Notice, PageHeader, Section } from '@/components/account/ui';
import { localeOrDefault } from '@/i18n/routing';
import { acceptTermsAction } from './actions';

export async function generateMetadata({ params }: PageProps<'/[locale]/terms'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Terms' });
  return { title: t('title') };
}

/** The current terms and privacy policy; signed-in buyers accept them here. */
export default async function TermsPage({ params }: PageProps<'/[locale]/terms'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [t, buyer, { termsVersion, privacyVersion }] = await Promise.all([
    getTranslations({ locale, namespace: 'Terms' }),
    getBuyerSession(),
    policyVersions(),
  ]);
  const terms = buyer?.user.xp?.TermsVersionApproved;
  const privacy = buyer?.user.xp?.PrivacyVersionApproved;
  const current =
    typeof terms === 'number' &&
    typeof privacy === 'number' &&
    terms >= termsVersion &&
    privacy >= privacyVersion;
  return (
    <div className="pb-12">
      {buyer ? <AccountSections locale={locale} current="terms" buyer={buyer} /> : null}
      <PageHeader title={t('title')} intro={t('intro')} />
      <Section title={t('termsTitle', { version: termsVersion })} id="terms-text">
        <p className="max-w-3xl leading-relaxed">{t('termsBody')}</p>
      </Section>
      <Section title={t('privacyTitle', { version: privacyVersion })} id="privacy-text">
        <p className="max-w-3xl leading-relaxed">{t('privacyBody')}</p>
      </Section>
      {buyer ? (
        <div className="mt-8" data-testid="terms-acceptance" data-current={current ? 'true' : 'false'}>
          {current ? (
            <Notice tone="success">
              {t('accepted', { terms: terms as number, privacy: privacy as number })}
            </Notice>
          ) : (
            <>
              {buyer.invited ? (
                <Notice tone="info" testId="terms-welcome">
                  {t('welcome')}
                </Notice>
              ) : null}
              {typeof terms === 'number' ? <Notice tone="warning">{t('acceptedOld')}</Notice> : null}
              <TermsForm
                action={acceptTermsAction.bind(null, locale)}
                labels={{
                  acceptTerms: t('acceptTerms', { version: termsVersion }),
                  acceptPrivacy: t('acceptPrivacy', { version: privacyVersion }),
                  submit: t('submit'),
                  submitting: t('submitting'),
                }}
              />
            </>
          )}
        </div>
      ) : (
        <p className="mt-8 text-ink-muted">{t('signInRequired')}</p>
      )}
    </div>
  );
}
