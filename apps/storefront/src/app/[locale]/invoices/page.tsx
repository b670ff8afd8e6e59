import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { INVOICES_PER_PAGE, type InvoicePage, listMyInvoices } from '@/backend/invoices';
import { requireBuyer } from '@/backend/session';
import { AccountSections } from '@/components/account/section-nav';
import { Notice, PageHeader } from '@/components/account/ui';
import { invoiceFilterQuery, isInvoiceFilterSet, parseInvoiceFilter } from '@/components/invoices/filters';
import { invoiceMoney } from '@/components/invoices/format';
import { InvoiceFiltersForm } from '@/components/invoices/invoice-filters-form';
import { day } from '@/components/orders/format';
import { ScrollRegion } from '@/components/scroll-region';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/invoices'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Invoices' });
  return { title: t('title') };
}

/** The buyer's invoices (the company's for buyer admins), filtered and paged by the URL. */
export default async function InvoicesPage({ params, searchParams }: PageProps<'/[locale]/invoices'>) {
  const locale = localeOrDefault((await params).locale);
  setRequestLocale(locale);
  const [t, buyer, query] = await Promise.all([
    getTranslations({ locale, namespace: 'Invoices' }),
    requireBuyer(locale),
    searchParams,
  ]);
  const filter = parseInvoiceFilter(query);
  // An order text that is neither a web order id nor an ERP number matches nothing.
  const unmatchable = Boolean(filter.order && !filter.orderId && !filter.orderNumber);
  let result: InvoicePage | undefined;
  try {
    result = unmatchable
      ? { items: [], total: 0, limit: INVOICES_PER_PAGE, offset: 0 }
      : await listMyInvoices(buyer.token, filter);
  } catch (error) {
    console.warn(`[invoices] list failed: ${String(error)}`);
  }
  const pages = result ? Math.max(1, Math.ceil(result.total / INVOICES_PER_PAGE)) : 1;

  return (
    <div className="pb-12">
      <AccountSections locale={locale} current="invoices" buyer={buyer} />
      <PageHeader title={t('title')} intro={t('intro')} />
      <InvoiceFiltersForm locale={locale} filter={filter} />
      {!result ? (
        <Notice tone="danger" alert>
          {t('error')}
        </Notice>
      ) : result.items.length === 0 ? (
        <p className="py-10 text-center text-ink-muted" data-testid="invoices-empty">
          {isInvoiceFilterSet(filter) ? t('list.noMatch') : t('list.empty')}
        </p>
      ) : (
        <>
          <p className="mt-6 text-sm text-ink-muted" aria-live="polite">
            {t('list.count', { count: result.total })}
          </p>
          <ScrollRegion className="mt-2" label={t('list.caption')}>
            <table className="w-full min-w-[36rem] border-collapse text-left" data-testid="invoices-table">
              <caption className="sr-only">{t('list.caption')}</caption>
              <thead>
                <tr className="border-b border-line-strong text-sm text-ink-muted">
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('list.invoice')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('list.issued')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('list.due')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    {t('list.order')}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {t('list.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.items.map((invoice) => (
                  <tr key={invoice.invoiceNumber} className="border-b border-line">
                    <th scope="row" className="py-3 pr-4 font-medium">
                      <Link
                        href={`/invoices/${encodeURIComponent(invoice.invoiceNumber)}`}
                        className="text-brand underline underline-offset-4"
                        aria-label={t('list.view', { number: invoice.invoiceNumber })}
                      >
                        {invoice.invoiceNumber}
                      </Link>
                    </th>
                    <td className="py-3 pr-4">{day(invoice.issueDate, locale)}</td>
                    <td className="py-3 pr-4">{day(invoice.dueDate, locale)}</td>
                    <td className="py-3 pr-4">
                      <Link
                        href={`/orders/${encodeURIComponent(invoice.webShopOrderId)}`}
                        className="text-brand underline underline-offset-4"
                      >
                        {invoice.webShopOrderId}
                      </Link>
                      <span className="block text-sm text-ink-muted">{invoice.orderNumber}</span>
                    </td>
                    <td className="py-3 text-right tabular-nums">
                      {invoiceMoney(invoice.totalAmount, invoice.currency, locale)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          {pages > 1 ? (
            <nav aria-label={t('paging.label')} className="mt-6 flex items-center justify-between gap-4">
              {filter.page > 1 ? (
                <Link
                  href={`/invoices${invoiceFilterQuery(filter, filter.page - 1)}`}
                  className="button-secondary"
                  rel="prev"
                >
                  {t('paging.previous')}
                </Link>
              ) : (
                <span />
              )}
              <span className="text-sm text-ink-muted">{t('paging.page', { page: filter.page, pages })}</span>
              {filter.page < pages ? (
                <Link
                  href={`/invoices${invoiceFilterQuery(filter, filter.page + 1)}`}
                  className="button-secondary"
                  rel="next"
                >
                  {t('paging.next')}
                </Link>
              ) : (
                <span />
              )}
            </nav>
          ) : null}
        </>
      )}
    </div>
  );
}
