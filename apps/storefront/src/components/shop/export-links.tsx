import { getTranslations } from 'next-intl/server';
import type { AppLocale } from '@/i18n/routing';

/** CSV and PDF downloads of the cart or an order (plain anchors: route handlers' files). */
export async function ExportLinks({ locale, path }: { readonly locale: AppLocale; readonly path: string }) {
  const t = await getTranslations({ locale, namespace: 'Exports' });
  return (
    <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="export-links">
      {(['csv', 'pdf'] as const).map((format) => (
        <a
          key={format}
          href={`/${locale}${path}/export?format=${format}`}
          download
          className="text-brand underline underline-offset-2"
        >
          {t(format)}
        </a>
      ))}
    </p>
  );
}
