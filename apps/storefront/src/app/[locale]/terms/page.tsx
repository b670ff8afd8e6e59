import { CURRENT_PRIVACY_VERSION, CURRENT_TERMS_VERSION } from '@actuate/contracts';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
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
  const [t, buyer] = await Promise.all([getTranslations({ locale, namespace: 'Terms' }), getBuyerSession()]);
  const terms = buyer?.user.xp?.TermsVersionApproved;
  const privacy = buyer?.user.xp?.PrivacyVersionApproved;
  const current =
    typeof terms === 'number' &&
    typeof privacy === 'number' &&
    terms >= CURRENT_TERMS_VERSION &&
    privacy >= CURRENT_PRIVACY_VERSION;
  return (
    <div className="pb-12">
      {buyer ? <AccountSections locale={locale} current="terms" buyer={buyer} /> : null}
      <PageHeader title={t('title')} intro={t('intro')} />
      <Section title={t('termsTitle', { version: CURRENT_TERMS_VERSION })} id="terms-text">
        <p className="max-w-3xl leading-relaxed">{t('termsBody')}</p>
      </Section>
      <Section title={t('privacyTitle', { version: CURRENT_PRIVACY_VERSION })} id="privacy-text">
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
              {typeof terms === 'number' ? <Notice tone="warning">{t('acceptedOld')}</Notice> : null}
              <TermsForm
                action={acceptTermsAction.bind(null, locale)}
                labels={{
                  acceptTerms: t('acceptTerms', { version: CURRENT_TERMS_VERSION }),
                  acceptPrivacy: t('acceptPrivacy', { version: CURRENT_PRIVACY_VERSION }),
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
