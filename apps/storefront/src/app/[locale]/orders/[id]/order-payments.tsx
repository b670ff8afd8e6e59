import { getTranslations } from 'next-intl/server';
import type { OrderDetail } from '@/backend/order-history';
import { Badge, Section } from '@/components/account/ui';
import { dateTime, money } from '@/components/orders/format';
import { transactionResult } from '@/components/orders/order-amounts';
import { methodLabelKey, paidWith } from '@/components/orders/payment-methods';
import { PaymentStateBadge, TransferInstructionsPanel } from '@/components/orders/payment-state';
import { ScrollRegion } from '@/components/scroll-region';
import { paymentStateOf, storedInstructions } from '@/components/shop/gateway-outcome';
import type { AppLocale } from '@/i18n/routing';

/**
 * The order's payments and their transactions; a gateway payment also shows its method and its state
 * from the webhooks, and the transfer instructions while a bank transfer is pending.
 */
export async function OrderPayments({
  locale,
  payments,
  currency,
}: {
  readonly locale: AppLocale;
  readonly payments: OrderDetail['payments'];
  /** The order's currency, for payments that name none. */
  readonly currency: string;
}) {
  const t = await getTranslations({ locale, namespace: 'Orders' });
  return (
    <Section title={t('payments.title')} id="order-payments-title">
      {payments.length === 0 ? (
        <p className="text-ink-muted">{t('payments.none')}</p>
      ) : (
        <ul className="space-y-4">
          {payments.map((payment) => {
            const xp = (payment.xp ?? {}) as Record<string, unknown>;
            const method = typeof xp.PaymentMethod === 'string' ? xp.PaymentMethod : undefined;
            // A gift card that covered part of the order and the method that paid the rest.
            const methods = paidWith(payment.Transactions);
            const methodKey = methodLabelKey(method);
            const instructions =
              paymentStateOf(xp.PaymentStatus) === 'Pending'
                ? storedInstructions(xp.TransferInstructions)
                : undefined;
            return (
              <li key={payment.ID} className="rounded-md border border-line p-4">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="font-semibold">
                    {methods.length > 1
                      ? methods.map((key) => t(`payments.method.${key}`)).join(' + ')
                      : methodKey
                        ? t(`payments.method.${methodKey}`)
                        : payment.Type
                          ? t(`payments.type.${payment.Type as 'PurchaseOrder'}`)
                          : payment.ID}
                    {payment.Amount !== null && payment.Amount !== undefined
                      ? ` · ${money(payment.Amount, payment.Currency ?? currency, locale)}`
                      : ''}
                  </h3>
                  {paymentStateOf(xp.PaymentStatus) ? (
                    <PaymentStateBadge locale={locale} state={xp.PaymentStatus} method={method} />
                  ) : (
                    <Badge tone={payment.Accepted ? 'brand' : 'neutral'}>
                      {payment.Accepted ? t('payments.accepted') : t('payments.pending')}
                    </Badge>
                  )}
                </div>
                {instructions ? (
                  <TransferInstructionsPanel locale={locale} instructions={instructions} />
                ) : null}
                {(payment.Transactions ?? []).length > 0 ? (
                  <ScrollRegion className="mt-3" label={t('payments.transactions')}>
                    <table className="w-full min-w-[28rem] border-collapse text-left text-sm">
                      <caption className="sr-only">{t('payments.transactions')}</caption>
                      <thead>
                        <tr className="border-b border-line text-ink-muted">
                          <th scope="col" className="py-1 pr-3 font-medium">
                            {t('payments.transactionType')}
                          </th>
                          <th scope="col" className="py-1 pr-3 font-medium">
                            {t('payments.method.title')}
                          </th>
                          <th scope="col" className="py-1 pr-3 font-medium">
                            {t('payments.date')}
                          </th>
                          <th scope="col" className="py-1 pr-3 text-right font-medium">
                            {t('payments.amount')}
                          </th>
                          <th scope="col" className="py-1 font-medium">
                            {t('payments.result')}
                          </th>
                        </tr>
                      </thead>
                      <tbody>
                        {(payment.Transactions ?? []).map((transaction) => (
                          <tr key={transaction.ID} className="border-b border-line">
                            <td className="py-1 pr-3">{transaction.Type}</td>
                            <td className="py-1 pr-3">
                              {transactionMethod(transaction.xp, (key) => t(`payments.method.${key}`))}
                            </td>
                            <td className="py-1 pr-3">{dateTime(transaction.DateExecuted, locale)}</td>
                            <td className="py-1 pr-3 text-right tabular-nums">
                              {money(transaction.Amount, transaction.Currency ?? currency, locale)}
                            </td>
                            <td className="py-1">
                              {transactionResult(transaction.Succeeded, transaction.ResultMessage, {
                                succeeded: t('payments.succeeded'),
                                failed: t('payments.failed'),
                              })}
                            </td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </ScrollRegion>
                ) : (
                  <p className="mt-2 text-sm text-ink-muted">{t('payments.noTransactions')}</p>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Section>
  );
}

/** The transaction's method as the buyer names it; the raw value when the shop has no name for it. */
function transactionMethod(
  xp: unknown,
  label: (key: NonNullable<ReturnType<typeof methodLabelKey>>) => string,
) {
  const method = (xp as { PaymentMethod?: unknown } | null | undefined)?.PaymentMethod;
  const key = methodLabelKey(method);
  return key ? label(key) : typeof method === 'string' ? method : '';
}
