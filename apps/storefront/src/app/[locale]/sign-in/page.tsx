import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { signIn } from '@/auth/actions';
import { RETURN_TO_PARAM, safeReturnTo } from '@/auth/return-to';
import { hasSession } from '@/auth/session';
import { SignInForm } from '@/components/sign-in-form';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/sign-in'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'SignIn' });
  return { title: t('title') };
}

export default async function SignInPage({ params, searchParams }: PageProps<'/[locale]/sign-in'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [t, tReset, signedIn, query] = await Promise.all([
    getTranslations({ locale, namespace: 'SignIn' }),
    getTranslations({ locale, namespace: 'PasswordReset' }),
    hasSession(),
    searchParams,
  ]);
  // The page that sent the buyer here (requireBuyer); only a safe path of this site is carried on.
  const returnTo = safeReturnTo(query[RETURN_TO_PARAM]);

  return (
    <div className="mx-auto max-w-md py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      {query.reset === 'done' ? (
        <p role="status" className="mt-4 rounded-md border border-line px-4 py-3">
          {tReset('done')}
        </p>
      ) : null}
      {signedIn ? (
        <p className="mt-4 text-ink-muted">{t('alreadySignedIn')}</p>
      ) : (
        <>
          <p className="mt-4 text-ink-muted">{returnTo ? t('signInToContinue') : t('intro')}</p>
          <SignInForm
            action={signIn.bind(null, locale)}
            returnTo={returnTo}
            labels={{
              username: t('username'),
              password: t('password'),
              submit: t('submit'),
              submitting: t('submitting'),
            }}
          />
          <ul className="mt-6 space-y-2 text-sm">
            <li>
              <Link href="/forgot-password" className="text-brand underline underline-offset-4">
                {t('forgotPassword')}
              </Link>
            </li>
            <li>
              <Link href="/register" className="text-brand underline underline-offset-4">
                {t('register')}
              </Link>
            </li>
          </ul>
        </>
      )}
    </div>
  );
}
