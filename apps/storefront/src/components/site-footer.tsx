import { getTranslations } from 'next-intl/server';
import type { AppLocale } from '@/i18n/routing';

export async function SiteFooter({ locale }: { readonly locale: AppLocale }) {
  const t = await getTranslations({ locale, namespace: 'Layout' });
  return (
    <footer className="mt-16 border-t border-line bg-surface-muted">
      <div className="mx-auto flex max-w-6xl flex-wrap justify-between gap-2 px-4 py-6 text-sm text-ink-muted sm:px-6">
        <p>{t('tagline')}</p>
        <p>{t('copyright', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
