import { getTranslations } from 'next-intl/server';
import { PageSkeleton } from '@/components/page-skeleton';

/** Shown while the family's sales items and the customer's price load. */
export default async function ConfiguratorLoading() {
  const t = await getTranslations('Configurator');
  return (
    <PageSkeleton message={t('loading')}>
      <div className="mt-6 h-96 animate-pulse rounded-lg bg-surface-muted" />
    </PageSkeleton>
  );
}
