import { formatAmount } from '../../core/amount.ts';
import type { ElementStatus } from '../../core/callbacks.ts';
import type { Checkout } from '../../core/checkout.ts';

/** The pay label: "Pay €10.00", the save-details label for a zero amount unless a stored card pays. */
export function payButtonLabel(checkout: Checkout, options: { storedCard?: boolean } = {}): string {
  const { i18n } = checkout;
  // With an order open, what is left to pay.
  const amount = checkout.order?.remainingAmount ?? checkout.amount;
  if (!amount) return i18n.get('payButton');
  if (amount.value === 0)
    return i18n.get(options.storedCard ? 'confirmPreauthorization' : 'payButton.saveDetails');
  return i18n.get('payButton.with', { value: formatAmount(amount, i18n.locale) });
}

export function PayButton({
  label,
  status,
  onClick,
}: {
  label: string;
  status: ElementStatus;
  onClick(): void;
}) {
  const loading = status === 'loading';
  return (
    <button
      type="button"
      className={`actuate-checkout__button actuate-checkout__button--pay${loading ? ' actuate-checkout__button--loading' : ''}`}
      aria-disabled={loading}
      onClick={() => {
        if (!loading) onClick();
      }}
    >
      {loading ? <span className="actuate-checkout__spinner" aria-hidden="true" /> : null}
      <span>{label}</span>
    </button>
  );
}

/** A message the shopper must notice: the last attempt failed, with the reason. */
export function StatusMessage({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <div className="actuate-checkout__alert" role="alert">
      {message}
    </div>
  );
}

export function Spinner({ label }: { label: string }) {
  return (
    <div className="actuate-checkout__loading" role="status">
      <span className="actuate-checkout__spinner" aria-hidden="true" />
      <span className="actuate-checkout__visually-hidden">{label}</span>
    </div>
  );
}
