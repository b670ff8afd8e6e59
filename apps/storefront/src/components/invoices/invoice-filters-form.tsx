import { getTranslations } from 'next-intl/server';
import { Link } from '@/i18n/link';
import type { AppLocale } from '@/i18n/routing';
import type { parseInvoiceFilter } from './filters';

/** The filters as a plain GET form: they live in the URL, so the back button works without JavaScript. */
export async function InvoiceFiltersForm({
  locale,
  filter,
}: {
  readonly locale: AppLocale;
  readonly filter: ReturnType<typeof parseInvoiceFilter>;
}) {
  const t = await getTranslations({ locale, namespace: 'Invoices.filters' });
  return (
    <form
      method="get"
      action={`/${locale}/invoices`}
      className="rounded-lg border border-line bg-surface-muted p-4"
    >
      <fieldset>
        <legend className="font-semibold">{t('legend')}</legend>
        <div className="mt-3 grid gap-4 sm:grid-cols-3">
          <div>
            <label htmlFor="invoices-from" className="block text-sm font-medium">
              {t('from')}
            </label>
            <input
              id="invoices-from"
              name="from"
              type="date"
              defaultValue={filter.from ?? ''}
              className="field-input"
            />
          </div>
          <div>
            <label htmlFor="invoices-to" className="block text-sm font-medium">
              {t('to')}
            </label>
            <input
              id="invoices-to"
              name="to"
              type="date"
              defaultValue={filter.to ?? ''}
              className="field-input"
            />
          </div>
          <div>
            <label htmlFor="invoices-order" className="block text-sm font-medium">
              {t('order')}
            </label>
            <input
              id="invoices-order"
              name="order"
              type="text"
              maxLength={100}
              defaultValue={filter.order ?? ''}
              aria-describedby="invoices-order-hint"
              className="field-input"
            />
            <p id="invoices-order-hint" className="mt-1 text-xs text-ink-muted">
              {t('orderHint')}
            </p>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" className="button-primary">
            {t('apply')}
          </button>
          <Link href="/invoices" className="button-secondary">
            {t('reset')}
          </Link>
        </div>
      </fieldset>
    </form>
  );
}
