import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ForgotPasswordForm } from '@/components/password-reset-forms';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';
import { requestPasswordReset } from './actions';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/forgot-password'>): Promise<Metadata> {
  const locale = localeOrDefault((await params).locale);
  const t = await getTranslations({ locale, namespace: 'PasswordReset' });
  return { title: t('forgotTitle') };
}

/** Asks for a reset link by mail; the answer is the same whether or not an account exists. */
export default async function ForgotPasswordPage({ params }: PageProps<'/[locale]/forgot-password'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'PasswordReset' });
  return (
    <div className="mx-auto max-w-md py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('forgotTitle')}</h1>
      <p className="mt-4 text-ink-muted">{t('forgotIntro')}</p>
      <ForgotPasswordForm
        action={requestPasswordReset.bind(null, locale)}
        labels={{
          identifier: t('identifier'),
          submit: t('send'),
          submitting: t('sending'),
          sent: t('sent'),
        }}
      />
      <p className="mt-8">
        <Link href="/sign-in" className="button-secondary">
          {t('back')}
        </Link>
      </p>
    </div>
  );
}
