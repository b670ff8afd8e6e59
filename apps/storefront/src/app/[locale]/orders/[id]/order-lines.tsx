import { getTranslations } from 'next-intl/server';
import type { LineItem } from 'ordercloud-javascript-sdk';
import type { OrderDetail } from '@/backend/order-history';
import { Section } from '@/components/account/ui';
import { day, money } from '@/components/orders/format';
import { lineAmounts } from '@/components/orders/order-amounts';
import { ScrollRegion } from '@/components/scroll-region';
import { catalogTexts } from '@/format/catalog-texts';
import type { AppLocale } from '@/i18n/routing';

/** The line's product name in the buyer's language. */
export function productLabel(line: LineItem, locale: AppLocale): string {
  return catalogTexts(locale).productName(line.Product, line.ProductID);
}

/** A line's total, with its subtotal and discount above it when a promotion took something off. */
function LineTotalCell({
  amounts,
  format,
  discountLabel,
}: {
  readonly amounts: ReturnType<typeof lineAmounts>;
  readonly format: (amount: number) => string;
  readonly discountLabel: string;
}) {
  if (amounts.discount <= 0) return <>{format(amounts.total)}</>;
  return (
    <>
      <span className="block text-sm text-ink-muted">{format(amounts.subtotal)}</span>
      <span className="block text-sm text-ink-muted">
        {discountLabel} −{format(amounts.discount)}
      </span>
      <span className="block font-medium">{format(amounts.total)}</span>
    </>
  );
}

/**
 * The order's lines (ordered and shipped quantities, prices, discounts) and its totals in the order
 * they add up: subtotal, discount, shipping, fees, VAT, total.
 */
export async function OrderLines({
  locale,
  order,
  lines,
  shippedByLine,
}: {
  readonly locale: AppLocale;
  readonly order: OrderDetail['order'];
  readonly lines: OrderDetail['lines'];
  /** Line item ID → quantity shipped, counting the ERP's shipments too. */
  readonly shippedByLine: ReadonlyMap<string, number>;
}) {
  const t = await getTranslations({ locale, namespace: 'Orders' });
  const tFields = await getTranslations({ locale, namespace: 'OrderFields.shown' });
  const currency = order.Currency;
  return (
    <Section title={t('lines.title')} id="order-lines-title">
      <ScrollRegion labelledBy="order-lines-title">
        <table className="w-full min-w-[36rem] border-collapse text-left">
          <thead>
            <tr className="border-b border-line-strong text-sm text-ink-muted">
              <th scope="col" className="py-2 pr-4 font-medium">
                {t('lines.product')}
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                {t('lines.quantity')}
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                {t('lines.shipped')}
              </th>
              <th scope="col" className="py-2 pr-4 text-right font-medium">
                {t('lines.unitPrice')}
              </th>
              <th scope="col" className="py-2 text-right font-medium">
                {t('lines.lineTotal')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => (
              <tr key={line.ID} className="border-b border-line align-top">
                <th scope="row" className="py-3 pr-4 font-medium">
                  {productLabel(line, locale)}
                  <span className="block text-sm font-normal text-ink-muted">
                    {line.ProductID}
                    {line.xp?.ErpLineNumber
                      ? ` · ${t('lines.erpLine', { number: line.xp.ErpLineNumber })}`
                      : ''}
                  </span>
                  {(line.Specs ?? []).length > 0 ? (
                    <span className="block text-sm font-normal text-ink-muted">
                      {(line.Specs ?? [])
                        .map((spec) => `${spec.Name ?? spec.SpecID}: ${spec.Value ?? spec.OptionID ?? ''}`)
                        .join(' · ')}
                    </span>
                  ) : null}
                  {line.DateNeeded || line.CostCenter ? (
                    <span
                      className="block text-sm font-normal text-ink-muted"
                      data-testid="order-line-fields"
                    >
                      {[
                        line.DateNeeded ? `${tFields('dateNeeded')}: ${day(line.DateNeeded, locale)}` : null,
                        line.CostCenter ? `${tFields('costCenter')}: ${line.CostCenter}` : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  ) : null}
                </th>
                <td className="py-3 pr-4 text-right tabular-nums">{line.Quantity}</td>
                <td className="py-3 pr-4 text-right tabular-nums">
                  {Math.max(line.QuantityShipped ?? 0, shippedByLine.get(line.ID) ?? 0)}
                </td>
                <td className="py-3 pr-4 text-right tabular-nums" data-testid="order-line-unit-price">
                  {money(line.UnitPrice, currency, locale)}
                </td>
                <td className="py-3 text-right tabular-nums" data-testid="order-line-total">
                  <LineTotalCell
                    amounts={lineAmounts(line)}
                    format={(amount) => money(amount, currency, locale)}
                    discountLabel={t('totals.discount')}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <dl className="mt-4 ml-auto grid max-w-xs grid-cols-2 gap-y-1 text-sm" aria-label={t('totals.title')}>
        <dt className="text-ink-muted">{t('totals.subtotal')}</dt>
        <dd className="text-right tabular-nums">{money(order.Subtotal, currency, locale)}</dd>
        {order.PromotionDiscount ? (
          <>
            <dt className="text-ink-muted">{t('totals.discount')}</dt>
            <dd className="text-right tabular-nums">−{money(order.PromotionDiscount, currency, locale)}</dd>
          </>
        ) : null}
        <dt className="text-ink-muted">{t('totals.shipping')}</dt>
        <dd className="text-right tabular-nums">{money(order.ShippingCost, currency, locale)}</dd>
        {order.Fees ? (
          <>
            <dt className="text-ink-muted">{t('totals.fees')}</dt>
            <dd className="text-right tabular-nums">{money(order.Fees, currency, locale)}</dd>
          </>
        ) : null}
        <dt className="text-ink-muted">{t('totals.tax')}</dt>
        <dd className="text-right tabular-nums">{money(order.TaxCost, currency, locale)}</dd>
        <dt className="border-t border-line pt-1 font-semibold">{t('totals.total')}</dt>
        <dd
          className="border-t border-line pt-1 text-right font-semibold tabular-nums"
          data-testid="order-total"
        >
          {money(order.Total, currency, locale)}
        </dd>
      </dl>
    </Section>
  );
}
