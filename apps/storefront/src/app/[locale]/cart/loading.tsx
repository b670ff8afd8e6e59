import { getTranslations } from 'next-intl/server';
import { PageSkeleton } from '@/components/page-skeleton';

/** Shown while the cart's lines and totals load. */
export default async function CartLoading() {
  const t = await getTranslations('Cart');
  return (
    <PageSkeleton message={t('loading')}>
      <div className="mt-6 h-64 animate-pulse rounded-lg bg-surface-muted" />
    </PageSkeleton>
  );
}
