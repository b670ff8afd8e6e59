import { getTranslations } from 'next-intl/server';
import { Badge } from '@/components/account/ui';
import {
  type PaymentState,
  paymentStateOf,
  type TransferInstructions,
} from '@/components/shop/gateway-outcome';
import type { AppLocale } from '@/i18n/routing';

const TONES: Record<PaymentState, 'neutral' | 'brand' | 'danger'> = {
  Pending: 'neutral',
  Authorised: 'brand',
  Refused: 'danger',
  Expired: 'danger',
  ChargebackNotified: 'danger',
  ChargedBack: 'danger',
};

/**
 * The gateway payment's state as the middleware keeps it from the webhooks (`xp.PaymentStatus` of
 * the order and of its payment); nothing for an order paid otherwise.
 */
export async function PaymentStateBadge({
  locale,
  state,
  method,
}: {
  readonly locale: AppLocale;
  readonly state: unknown;
  readonly method?: unknown;
}) {
  const known = paymentStateOf(state);
  if (!known) return null;
  const t = await getTranslations({ locale, namespace: 'Orders.payments' });
  const transfer = known === 'Pending' && typeof method === 'string' && method.startsWith('bankTransfer');
  return (
    <span data-testid="payment-state" data-state={known}>
      <Badge tone={TONES[known]}>{t(`state.${transfer ? 'PendingTransfer' : known}`)}</Badge>
    </span>
  );
}

/** Where to transfer the money while a bank transfer is pending. */
export async function TransferInstructionsPanel({
  locale,
  instructions,
}: {
  readonly locale: AppLocale;
  readonly instructions: TransferInstructions;
}) {
  const t = await getTranslations({ locale, namespace: 'Orders.payments.transfer' });
  const rows = (['beneficiary', 'iban', 'bic', 'reference'] as const).filter((key) => instructions[key]);
  return (
    <section
      aria-labelledby="transfer-instructions-title"
      data-testid="transfer-instructions"
      className="mt-3 rounded-md border border-line bg-surface-muted p-3"
    >
      <h4 id="transfer-instructions-title" className="font-semibold">
        {t('title')}
      </h4>
      <p className="mt-1 text-sm">{t('intro')}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map((key) => (
          <div key={key} className="contents">
            <dt className="font-medium">{t(key)}</dt>
            <dd className="font-mono" data-field={key}>
              {instructions[key]}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
