import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { SUPPORT_EMAIL } from '@/components/header/contact';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({
  params,
}: PageProps<'/[locale]/forgot-password'>): Promise<Metadata> {
  const locale = localeOrDefault((await params).locale);
  const t = await getTranslations({ locale, namespace: 'ForgotPassword' });
  return { title: t('title') };
}

/** How a buyer gets a new password while the storefront has no reset of its own: their administrator or support. */
export default async function ForgotPasswordPage({ params }: PageProps<'/[locale]/forgot-password'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'ForgotPassword' });
  return (
    <div className="mx-auto max-w-md py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      <p className="mt-4 text-ink-muted">{t('intro')}</p>
      <ul className="mt-4 list-disc space-y-2 pl-6">
        <li>{t('admin')}</li>
        <li>
          {t.rich('support', {
            email: SUPPORT_EMAIL,
            mail: (chunks) => (
              <a href={`mailto:${SUPPORT_EMAIL}`} className="text-brand underline underline-offset-4">
                {chunks}
              </a>
            ),
          })}
        </li>
      </ul>
      <p className="mt-8">
        <Link href="/sign-in" className="button-secondary">
          {t('back')}
        </Link>
      </p>
    </div>
  );
}
