import { getTranslations } from 'next-intl/server';
import type { Availability } from '@/backend/availability';
import { stateMessageKey } from '@/backend/availability';
import { Link } from '@/i18n/link';
import type { AppLocale } from '@/i18n/locales';

/**
 * A sales item's availability: why it cannot be ordered (with a link to its successor), or its stock
 * or lead time and the expected delivery date.
 */
export async function ItemAvailability({
  locale,
  availability,
}: {
  locale: AppLocale;
  availability: Availability;
}) {
  const t = await getTranslations({ locale, namespace: 'ItemAvailability' });
  const { successor } = availability;
  if (!availability.orderable) {
    return (
      <div className="mt-3 rounded-md border border-line-strong p-3 text-sm" data-testid="item-not-orderable">
        <p className="font-medium" data-state={availability.state}>
          {t(stateMessageKey(availability.state))}
        </p>
        {successor ? (
          <p className="mt-1">
            {t('successor', { item: successor })}{' '}
            <Link
              href={`/items/${encodeURIComponent(successor)}`}
              className="text-brand underline underline-offset-2"
              data-testid="successor-link"
            >
              {t('successorLink', { item: successor })}
            </Link>
          </p>
        ) : null}
      </div>
    );
  }
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
    availability.expectedDelivery,
  );
  const inStock = availability.stock !== undefined && availability.stock > 0;
  return (
    <div className="mt-3 text-sm" data-testid="item-availability">
      {availability.stock === undefined ? null : inStock ? (
        <p>{t('inStock', { count: availability.stock.toLocaleString(locale) })}</p>
      ) : availability.leadTimeDays !== undefined ? (
        <p>{t('shipsIn', { days: availability.leadTimeDays })}</p>
      ) : null}
      <p data-testid="expected-delivery">{t('expectedDelivery', { date })}</p>
    </div>
  );
}
