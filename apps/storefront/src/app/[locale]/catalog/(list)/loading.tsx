import { getTranslations } from 'next-intl/server';
import { PageSkeleton } from '@/components/page-skeleton';

/** Shown while the catalogue's products and prices load. */
export default async function CatalogLoading() {
  const t = await getTranslations('Catalog');
  return (
    <PageSkeleton message={t('loading')}>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <div key={n} className="h-48 animate-pulse rounded-lg bg-surface-muted" />
        ))}
      </div>
    </PageSkeleton>
  );
}
