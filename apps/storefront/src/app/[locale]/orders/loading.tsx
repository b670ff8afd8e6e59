import { getTranslations } from 'next-intl/server';
import { PageSkeleton } from '@/components/page-skeleton';

/** Shown while an order page loads (streamed first). */
export default async function OrdersLoading() {
  const t = await getTranslations('Orders');
  return <PageSkeleton message={t('loading')} />;
}
