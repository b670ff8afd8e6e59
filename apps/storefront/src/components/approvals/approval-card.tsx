import { getTranslations } from 'next-intl/server';
import type { Order, RequiredDeep } from 'ordercloud-javascript-sdk';
import type { ApprovalCardDetails } from '@/backend/approval-cards';
import { dateTime, money } from '@/components/orders/format';
import { ScrollRegion } from '@/components/scroll-region';
import { Link } from '@/i18n/link';
import type { AppLocale } from '@/i18n/routing';

/**
 * One order waiting for the buyer's approval: who ordered it and when, its lines, the rule that
 * stopped it, and (as `children`) the approve / decline form.
 */
export async function ApprovalCard({
  locale,
  order,
  details,
  children,
}: {
  readonly locale: AppLocale;
  readonly order: RequiredDeep<Order>;
  readonly details: ApprovalCardDetails;
  readonly children: React.ReactNode;
}) {
  const t = await getTranslations({ locale, namespace: 'Approvals' });
  const headingId = `approval-${order.ID}`;
  return (
    <article
      aria-labelledby={headingId}
      className="grid gap-6 rounded-lg border border-line p-4 sm:p-6 md:grid-cols-[1fr_minmax(16rem,24rem)]"
    >
      <div className="min-w-0">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('order', { id: order.ID })}
        </h2>
        <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1">
          <dt className="text-ink-muted">{t('from')}</dt>
          <dd>
            {[order.FromUser?.FirstName, order.FromUser?.LastName].filter(Boolean).join(' ') ||
              order.FromUserID}
          </dd>
          <dt className="text-ink-muted">{t('submitted')}</dt>
          <dd>{dateTime(order.DateSubmitted ?? order.LastUpdated ?? order.DateCreated, locale) ?? '—'}</dd>
          <dt className="text-ink-muted">{t('total')}</dt>
          <dd className="font-semibold tabular-nums">
            {money(order.Total, order.Currency, locale)}{' '}
            <span className="font-normal text-ink-muted">
              ({t('lines', { count: order.LineItemCount ?? 0 })})
            </span>
          </dd>
        </dl>
        {details.rules.length > 0 ? (
          <div className="mt-3 rounded-md bg-surface-muted px-3 py-2 text-sm" data-testid="approval-rule">
            <p className="font-medium">{t('ruleTitle')}</p>
            <ul className="mt-1 list-disc pl-5">
              {details.rules.map((rule) => (
                <li key={rule.id}>
                  {rule.threshold
                    ? t('ruleThreshold', {
                        amount: money(rule.threshold.amount, rule.threshold.currency, locale),
                      })
                    : (rule.name ?? t('ruleNamed', { id: rule.id }))}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {details.lines.length > 0 ? (
          <ScrollRegion className="mt-4" label={t('linesCaption', { id: order.ID ?? '' })}>
            <table className="w-full text-left text-sm" data-testid="approval-lines">
              <caption className="sr-only">{t('linesCaption', { id: order.ID })}</caption>
              <thead className="text-ink-muted">
                <tr>
                  <th scope="col" className="py-1 pr-3 font-medium">
                    {t('item')}
                  </th>
                  <th scope="col" className="py-1 pr-3 text-right font-medium">
                    {t('quantity')}
                  </th>
                  <th scope="col" className="py-1 text-right font-medium">
                    {t('lineTotal')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {details.lines.map((line) => (
                  <tr key={line.ID} className="border-t border-line">
                    <td className="py-1 pr-3">
                      <span className="block">{line.Product?.Name || line.ProductID}</span>
                      <span className="block text-xs text-ink-muted">{line.ProductID}</span>
                    </td>
                    <td className="py-1 pr-3 text-right tabular-nums">{line.Quantity}</td>
                    <td className="py-1 text-right tabular-nums">
                      {money(line.LineTotal, order.Currency, locale)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        ) : null}
        <p className="mt-3">
          <Link
            href={`/orders/${encodeURIComponent(order.ID)}`}
            className="text-brand underline underline-offset-4"
          >
            {t('view', { id: order.ID })}
          </Link>
        </p>
      </div>
      {children}
    </article>
  );
}
