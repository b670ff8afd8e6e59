import { getTranslations } from 'next-intl/server';
import type { LineItem } from 'ordercloud-javascript-sdk';
import { ResubmitButton } from '@/components/orders/order-actions';
import type { AppLocale } from '@/i18n/routing';
import { resubmitAction } from './actions';
import { productLabel } from './order-lines';

/** Why the ERP has not taken the order (or some of its lines), and the re-submission when it may help. */
export async function OrderErpIssue({
  locale,
  orderId,
  issue,
  lineIssues,
  lineById,
  resubmittable,
}: {
  readonly locale: AppLocale;
  readonly orderId: string;
  readonly issue: string | undefined;
  /** Line item ID → the line's issue. */
  readonly lineIssues: ReadonlyMap<string, string>;
  readonly lineById: ReadonlyMap<string, LineItem>;
  readonly resubmittable: boolean;
}) {
  const t = await getTranslations({ locale, namespace: 'Orders' });
  return (
    <section
      aria-labelledby="order-erp-title"
      className="mt-8 rounded-lg border-2 border-danger bg-danger-soft p-4 sm:p-6"
      data-testid="erp-issue"
      data-issue={issue ?? 'lines'}
    >
      <h2 id="order-erp-title" className="text-xl font-semibold text-danger">
        {t('erp.title')}
      </h2>
      {issue ? <p className="mt-2 text-ink">{t(`erp.issue.${issue}`)}</p> : null}
      {lineIssues.size > 0 ? (
        <>
          <h3 className="mt-4 font-semibold">{t('erp.lineTitle')}</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {[...lineIssues].map(([lineId, lineIssue]) => {
              const line = lineById.get(lineId);
              return (
                <li key={lineId}>
                  <span className="font-medium">{line ? productLabel(line, locale) : lineId}</span>:{' '}
                  {t(`erp.lineIssue.${lineIssue as 'Error'}`)}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
      {resubmittable ? (
        <div className="mt-4">
          <ResubmitButton
            action={resubmitAction.bind(null, locale, orderId)}
            labels={{ submit: t('erp.resubmit'), pending: t('erp.resubmitting') }}
          />
        </div>
      ) : null}
    </section>
  );
}
