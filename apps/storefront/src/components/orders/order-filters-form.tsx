import { getTranslations } from 'next-intl/server';
import { FilterForm } from '@/components/lists/filter-form';
import type { AppLocale } from '@/i18n/routing';
import { ORDER_STATUS_FILTERS, type OrderFilter, WEB_SHOP_STATUS_FILTERS } from './filters';

/** The order history's filters: status, web shop status, submitted between, and a search. */
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
    <FilterForm
      idPrefix="orders"
      action={action}
      legend={t('filters.legend')}
      gridClassName="sm:grid-cols-2 lg:grid-cols-5"
      apply={t('filters.apply')}
      clear={t('filters.clear')}
      fields={[
        {
          kind: 'select',
          name: 'status',
          label: t('filters.status'),
          value: filter.status,
          anyLabel: t('filters.anyStatus'),
          options: ORDER_STATUS_FILTERS.map((status) => ({ value: status, label: t(`status.${status}`) })),
        },
        {
          kind: 'select',
          name: 'wss',
          label: t('filters.webShopStatus'),
          value: filter.webShopStatus,
          anyLabel: t('filters.anyWebShopStatus'),
          options: WEB_SHOP_STATUS_FILTERS.map((status) => ({
            value: status,
            label: t(`webShopStatus.${status}`),
          })),
        },
        { kind: 'date', name: 'from', label: t('filters.from'), value: filter.from },
        { kind: 'date', name: 'to', label: t('filters.to'), value: filter.to },
        {
          kind: 'search',
          name: 'q',
          label: t('filters.search'),
          value: filter.search,
          hint: t('filters.searchHint'),
        },
      ]}
    />
  );
}
