import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { AppLocale } from '../i18n/routing';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The whole document around a page: `<html lang>`, skip link, header, main landmark, footer. */
export async function SiteDocument({
  locale,
  children,
}: {
  readonly locale: AppLocale;
  readonly children: ReactNode;
}) {
  const t = await getTranslations({ locale, namespace: 'Layout' });
  return (
    <html lang={locale}>
      <body className="flex min-h-screen flex-col">
        <a href="#main" className="skip-link">
          {t('skipToContent')}
        </a>
        {/* No NextIntlClientProvider: client components get their texts as props (no next-intl in the browser). */}
        <SiteHeader locale={locale} />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-6xl flex-1 px-4 sm:px-6">
          {children}
        </main>
        <SiteFooter locale={locale} />
      </body>
    </html>
  );
}
