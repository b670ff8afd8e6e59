import { getTranslations } from 'next-intl/server';
import type { AppLocale } from '@/i18n/routing';
import { day } from './format';
import { showsExpectedShipDate } from './order-amounts';
import { webShopTimeline } from './order-status';

/** The WebShopStatus timeline as an ordered list; each step says in words whether it is done. */
export async function OrderTimeline({
  locale,
  orderId,
  webShopStatus,
  confirmedShippingDate,
}: {
  readonly locale: AppLocale;
  readonly orderId: string;
  readonly webShopStatus: string | undefined;
  readonly confirmedShippingDate: string | undefined;
}) {
  const t = await getTranslations({ locale, namespace: 'Orders.timeline' });
  const steps = webShopTimeline(webShopStatus);
  const shipDate = showsExpectedShipDate(webShopStatus) ? day(confirmedShippingDate, locale) : undefined;
  return (
    <ol
      aria-label={t('label', { id: orderId })}
      className="grid gap-3 sm:grid-cols-4"
      data-testid="order-timeline"
    >
      {steps.map((step, index) => {
        const cancelled = step.key === 'Cancelled';
        const marker =
          step.state === 'done'
            ? cancelled
              ? 'border-danger bg-danger text-on-brand'
              : 'border-brand bg-brand text-on-brand'
            : step.state === 'current'
              ? 'border-brand bg-brand-soft text-brand'
              : 'border-line-strong bg-surface text-ink-muted';
        return (
          <li
            key={step.key}
            data-step={step.key}
            data-state={step.state}
            aria-current={step.state === 'current' ? 'step' : undefined}
            className="flex items-start gap-3"
          >
            <span
              aria-hidden="true"
              className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-bold ${marker}`}
            >
              {step.state === 'done' ? (cancelled ? '✕' : '✓') : index + 1}
            </span>
            <div>
              <p className={`font-semibold ${step.state === 'upcoming' ? 'text-ink-muted' : 'text-ink'}`}>
                {step.partial ? t('partlyShipped') : t(`step.${step.key}`)}
                <span className="sr-only"> ({t(`state.${step.state}`)})</span>
              </p>
              {step.key === 'Confirmed' && shipDate && step.state !== 'upcoming' ? (
                <p className="text-sm text-ink-muted">{t('confirmedShippingDate', { date: shipDate })}</p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
