import { getTranslations } from 'next-intl/server';

/** Shown while an order page loads (streamed first). */
export default async function OrdersLoading() {
  const t = await getTranslations('Orders');
  return (
    <div className="py-16" role="status" aria-live="polite">
      <p className="animate-pulse text-ink-muted">{t('loading')}</p>
    </div>
  );
}
