import { getTranslations } from 'next-intl/server';
import { invoicesOfOrder } from '@/backend/invoices';
import { Section } from '@/components/account/ui';
import { invoiceMoney } from '@/components/invoices/format';
import { day } from '@/components/orders/format';
import { Link } from '@/i18n/link';
import type { AppLocale } from '@/i18n/routing';

/**
 * The order's invoices (the ERP issues one when the order has shipped in full) and credit notes, each
 * linking to its page.
 */
export async function OrderInvoices({
  locale,
  token,
  orderId,
}: {
  readonly locale: AppLocale;
  readonly token: string;
  readonly orderId: string;
}) {
  const [t, invoices] = await Promise.all([
    getTranslations({ locale, namespace: 'Invoices.order' }),
    invoicesOfOrder(token, orderId),
  ]);
  return (
    <Section title={t('title')} id="order-invoices-title">
      {invoices.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('none')}</p>
      ) : (
        <ul className="space-y-2" data-testid="order-invoices">
          {invoices.map((invoice) => (
            <li key={invoice.invoiceNumber}>
              <Link
                href={`/invoices/${encodeURIComponent(invoice.invoiceNumber)}`}
                className="font-medium text-brand underline underline-offset-4"
              >
                {t(invoice.kind === 'CreditNote' ? 'creditNoteLink' : 'link', {
                  number: invoice.invoiceNumber,
                })}
              </Link>
              <span className="text-sm text-ink-muted">
                {' · '}
                {invoice.kind === 'CreditNote'
                  ? t('creditNoteSummary', {
                      issued: day(invoice.issueDate, locale) ?? invoice.issueDate,
                      total: invoiceMoney(invoice.totalAmount, invoice.currency, locale),
                    })
                  : t('summary', {
                      issued: day(invoice.issueDate, locale) ?? invoice.issueDate,
                      due: day(invoice.dueDate, locale) ?? invoice.dueDate,
                      total: invoiceMoney(invoice.totalAmount, invoice.currency, locale),
                    })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
