import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { getMyInvoice, type InvoiceDetail } from '@/backend/invoices';
import { requireBuyer } from '@/backend/session';
import { AccountSections } from '@/components/account/section-nav';
import { Notice, PageHeader, Section } from '@/components/account/ui';
import { countryName, invoiceMoney, vatRate } from '@/components/invoices/format';
import { day } from '@/components/orders/format';
import { ScrollRegion } from '@/components/scroll-region';
import { Link } from '@/i18n/link';
import { localeOrDefault } from '@/i18n/routing';

export async function generateMetadata({ params }: PageProps<'/[locale]/invoices/[id]'>): Promise<Metadata> {
  const { locale, id } = await params;
  const t = await getTranslations({ locale: localeOrDefault(locale), namespace: 'Invoices.detail' });
  const number = decodeURIComponent(id);
  return { title: t(isCreditNoteNumber(number) ? 'creditNoteTitle' : 'title', { number }) };
}

/** Credit note numbers look like CN-ADK-2026-000001 (invoice numbers INV-…). */
const isCreditNoteNumber = (number: string) => number.startsWith('CN-');

/**
 * One invoice or credit note: who sells to whom, the ERP's lines, VAT and totals, due date; a PDF to
 * download. An invoice links its credit notes, a credit note the invoice it credits.
 */
