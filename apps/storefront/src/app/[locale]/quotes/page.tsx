import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { listQuotes } from '@/backend/quotes';
import { requireBuyer } from '@/backend/session';
import { formatDay } from '@/components/quotes/format';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/quotes'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Quotes' });
  return { title: t('title') };
}

/** The buyer's quotes, newest first, with their status. */
export default async function QuotesPage({ params }: PageProps<'/[locale]/quotes'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const buyer = await requireBuyer(locale);
  const t = await getTranslations({ locale, namespace: 'Quotes' });
  const quotes = await listQuotes(buyer.token);
  return (
    <div className="py-8">
      <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
      <p className="mt-2 max-w-prose text-ink-muted">{t('intro')}</p>
      {quotes.length === 0 ? (
        <p className="mt-6 rounded-md border border-line bg-surface-muted p-6">{t('none')}</p>
      ) : (
        <table className="mt-6 w-full text-sm">
          <caption className="sr-only">{t('title')}</caption>
          <thead>
            <tr className="border-b border-line-strong text-left">
              <th scope="col" className="py-2 pr-2">
                {t('quote')}
              </th>
              <th scope="col" className="py-2 pr-2">
                {t('status')}
              </th>
              <th scope="col" className="hidden py-2 pr-2 sm:table-cell">
                {t('requested')}
              </th>
              <th scope="col" className="py-2">
                {t('validUntil')}
              </th>
            </tr>
          </thead>
          <tbody>
            {quotes.map((quote) => (
              <tr key={quote.id} className="border-b border-line">
                <td className="py-2 pr-2">
                  <Link
                    href={`/quotes/${encodeURIComponent(quote.id)}`}
                    className="font-medium text-brand underline underline-offset-2"
                  >
                    {quote.id}
                  </Link>
                </td>
                <td className="py-2 pr-2">{t(`statuses.${quote.status}`)}</td>
                <td className="hidden py-2 pr-2 sm:table-cell">
                  {formatDay(quote.createdAt.slice(0, 10), locale)}
                </td>
                <td className="py-2">{quote.validUntil ? formatDay(quote.validUntil, locale) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <p className="mt-6">
        <Link href="/cart" className="text-brand underline underline-offset-2">
          {t('toCart')}
        </Link>
      </p>
    </div>
  );
}
