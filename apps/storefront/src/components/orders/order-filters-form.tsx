import { getTranslations } from 'next-intl/server';
import type { AppLocale } from '@/i18n/routing';
import { ORDER_STATUS_FILTERS, type OrderFilter, WEB_SHOP_STATUS_FILTERS } from './filters';

/**
 * The filters as a plain GET form: the filter lives in the URL, so it is shareable, the back button
 * works, and it needs no JavaScript.
 */
export async function OrderFiltersForm({
  locale,
  filter,
  action,
}: {
  readonly locale: AppLocale;
  readonly filter: OrderFilter;
  readonly action: string;
}) {
  const t = await getTranslations({ locale, namespace: 'Orders' });
  return (
    <form method="get" action={action} className="rounded-lg border border-line bg-surface-muted p-4">
      <fieldset>
        <legend className="font-semibold">{t('filters.legend')}</legend>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <div>
            <label htmlFor="orders-status" className="block text-sm font-medium">
              {t('filters.status')}
            </label>
            <select
              id="orders-status"
              name="status"
              defaultValue={filter.status ?? ''}
              className="field-input"
            >
              <option value="">{t('filters.anyStatus')}</option>
              {ORDER_STATUS_FILTERS.map((status) => (
                <option key={status} value={status}>
                  {t(`status.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="orders-wss" className="block text-sm font-medium">
              {t('filters.webShopStatus')}
            </label>
            <select
              id="orders-wss"
              name="wss"
              defaultValue={filter.webShopStatus ?? ''}
              className="field-input"
            >
              <option value="">{t('filters.anyWebShopStatus')}</option>
              {WEB_SHOP_STATUS_FILTERS.map((status) => (
                <option key={status} value={status}>
                  {t(`webShopStatus.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="orders-from" className="block text-sm font-medium">
              {t('filters.from')}
            </label>
            <input
              id="orders-from"
              name="from"
              type="date"
              defaultValue={filter.from ?? ''}
              className="field-input"
            />
          </div>
          <div>
            <label htmlFor="orders-to" className="block text-sm font-medium">
              {t('filters.to')}
            </label>
            <input
              id="orders-to"
              name="to"
              type="date"
              defaultValue={filter.to ?? ''}
              className="field-input"
            />
          </div>
          <div>
            <label htmlFor="orders-q" className="block text-sm font-medium">
              {t('filters.search')}
            </label>
            <input
              id="orders-q"
              name="q"
              type="search"
              maxLength={100}
              defaultValue={filter.search ?? ''}
              aria-describedby="orders-q-hint"
              className="field-input"
            />
            <p id="orders-q-hint" className="mt-1 text-xs text-ink-muted">
              {t('filters.searchHint')}
            </p>
          </div>
        </div>
        <div className="mt-4 flex flex-wrap gap-3">
          <button type="submit" className="button-primary py-2">
            {t('filters.apply')}
          </button>
          <a href={action} className="button-secondary py-2">
            {t('filters.clear')}
          </a>
        </div>
      </fieldset>
    </form>
  );
}