export default async function InvoicePage({ params }: PageProps<'/[locale]/invoices/[id]'>) {
  const { locale: rawLocale, id } = await params;
  const locale = localeOrDefault(rawLocale);
  setRequestLocale(locale);
  const invoiceNumber = decodeURIComponent(id);
  const [t, buyer] = await Promise.all([
    getTranslations({ locale, namespace: 'Invoices' }),
    requireBuyer(locale),
  ]);
  let invoice: InvoiceDetail | undefined;
  let failed = false;
  try {
    invoice = await getMyInvoice(buyer.token, invoiceNumber);
  } catch (error) {
    failed = true;
    console.warn(`[invoices] detail ${invoiceNumber} failed: ${String(error)}`);
  }
  const back = (
    <p className="mt-6">
      <Link href="/invoices" className="text-brand underline underline-offset-4">
        ← {t('detail.back')}
      </Link>
    </p>
  );
  if (!invoice) {
    return (
      <div className="pb-12">
        <AccountSections locale={locale} current="invoices" buyer={buyer} />
        {back}
        <PageHeader
          title={t(isCreditNoteNumber(invoiceNumber) ? 'detail.creditNoteTitle' : 'detail.title', {
            number: invoiceNumber,
          })}
        />
        <Notice tone="danger" alert>
          {failed ? t('error') : t('detail.notFound')}
        </Notice>
      </div>
    );
  }
  const money = (minor: number) => invoiceMoney(minor, invoice.currency, locale);
  const address = invoice.buyer.address;
  const creditNote = invoice.kind === 'CreditNote';
  const documentLink = (number: string, testId: string) => (
    <Link
      key={number}
      href={`/invoices/${encodeURIComponent(number)}`}
      className="text-brand underline underline-offset-4"
      data-testid={testId}
    >
      {number}
    </Link>
  );
  const facts: [string, React.ReactNode][] = [
    ...((creditNote
      ? [
          [t('detail.creditNoteIssued'), day(invoice.issueDate, locale)],
          [
            t('detail.credits'),
            invoice.creditsInvoiceNumber
              ? documentLink(invoice.creditsInvoiceNumber, 'credited-invoice-link')
              : '',
          ],
          [t('detail.reason'), invoice.reason ?? ''],
        ]
      : [
          [t('detail.issued'), day(invoice.issueDate, locale)],
          [t('detail.due'), <strong key="due">{day(invoice.dueDate, locale)}</strong>],
          [t('detail.terms'), t('detail.termsDays', { days: invoice.paymentTermsDays })],
        ]) as [string, React.ReactNode][]),
    [
      t('detail.order'),
      <Link
        key="order"
        href={`/orders/${encodeURIComponent(invoice.webShopOrderId)}`}
        className="text-brand underline underline-offset-4"
        data-testid="invoice-order-link"
      >
        {invoice.webShopOrderId}
      </Link>,
    ],
    [t('detail.orderNumber'), invoice.orderNumber],
    ...(invoice.customerReference
      ? [[t('detail.reference'), invoice.customerReference] as [string, string]]
      : []),
    [t('detail.currency'), invoice.currency],
  ];

  return (
    <div className="pb-12" data-testid="invoice-detail">
      <AccountSections locale={locale} current="invoices" buyer={buyer} />
      {back}
      <PageHeader
        title={t(creditNote ? 'detail.creditNoteTitle' : 'detail.title', { number: invoice.invoiceNumber })}
      >
        {/* A plain link: the route handler answers with the file (Content-Disposition: attachment). */}
        <a
          href={`/${locale}/invoices/${encodeURIComponent(invoice.invoiceNumber)}/pdf`}
          className="button-primary"
          download={`${invoice.invoiceNumber}.pdf`}
          data-testid="invoice-pdf"
        >
          {t('detail.download')}
        </a>
      </PageHeader>

      <div className="grid gap-6 md:grid-cols-3">
        <Section title={t(creditNote ? 'detail.creditNoteFacts' : 'detail.facts')} id="invoice-facts-title">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            {facts.map(([term, value]) => (
              <div key={term} className="contents">
                <dt className="text-ink-muted">{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
        </Section>
        <Section title={t('detail.seller')} id="invoice-seller-title">
          <address className="text-sm not-italic">
            <span className="font-semibold">{invoice.seller.name}</span>
            <br />
            {countryName(invoice.seller.countryCode2, locale)}
            <br />
            {t('detail.vatNumber', { number: invoice.seller.vatNumber })}
          </address>
        </Section>
        <Section title={t('detail.buyer')} id="invoice-buyer-title">
          <address className="text-sm not-italic" data-testid="invoice-buyer">
            <span className="font-semibold">{invoice.buyer.name}</span>
            {address ? (
              <>
                <br />
                {address.street1}
                {address.street2 ? (
                  <>
                    <br />
                    {address.street2}
                  </>
                ) : null}
                <br />
                {address.zip} {address.city}
                <br />
                {countryName(address.countryCode2, locale)}
              </>
            ) : null}
            <br />
            {t('detail.vatNumber', { number: invoice.buyer.vatNumber })}
            <br />
            {t('detail.customerNumber', { number: invoice.buyer.customerErpId })}
          </address>
        </Section>
      </div>

      <Section title={t('lines.title')} id="invoice-lines-title">
        <ScrollRegion label={t('lines.caption')}>
          <table
            className="w-full min-w-[32rem] border-collapse text-left text-sm"
            data-testid="invoice-lines"
          >
            <caption className="sr-only">{t('lines.caption')}</caption>
            <thead>
              <tr className="border-b border-line-strong text-ink-muted">
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('lines.item')}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('lines.description')}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  {t('lines.quantity')}
                </th>
                <th scope="col" className="py-2 pr-4 text-right font-medium">
                  {t('lines.unitPrice')}
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  {t('lines.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.lines.map((line) => (
                <tr key={line.lineNumber} className="border-b border-line">
                  <th scope="row" className="py-2 pr-4 font-medium">
                    {line.salesItemNumber}
                  </th>
                  <td className="py-2 pr-4">{line.description}</td>
                  <td className="py-2 pr-4 text-right tabular-nums">
                    {new Intl.NumberFormat(locale).format(line.quantity)}
                  </td>
                  <td className="py-2 pr-4 text-right tabular-nums">{money(line.unitPrice)}</td>
                  <td className="py-2 text-right tabular-nums">{money(line.lineAmount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
        <dl
          className="mt-4 ml-auto grid max-w-xs grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm"
          data-testid="invoice-totals"
        >
          <dt>{t('totals.subtotal')}</dt>
          <dd className="text-right tabular-nums">{money(invoice.netAmount)}</dd>
          <dt>{t('totals.shipping')}</dt>
          <dd className="text-right tabular-nums">{money(invoice.shippingAmount)}</dd>
          <dt>{t('totals.vat', { rate: vatRate(invoice.vatRateBasisPoints, locale) })}</dt>
          <dd className="text-right tabular-nums">{money(invoice.vatAmount)}</dd>
          <dt className="border-t border-line-strong pt-1 font-semibold">{t('totals.total')}</dt>
          <dd className="border-t border-line-strong pt-1 text-right font-semibold tabular-nums">
            {money(invoice.totalAmount)}
          </dd>
        </dl>
      </Section>

      {invoice.creditNotes.length > 0 ? (
        <Section title={t('detail.creditNotes')} id="invoice-credit-notes-title">
          <ul className="space-y-2 text-sm" data-testid="invoice-credit-notes">
            {invoice.creditNotes.map((note) => (
              <li key={note.invoiceNumber}>
                <Link
                  href={`/invoices/${encodeURIComponent(note.invoiceNumber)}`}
                  className="font-medium text-brand underline underline-offset-4"
                >
                  {t('detail.creditNoteLink', { number: note.invoiceNumber })}
                </Link>
                <span className="text-ink-muted">
                  {' · '}
                  {t('detail.creditNoteSummary', {
                    issued: day(note.issueDate, locale) ?? note.issueDate,
                    total: money(note.totalAmount),
                  })}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}
