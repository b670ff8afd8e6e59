import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ForgotPasswordForm, ResetPasswordForm } from '@/components/password-reset-forms';
import { localeOrDefault } from '@/i18n/routing';
import { requestPasswordReset, resetPassword } from '../forgot-password/actions';

export async function generateMetadata({ params }: PageProps<'/[locale]/reset-password'>): Promise<Metadata> {
  const locale = localeOrDefault((await params).locale);
  const t = await getTranslations({ locale, namespace: 'PasswordReset' });
  return { title: t('resetTitle') };
}

/** The page the reset mail links to (`?code=…`): a new password, then sign-in. */
export default async function ResetPasswordPage({
  params,
  searchParams,
}: PageProps<'/[locale]/reset-password'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [t, query] = await Promise.all([
    getTranslations({ locale, namespace: 'PasswordReset' }),
    searchParams,
  ]);
  const code = typeof query.code === 'string' ? query.code.slice(0, 256) : '';
  return (
    <div className="mx-auto max-w-md py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('resetTitle')}</h1>
      {code ? (
        <>
          <p className="mt-4 text-ink-muted">{t('resetIntro')}</p>
          <ResetPasswordForm
            action={resetPassword.bind(null, locale)}
            code={code}
            labels={{
              username: t('username'),
              password: t('password'),
              confirm: t('confirm'),
              hint: t('passwordHint'),
              submit: t('save'),
              submitting: t('saving'),
            }}
          />
        </>
      ) : (
        <>
          <p className="mt-4 text-ink-muted">{t('noCode')}</p>
          <ForgotPasswordForm
            action={requestPasswordReset.bind(null, locale)}
            labels={{
              identifier: t('identifier'),
              submit: t('send'),
              submitting: t('sending'),
              sent: t('sent'),
            }}
          />
        </>
      )}
    </div>
  );
}
