import { getTranslations } from 'next-intl/server';
import type { AppLocale } from '@/i18n/routing';
import type { ScheduleFormProps } from './schedule-form';

/** The schedule form's texts in the page's locale. */
export async function scheduleFormLabels(
  locale: AppLocale,
  mode: 'create' | 'edit',
): Promise<ScheduleFormProps['labels']> {
  const t = await getTranslations({ locale, namespace: 'Subscriptions.form' });
  return {
    legend: t('legend'),
    frequency: t('frequency'),
    interval: t('interval'),
    intervals: { Days: t('intervals.Days'), Weeks: t('intervals.Weeks'), Months: t('intervals.Months') },
    date: mode === 'create' ? t('firstDate') : t('nextDate'),
    endDate: t('endDate'),
    endDateHint: t('endDateHint'),
    shippingAddress: t('shippingAddress'),
    billingAddress: t('billingAddress'),
    chooseAddress: t('chooseAddress'),
    customerReference: t('customerReference'),
    customerReferenceHint: t('customerReferenceHint'),
    name: t('name'),
    submit: mode === 'create' ? t('create') : t('save'),
    submitting: t('saving'),
  };
}
