import { getTranslations } from 'next-intl/server';

export default async function CartLoading() {
  const t = await getTranslations('Cart');
  return (
    <div className="py-8" aria-busy="true">
      <p role="status" className="text-ink-muted">
        {t('loading')}
      </p>
      <div className="mt-6 h-64 animate-pulse rounded-lg bg-surface-muted" aria-hidden="true" />
    </div>
  );
}
