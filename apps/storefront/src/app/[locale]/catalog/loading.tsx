import { getTranslations } from 'next-intl/server';

/** Shown while the catalogue's products and prices load. */
export default async function CatalogLoading() {
  const t = await getTranslations('Catalog');
  return (
    <div className="py-8" aria-busy="true">
      <p role="status" className="text-ink-muted">
        {t('loading')}
      </p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
        {[0, 1, 2, 3, 4, 5].map((n) => (
          <div key={n} className="h-48 animate-pulse rounded-lg bg-surface-muted" />
        ))}
      </div>
    </div>
  );
}
