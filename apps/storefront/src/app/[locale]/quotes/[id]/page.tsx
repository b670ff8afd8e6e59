import { fromMinorUnits } from '@actuate/contracts';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getQuote } from '@/backend/quotes';
import { requireBuyer } from '@/backend/session';
import { acceptQuoteAction, declineQuoteAction } from '@/components/quotes/actions';
import { formatDay } from '@/components/quotes/format';
import { ActionForm } from '@/components/shop/action-form';
import { formatMoney } from '@/format/money';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/quotes/[id]'>): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale: localeOrDefault(locale), namespace: 'Quotes' });
  return { title: t('detailTitle', { id: decodeURIComponent(id) }) };
}

/** One of the buyer's quotes: the lines with the quoted prices, and accept / decline while quoted. */
export default async function QuotePage({ params }: PageProps<'/[locale]/quotes/[id]'>) {
  const { locale: raw, id: rawId } = await params;
  const locale = localeOrDefault(raw);
  setRequestLocale(locale);
  const buyer = await requireBuyer(locale);
  const t = await getTranslations({ locale, namespace: 'Quotes' });
  const id = decodeURIComponent(rawId);
  const quote = id.length <= 40 ? await getQuote(buyer.token, id) : undefined;
  if (!quote) notFound();
  const money = (minor: number | null) =>
    minor === null ? '—' : formatMoney(fromMinorUnits(minor, quote.currency), quote.currency, locale);
  const total = quote.lines.every((line) => line.quotedUnitPrice !== null)
    ? quote.lines.reduce((sum, line) => sum + (line.quotedUnitPrice ?? 0) * line.quantity, 0)
    : null;
  return (
    <div className="py-8">
      <p>
        <Link href="/quotes" className="text-brand underline underline-offset-2">
          {t('back')}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{t('detailTitle', { id: quote.id })}</h1>
      <dl className="mt-4 grid max-w-prose grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-medium">{t('status')}</dt>
        <dd data-testid="quote-status">{t(`statuses.${quote.status}`)}</dd>
        <dt className="font-medium">{t('requested')}</dt>
        <dd>{formatDay(quote.createdAt.slice(0, 10), locale)}</dd>
        {quote.validUntil ? (
          <>
            <dt className="font-medium">{t('validUntil')}</dt>
            <dd>{formatDay(quote.validUntil, locale)}</dd>
          </>
        ) : null}
        <dt className="font-medium">{t('yourMessage')}</dt>
        <dd className="whitespace-pre-wrap break-words">{quote.message}</dd>
        {quote.sellerNote ? (
          <>
            <dt className="font-medium">{t('sellerNote')}</dt>
            <dd className="whitespace-pre-wrap break-words">{quote.sellerNote}</dd>
          </>
        ) : null}
      </dl>
      <table className="mt-6 w-full text-sm">
        <caption className="sr-only">{t('linesCaption')}</caption>
        <thead>
          <tr className="border-b border-line-strong text-left">
            <th scope="col" className="py-2 pr-2">
              {t('item')}
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              {t('quantity')}
            </th>
            <th scope="col" className="py-2 pr-2 text-right">
              {t('unitPrice')}
            </th>
            <th scope="col" className="py-2 text-right">
              {t('lineTotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.lines.map((line) => (
            <tr key={line.lineNo} className="border-b border-line align-top">
              <td className="break-words py-2 pr-2">
                {line.name}
                <span className="block font-mono text-xs text-ink-muted">{line.productId}</span>
              </td>
              <td className="py-2 pr-2 text-right">{line.quantity}</td>
              <td className="py-2 pr-2 text-right">{money(line.quotedUnitPrice)}</td>
              <td className="py-2 text-right">
                {line.quotedUnitPrice === null ? '—' : money(line.quotedUnitPrice * line.quantity)}
              </td>
            </tr>
          ))}
        </tbody>
        {total !== null ? (
          <tfoot>
            <tr>
              <th scope="row" colSpan={3} className="py-2 pr-2 text-right">
                {t('total')}
              </th>
              <td className="py-2 text-right font-semibold">{money(total)}</td>
            </tr>
          </tfoot>
        ) : null}
      </table>
      {quote.status === 'quoted' ? (
        <div className="mt-6 flex flex-wrap gap-4">
          <ActionForm action={acceptQuoteAction.bind(null, locale, quote.id)}>
            <button type="submit" className="button-primary py-2">
              {t('accept')}
            </button>
          </ActionForm>
          <ActionForm action={declineQuoteAction.bind(null, locale, quote.id)}>
            <button type="submit" className="button-secondary py-2">
              {t('decline')}
            </button>
          </ActionForm>
        </div>
      ) : (
        <p className="mt-6 max-w-prose">
          {t(`explain.${quote.status as Exclude<typeof quote.status, 'quoted'>}`)}
        </p>
      )}
    </div>
  );
}
