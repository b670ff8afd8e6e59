import { getTranslations } from 'next-intl/server';
import { Link } from '../i18n/link';
import type { AppLocale } from '../i18n/routing';

export async function NotFoundContent({ locale }: { readonly locale: AppLocale }) {
  const t = await getTranslations({ locale, namespace: 'NotFound' });
  return (
    <div className="py-16">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <p className="mt-4 text-ink-muted">{t('body')}</p>
      <p className="mt-6">
        <Link href="/" locale={locale} className="text-brand underline underline-offset-4">
          {t('backHome')}
        </Link>
      </p>
    </div>
  );
}
