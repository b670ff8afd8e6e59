import { getTranslations } from 'next-intl/server';
import type { LineItem } from 'ordercloud-javascript-sdk';
import { Section } from '@/components/account/ui';
import { dateTime } from '@/components/orders/format';
import type { ShipmentView } from '@/components/orders/shipments';
import type { AppLocale } from '@/i18n/routing';
import { productLabel } from './order-lines';

/** The order's shipments: carrier, tracking, dates, containers and what each one holds. */
export async function OrderShipments({
  locale,
  shipments,
  lineById,
}: {
  readonly locale: AppLocale;
  readonly shipments: readonly ShipmentView[];
  readonly lineById: ReadonlyMap<string, LineItem>;
}) {
  const t = await getTranslations({ locale, namespace: 'Orders' });
  return (
    <Section title={t('shipments.title')} id="order-shipments-title">
      {shipments.length === 0 ? (
        <p className="text-ink-muted">{t('shipments.none')}</p>
      ) : (
        <ul className="space-y-4" data-testid="shipments">
          {shipments.map((shipment) => (
            <li key={shipment.id} className="rounded-md border border-line p-4">
              <h3 className="font-semibold">{t('shipments.shipment', { id: shipment.id })}</h3>
              <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
                {shipment.carrier ? (
                  <>
                    <dt className="text-ink-muted">{t('shipments.carrier')}</dt>
                    <dd>{shipment.carrier}</dd>
                  </>
                ) : null}
                {shipment.trackingNumber ? (
                  <>
                    <dt className="text-ink-muted">{t('shipments.trackingNumber')}</dt>
                    <dd>
                      {shipment.trackingUrl ? (
                        <a
                          href={shipment.trackingUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-brand underline underline-offset-4"
                          data-testid="tracking-link"
                        >
                          {shipment.trackingNumber}
                          <span className="sr-only">
                            {' '}
                            {t('shipments.track', { number: shipment.trackingNumber })}{' '}
                            {t('shipments.newWindow')}
                          </span>
                        </a>
                      ) : (
                        shipment.trackingNumber
                      )}
                    </dd>
                  </>
                ) : null}
                {shipment.shippedAt ? (
                  <>
                    <dt className="text-ink-muted">{t('shipments.shipped')}</dt>
                    <dd>{dateTime(shipment.shippedAt, locale)}</dd>
                  </>
                ) : null}
                {shipment.deliveredAt ? (
                  <>
                    <dt className="text-ink-muted">{t('shipments.delivered')}</dt>
                    <dd>{dateTime(shipment.deliveredAt, locale)}</dd>
                  </>
                ) : null}
                {shipment.containers.length > 0 ? (
                  <>
                    <dt className="text-ink-muted">{t('shipments.containers')}</dt>
                    <dd>{shipment.containers.join(', ')}</dd>
                  </>
                ) : null}
                {shipment.items.length > 0 ? (
                  <>
                    <dt className="text-ink-muted">{t('shipments.items')}</dt>
                    <dd>
                      {shipment.items
                        .map((item) => {
                          const line = lineById.get(item.lineItemId);
                          return t('shipments.itemLine', {
                            quantity: item.quantity,
                            product: line ? productLabel(line, locale) : item.lineItemId,
                          });
                        })
                        .join(', ')}
                    </dd>
                  </>
                ) : null}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
