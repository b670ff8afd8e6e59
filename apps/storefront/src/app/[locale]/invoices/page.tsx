import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { INVOICES_PER_PAGE, type InvoicePage, listMyInvoices } from '@/backend/invoices';
import { requireBuyer } from '@/backend/session';
import { AccountSections } from '@/components/account/section-nav';
import { Notice, PageHeader } from '@/components/account/ui';
import { invoiceFilterQuery, isInvoiceFilterSet, parseInvoiceFilter } from '@/components/invoices/filters';
import { invoiceMoney } from '@/components/invoices/format';
import { InvoiceFiltersForm } from '@/components/invoices/invoice-filters-form';
import { ColumnHeadings, Pager } from '@/components/lists/pager';
import { day } from '@/components/orders/format';
import { ScrollRegion } from '@/components/scroll-region';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/invoices'>): Promise<Metadata> {
  const t = await getTranslations({ locale: localeOrDefault((await params).locale), namespace: 'Invoices' });
  return { title: t('title') };
}

/** The buyer's invoices and credit notes (the company's for buyer admins), filtered and paged by the URL. */
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
              <ColumnHeadings
                labels={[
                  t('list.invoice'),
                  t('list.issued'),
                  t('list.due'),
                  t('list.order'),
                  t('list.total'),
                ]}
              />
              <tbody>
                {result.items.map((invoice) => (
                  <tr key={invoice.invoiceNumber} className="border-b border-line">
                    <th scope="row" className="py-3 pr-4 font-medium">
                      <Link
                        href={`/invoices/${encodeURIComponent(invoice.invoiceNumber)}`}
                        className="text-brand underline underline-offset-4"
                        aria-label={
                          invoice.kind === 'CreditNote'
                            ? t('list.viewCreditNote', { number: invoice.invoiceNumber })
                            : t('list.view', { number: invoice.invoiceNumber })
                        }
                      >
                        {invoice.invoiceNumber}
                      </Link>
                      {invoice.kind === 'CreditNote' ? (
                        <span
                          className="block text-sm font-normal text-ink-muted"
                          data-testid="credit-note-mark"
                        >
                          {t('list.creditNote')}
                          {invoice.creditsInvoiceNumber
                            ? ` · ${t('list.credits', { number: invoice.creditsInvoiceNumber })}`
                            : null}
                        </span>
                      ) : null}
                    </th>
                    <td className="py-3 pr-4">{day(invoice.issueDate, locale)}</td>
                    <td className="py-3 pr-4">
                      {invoice.kind === 'CreditNote' ? (
                        <span aria-hidden="true">{t('list.noDue')}</span>
                      ) : (
                        day(invoice.dueDate, locale)
                      )}
                    </td>
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
            <Pager
              label={t('paging.label')}
              status={t('paging.page', { page: filter.page, pages })}
              previous={{
                text: t('paging.previous'),
                href: filter.page > 1 ? `/invoices${invoiceFilterQuery(filter, filter.page - 1)}` : undefined,
              }}
              next={{
                text: t('paging.next'),
                href:
                  filter.page < pages ? `/invoices${invoiceFilterQuery(filter, filter.page + 1)}` : undefined,
              }}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
