import { getTranslations } from 'next-intl/server';
import { FilterForm } from '@/components/lists/filter-form';
import type { AppLocale } from '@/i18n/routing';
import type { parseInvoiceFilter } from './filters';

/** The invoice list's filters: invoices or credit notes, issued between, and the order (web id or ERP number). */
export async function InvoiceFiltersForm({
  locale,
  filter,
}: {
  readonly locale: AppLocale;
  readonly filter: ReturnType<typeof parseInvoiceFilter>;
}) {
  const t = await getTranslations({ locale, namespace: 'Invoices.filters' });
  return (
    <FilterForm
      idPrefix="invoices"
      action={`/${locale}/invoices`}
      legend={t('legend')}
      gridClassName="sm:grid-cols-2 lg:grid-cols-4"
      apply={t('apply')}
      clear={t('reset')}
      fields={[
        {
          kind: 'select',
          name: 'kind',
          label: t('kind'),
          value: filter.kind,
          anyLabel: t('kindAny'),
          options: [
            { value: 'Invoice', label: t('kindInvoice') },
            { value: 'CreditNote', label: t('kindCreditNote') },
          ],
        },
        { kind: 'date', name: 'from', label: t('from'), value: filter.from },
        { kind: 'date', name: 'to', label: t('to'), value: filter.to },
        { kind: 'text', name: 'order', label: t('order'), value: filter.order, hint: t('orderHint') },
      ]}
    />
  );
}
